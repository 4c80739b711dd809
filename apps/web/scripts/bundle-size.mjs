// Gzipped JavaScript a browser loads to show a route cold, from the Vite manifest (run after
// `vite build`): the entry chunk, the route's lazy chunks and everything they import statically.
// /login: the entry and the login screen. A screen after login (/agent-mgt, /order-details): the
// entry, the antd shell, the layout and the screen. `npm run bench:web` measures the same in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What every screen after login loads before its own module: the antd shell and the layout. */
const SHELL = ['app/shell/antd-shell.tsx', 'app/layout/app-layout.tsx'];
/** A screen after login, by its route and its module under src/ (a new screen: one line below). */
const screen = (path, module, limitKb = 350) => ({ path, limitKb, modules: [...SHELL, module] });

const ROUTES = [
  { path: '/login', limitKb: 200, modules: ['app/routes/auth/login.tsx'] },
  screen('/agent-mgt', 'app/routes/agent-mgt/agent-mgt.tsx'),
  screen('/order-details', 'app/routes/order-details/order-details.tsx'),
  // Its charts (ECharts) load after the screen, as their own chunk: not counted here.
  screen('/summary-stats', 'app/routes/summary-stats/summary-stats.tsx'),
];

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const collect = (key, seen) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
};

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');

for (const route of ROUTES) {
  const keys = new Set();
  collect(entry, keys);
  for (const module of route.modules) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`src/${module}`));
    if (!key) throw new Error(`${module} not found in the manifest`);
    collect(key, keys);
  }
  const rows = [...keys].map((key) => ({ file: manifest[key].file, bytes: gzipSize(manifest[key].file) }));
  rows.sort((a, b) => b.bytes - a.bytes);
  console.log(`${route.path}: ${rows.length} files`);
  for (const row of rows) console.log(`${(row.bytes / 1024).toFixed(1).padStart(7)} KB  ${row.file}`);
  const totalKb = rows.reduce((sum, row) => sum + row.bytes, 0) / 1024;
  const over = totalKb > route.limitKb;
  console.log(
    `${totalKb.toFixed(1).padStart(7)} KB  gzipped JS for ${route.path} (limit ${route.limitKb} KB)${over ? ': OVER' : ''}\n`,
  );
  if (over) process.exitCode = 1;
}
