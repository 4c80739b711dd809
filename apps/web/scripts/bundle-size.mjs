// Gzipped JavaScript a browser loads to show /login: the entry chunk, the login route's chunk and
// everything they import statically (from the Vite manifest). Run after `vite build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_KB = 200;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const collect = (key, seen) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = Object.keys(manifest).find((k) => k.endsWith('routes/auth/login.tsx'));
if (!entry || !login) throw new Error('entry or login chunk not found in the manifest');

const keys = new Set();
collect(entry, keys);
collect(login, keys);

let total = 0;
const rows = [...keys].map((key) => {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  return { file, kb: (gz / 1024).toFixed(1) };
});
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
for (const row of rows) console.log(`${row.kb.padStart(7)} KB  ${row.file}`);
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  gzipped JS for /login (limit ${LIMIT_KB} KB)`);
if (totalKb > LIMIT_KB) process.exitCode = 1;
