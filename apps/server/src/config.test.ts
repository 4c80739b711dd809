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

  it('issue 3: outbox SMS, no channel 1, uploads under DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/data' });
    expect(config.sms).toEqual({ provider: 'outbox', httpUrl: undefined, httpToken: undefined });
    expect(config.slider).toBeNull();
    expect(config.uploadDir).toBe('/srv/data/private/uploads');
  });

  it('issue 8: keeps the key file outside the data folder, in the user config folder by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data', HOME: '/home/ops' }).dataKey).toEqual({
      file: '/home/ops/.config/agent-console/data.key',
      legacyFile: '/srv/data/secret.key',
    });
    expect(loadConfig({ DATA_DIR: '/srv/data', XDG_CONFIG_HOME: '/etc/xdg-ops' }).dataKey).toMatchObject({
      file: '/etc/xdg-ops/agent-console/data.key',
    });
    expect(
      loadConfig({ DATA_DIR: '/srv/data', DATA_KEY_FILE: 'keys/console.key', INIT_CWD: '/srv' }).dataKey,
    ).toMatchObject({ file: '/srv/keys/console.key' });
  });

  it('issue 8: refuses a key file inside the data folder (a copy of the data would carry the key)', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/data', DATA_KEY_FILE: '/srv/data/keys/data.key' })).toThrow(
      /DATA_KEY_FILE must not be inside DATA_DIR/,
    );
    expect(() => loadConfig({ DATA_DIR: '/home/ops', HOME: '/home/ops' })).toThrow(/DATA_KEY_FILE/);
    // Beside it is fine, and DATA_KEY needs no file at all.
    expect(loadConfig({ DATA_DIR: '/srv/data', DATA_KEY_FILE: '/srv/data.key' }).dataKey).toMatchObject({
      file: '/srv/data.key',
    });
    const key = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ DATA_DIR: '/home/ops', HOME: '/home/ops', DATA_KEY: key }).dataKey).toEqual({
      base64: key,
      legacyFile: '/home/ops/secret.key',
    });
  });

  it('issue 3: takes the HTTP SMS provider, channel 1, UPLOAD_DIR and DATA_KEY', () => {
    const key = Buffer.alloc(32, 3).toString('base64');
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send',
      SMS_HTTP_TOKEN: 't',
      CAPTCHA1_VERIFY_URL: 'https://captcha.example.com/verify',
      CAPTCHA1_APP_ID: 'app',
      UPLOAD_DIR: '/var/uploads',
      DATA_KEY: key,
    });
    expect(config.sms).toEqual({ provider: 'http', httpUrl: 'https://sms.example.com/send', httpToken: 't' });
    expect(config.slider).toEqual({ verifyUrl: 'https://captcha.example.com/verify', appId: 'app' });
    expect(config.uploadDir).toBe('/var/uploads');
    expect(config.dataKey).toMatchObject({ base64: key });
  });

  it('issue 3: refuses uploads inside WEB_DIST, http SMS without a URL, and a short DATA_KEY', () => {
    expect(() => loadConfig({ WEB_DIST: '/srv/web', UPLOAD_DIR: '/srv/web/uploads' })).toThrow(/UPLOAD_DIR/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ DATA_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/DATA_KEY/);
  });

  it('issue 9: reads INGEST_KEYS (id:secret,…) and DEMO_TRAFFIC, refusing what does not fit', () => {
    expect(loadConfig({})).toMatchObject({ ingestKeys: [], demoTraffic: 'full' });
    const config = loadConfig({
      INGEST_KEYS: ' main:0123456789abcdef , backup:s3cr3t-s3cr3t-s3cr3t:x ',
      DEMO_TRAFFIC: 'small',
    });
    expect(config.ingestKeys).toEqual([
      { id: 'main', secret: '0123456789abcdef' },
      { id: 'backup', secret: 's3cr3t-s3cr3t-s3cr3t:x' },
    ]);
    expect(config.demoTraffic).toBe('small');
    for (const bad of [
      'main',
      'main:short',
      'bad id:0123456789abcdef',
      'a:0123456789abcdef,a:0123456789abcdef',
    ])
      expect(() => loadConfig({ INGEST_KEYS: bad })).toThrow('INGEST_KEYS');
    expect(() => loadConfig({ DEMO_TRAFFIC: 'lots' })).toThrow('DEMO_TRAFFIC');
  });
});
