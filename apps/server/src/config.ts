import { isAbsolute, resolve } from 'node:path';
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
  SESSION_IDLE_MINUTES: positiveInt(120),
  SESSION_ABSOLUTE_HOURS: positiveInt(168),
  COOKIE_SECURE: flag(false),
  DEMO_SEED: flag(true),
  TRUST_PROXY: flag(false),
  /** Extra origins (comma separated, e.g. "http://localhost:5173") allowed to call the API besides its own. */
  ALLOWED_ORIGINS: optionalText,
  INIT_CWD: optionalText,
});

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** The PGlite folder's parent; the lock file lives here. */
  dataDir: string;
  logLevel: LogLevel;
  webDist: string;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: boolean };
  demoSeed: boolean;
  trustProxy: boolean;
  allowedOrigins: string[];
}

/** The only reader of process.env. Relative paths resolve against the folder npm was started in. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment\n${z.prettifyError(parsed.error)}`);
  const env = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  const path = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : isAbsolute(value) ? value : resolve(base, value);
  const dataDir = path(env.DATA_DIR, resolve(REPO_ROOT, 'data'));
  return {
    port: env.PORT,
    host: env.HOST,
    database: env.DATABASE_URL
      ? { driver: 'pg', url: env.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    logLevel: env.LOG_LEVEL,
    webDist: path(env.WEB_DIST, resolve(REPO_ROOT, 'apps/web/dist')),
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
  };
}
