import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('has defaults for everything: PGlite in <repo>/data, port 8080 on 127.0.0.1', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve(REPO_ROOT, 'data'),
      database: { driver: 'pglite', dataDir: resolve(REPO_ROOT, 'data', 'pglite') },
      logLevel: 'info',
      webDist: resolve(REPO_ROOT, 'apps/web/dist'),
      session: { idleMinutes: 120, absoluteHours: 168, cookieSecure: false },
      demoSeed: true,
      trustProxy: false,
      allowedOrigins: [],
    });
  });

  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    const config = loadConfig({ DATA_DIR: 'my-data', INIT_CWD: '/srv/console' });
    expect(config.dataDir).toBe('/srv/console/my-data');
    expect(config.database).toEqual({ driver: 'pglite', dataDir: '/srv/console/my-data/pglite' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/console' });
    expect(config.database).toEqual({ driver: 'pg', url: 'postgres://app@db:5432/console' });
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      PORT: '9000',
      COOKIE_SECURE: 'true',
      DEMO_SEED: '0',
      SESSION_IDLE_MINUTES: '30',
      ALLOWED_ORIGINS: 'http://localhost:5173/, https://console.example.com',
    });
    expect(config.port).toBe(9000);
    expect(config.session).toEqual({ idleMinutes: 30, absoluteHours: 168, cookieSecure: true });
    expect(config.demoSeed).toBe(false);
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'https://console.example.com']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses an invalid environment %o, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
