import { homedir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: this file lives in apps/server/src. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the database lives: PostgreSQL by URL, or PGlite in a folder (null: in memory, tests only). */
export type DatabaseTarget = { driver: 'pg'; url: string } | { driver: 'pglite'; dataDir: string | null };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: optionalText,
  WEB_SSR_DIST: optionalText,
  SESSION_IDLE_MINUTES: positiveInt(120),
  SESSION_ABSOLUTE_HOURS: positiveInt(168),
  COOKIE_SECURE: flag(false),
  DEMO_SEED: flag(true),
  TRUST_PROXY: flag(false),
  /** Extra origins (comma separated, e.g. "http://localhost:5173") allowed to call the API besides its own. */
  ALLOWED_ORIGINS: optionalText,
  INIT_CWD: optionalText,
  /** Issue 3: the SMS provider (outbox: stored in the database and logged; http: POST to SMS_HTTP_URL). */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: 'SMS_HTTP_URL must start with http:// or https://',
  }),
  SMS_HTTP_TOKEN: optionalText,
  /** Captcha channel 1 (third-party slider), verified server-side; channel 2 when unset. */
  CAPTCHA1_VERIFY_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: 'CAPTCHA1_VERIFY_URL must start with http:// or https://',
  }),
  CAPTCHA1_APP_ID: optionalText,
  /** Where ID photos are stored (never inside WEB_DIST). */
  UPLOAD_DIR: optionalText,
  /** The data key (base64 of 32 bytes) encrypting identities; else the key file, made once. */
  DATA_KEY: optionalText.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
    message: 'DATA_KEY must be the base64 of 32 bytes',
  }),
  /** The key file when DATA_KEY is unset: default `$XDG_CONFIG_HOME/agent-console/data.key`. */
  DATA_KEY_FILE: optionalText,
  XDG_CONFIG_HOME: optionalText,
  HOME: optionalText,
  /** Issue 9: ingest keys of the rental platform given by the deployment, `id:secret,id2:secret2`. */
  INGEST_KEYS: optionalText,
  /** Issue 9: the demo world's 90 days of traffic at first start (full), a week (small) or none. */
  DEMO_TRAFFIC: z.enum(['full', 'small', 'none']).default('full'),
});

/** An ingest key id (the `X-Ingest-Key` header): as the contract's IngestKeyId. */
const INGEST_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const INGEST_SECRET_MIN = 16;

/** `id:secret,id2:secret2` → the keys; an id or secret that does not fit throws, naming INGEST_KEYS. */
function parseIngestKeys(value: string | undefined): { id: string; secret: string }[] {
  const keys: { id: string; secret: string }[] = [];
  for (const item of (value ?? '').split(',').map((s) => s.trim())) {
    if (!item) continue;
    const at = item.indexOf(':');
    const id = at < 0 ? item : item.slice(0, at);
    const secret = at < 0 ? '' : item.slice(at + 1);
    const bad = (why: string) => new Error(`Invalid environment\nINGEST_KEYS: key "${id}" ${why}`);
    if (!INGEST_KEY_ID.test(id)) throw bad('must be 1-32 letters, digits, _ or - (id:secret)');
    if (secret.length < INGEST_SECRET_MIN || /\s/.test(secret))
      throw bad(`needs a secret of at least ${INGEST_SECRET_MIN} characters without spaces (id:secret)`);
    if (keys.some((k) => k.id === id)) throw bad('is given twice');
    keys.push({ id, secret });
  }
  return keys;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** The PGlite folder's parent; the lock file lives here. */
  dataDir: string;
  logLevel: LogLevel;
  webDist: string;
  /** The console's server build (its first screen's render, contract boot.ts): `WEB_DIST` + `-ssr`. */
  webSsrDist: string;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: boolean };
  demoSeed: boolean;
  trustProxy: boolean;
  allowedOrigins: string[];
  sms: { provider: 'outbox' | 'http'; httpUrl: string | undefined; httpToken: string | undefined };
  /** Captcha channel 1, when configured. */
  slider: { verifyUrl: string; appId: string } | null;
  /** ID photos: a private folder outside WEB_DIST. */
  uploadDir: string;
  /**
   * The data key: DATA_KEY, or the key file generated once, outside the data folder. `legacyFile`
   * is where earlier versions kept it (`DATA_DIR/secret.key`): a key found there is moved to `file`.
   */
  dataKey: ({ base64: string } | { file: string }) & { legacyFile: string };
  /** Issue 9: ingest keys from the environment (not stored, cannot be revoked in the console). */
  ingestKeys: { id: string; secret: string }[];
  /** Issue 9: how much demo traffic the first start feeds through ingestion. */
  demoTraffic: 'full' | 'small' | 'none';
}

/** Whether `path` is `folder` or inside it. */
const isInside = (path: string, folder: string) => {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The only reader of process.env. Relative paths resolve against the folder npm was started in. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  const path = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : isAbsolute(value) ? value : resolve(base, value);
  const dataDir = path(env.DATA_DIR, resolve(REPO_ROOT, 'data'));
  const webDist = path(env.WEB_DIST, resolve(REPO_ROOT, 'apps/web/dist'));
  const uploadDir = path(env.UPLOAD_DIR, resolve(dataDir, 'private/uploads'));
  if (uploadDir === webDist || uploadDir.startsWith(`${webDist}/`))
    throw new Error('Invalid environment\nUPLOAD_DIR must not be inside WEB_DIST (uploads are private)');
  // The key is backed up apart from the data: a copy of the data folder must not carry it.
  const configHome = path(env.XDG_CONFIG_HOME, join(env.HOME ?? homedir(), '.config'));
  const keyFile = path(env.DATA_KEY_FILE, join(configHome, 'agent-console', 'data.key'));
  if (!env.DATA_KEY && isInside(keyFile, dataDir))
    throw new Error(
      'Invalid environment\nDATA_KEY_FILE must not be inside DATA_DIR (the key is backed up apart from the data)',
    );
  if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL)
    throw new Error('Invalid environment\nSMS_PROVIDER=http needs SMS_HTTP_URL');
  return {
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { driver: 'pg', url: env.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    logLevel: env.LOG_LEVEL,
    webDist,
    webSsrDist: path(env.WEB_SSR_DIST, `${webDist}-ssr`),
    session: {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      cookieSecure: env.COOKIE_SECURE,
    },
    demoSeed: env.DEMO_SEED,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    sms: { provider: env.SMS_PROVIDER, httpUrl: env.SMS_HTTP_URL, httpToken: env.SMS_HTTP_TOKEN },
    slider:
      env.CAPTCHA1_VERIFY_URL && env.CAPTCHA1_APP_ID
        ? { verifyUrl: env.CAPTCHA1_VERIFY_URL, appId: env.CAPTCHA1_APP_ID }
        : null,
    uploadDir,
    dataKey: {
      ...(env.DATA_KEY ? { base64: env.DATA_KEY } : { file: keyFile }),
      legacyFile: resolve(dataDir, 'secret.key'),
    },
    ingestKeys: parseIngestKeys(env.INGEST_KEYS),
    demoTraffic: env.DEMO_TRAFFIC,
  };
}
