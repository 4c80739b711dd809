import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, findPostgresServer } from './postgres';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

/**
 * Gives the server-pg project a PostgreSQL: a reachable server, or else a throwaway cluster on
 * 127.0.0.1 in a temp folder, stopped and removed at the end. initdb refuses to run as root, so
 * under root the cluster runs as the `postgres` user.
 */
export default async function setup(project: TestProject) {
  const server = await findPostgresServer();
  if (server) {
    project.provide('pgAdminUrl', server);
    return;
  }
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('no PostgreSQL server and no binaries (the config should have skipped)');

  const dir = mkdtempSync(join(tmpdir(), 'ac-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
    'start',
  ]);
  project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  console.info(
    `server-pg: no PostgreSQL reachable; started a throwaway cluster (${bin}) on 127.0.0.1:${port}`,
  );

  return () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
