import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AnyEndpoint,
  captchaImage,
  login as loginEndpoint,
  type RequestOf,
} from '@agent-console/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { z } from 'zod';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type CreateDbOptions, createDb, type Database, rowsOf } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/demo/demo-world';
import { demoPasswordHash, seedDemoWorld } from '../src/demo/seed-demo-world';
import { randomCaptchaText } from '../src/modules/auth/captcha.service';
import { createServices } from '../src/services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which engine the API tests run on: PGlite in memory, or a PostgreSQL server. */
    testDb: 'pglite' | 'pg';
    /** A PostgreSQL URL allowed to create databases (server-pg project). */
    pgAdminUrl: string;
    /** A dump of a migrated PGlite (server project): each file starts from it instead of an initdb. */
    pgliteTemplate: string;
  }
}

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');
export const DEMO_DIGEST = md5Hex(DEMO_PASSWORD);
/** The data key of every test app (base64 of 32 bytes): tests decrypt with it. */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

/** 2026-03-02 10:00:00 in China: a Monday. Tests move the clock from here. */
export const START_TIME = new Date('2026-03-02T02:00:00.000Z');

export class TestClock {
  private current = START_TIME.getTime();
  readonly now = () => new Date(this.current);
  advance(ms: number) {
    this.current += ms;
  }
  reset() {
    this.current = START_TIME.getTime();
  }
}

export interface TestDatabase {
  db: Database;
  /** PostgreSQL: the URL of the test database (for a connection of its own); PGlite: null. */
  url: string | null;
  drop: () => Promise<void>;
}

/**
 * A fresh migrated database for one test file: in-memory PGlite (from the migrated template), or
 * a new database on the PostgreSQL server (migrate it yourself).
 */
export async function openTestDatabase(
  options: Omit<CreateDbOptions, 'pgliteTemplate'> = {},
): Promise<TestDatabase> {
  if (inject('testDb') !== 'pg') {
    const template = inject('pgliteTemplate');
    const db = await createDb(
      { driver: 'pglite', dataDir: null },
      template ? { ...options, pgliteTemplate: new Blob([readFileSync(template)]) } : options,
    );
    return { db, url: null, drop: () => db.close() };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `ac_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ driver: 'pg', url: url.toString() }, options);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface CallOptions {
  cookie?: string | undefined;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export type Reply<E extends AnyEndpoint> = z.output<E['response']> & {
  http: { statusCode: number; headers: LightMyRequestResponse['headers']; setCookie: string | undefined };
};

export interface TestAppOptions {
  /** 'demo' (default): the demo world before every test; 'empty': no rows at all. */
  seed?: 'demo' | 'empty';
  /**
   * 'each' (default): the database is reset before every test. 'once': only when the file starts,
   * for files whose tests read and refuse but never write what another test reads (the contract
   * walks, hundreds of tests): a reset costs a quarter of a second on PostgreSQL.
   */
  reset?: 'each' | 'once';
  /** Environment overrides for the config (e.g. SESSION_IDLE_MINUTES). */
  env?: Record<string, string>;
  /** Run the outbox dispatcher in the app (off: tests run its rounds themselves). */
  outboxDispatcher?: AppDeps['outboxDispatcher'];
  /** Where the app's log lines go (with `env: { LOG_LEVEL: 'info' }`): tests read what is logged. */
  logStream?: AppDeps['logStream'];
}

/**
 * One app on one real database per test file (migrations applied), reset before every test:
 * TRUNCATE … RESTART IDENTITY CASCADE, the clock back to START_TIME, the demo world reseeded.
 */
export function useTestApp(options: TestAppOptions = {}) {
  const clock = new TestClock();
  const uploadDir = mkdtempSync(join(tmpdir(), 'ac-test-uploads-'));
  let lastCaptchaText = '';
  const captchaText = () => {
    lastCaptchaText = randomCaptchaText();
    return lastCaptchaText;
  };
  let opened: TestDatabase | null = null;
  let appInstance: FastifyInstance | null = null;
  let passwordHash = '';
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      DEMO_TRAFFIC: 'none',
      WEB_DIST: '/nonexistent',
      // Issue 3: a fixed data key and a throwaway upload folder (never the repository's data folder).
      DATA_KEY: TEST_DATA_KEY,
      UPLOAD_DIR: uploadDir,
      ...options.env,
    }),
    database: { driver: 'pglite', dataDir: null },
  };

  const db = () => {
    if (!opened) throw new Error('the test app is not open yet (use it inside tests or hooks)');
    return opened.db;
  };
  const app = () => {
    if (!appInstance) throw new Error('the test app is not open yet (use it inside tests or hooks)');
    return appInstance;
  };

  const q = async (query: SQL) => rowsOf(await db().q().execute(query));
  let tables: string[] = [];

  /**
   * Seeds once per file and keeps a copy of every table in the schema `test_seed`. A statement
   * trigger on every table notes the tables a test writes (`test_seed.dirty`); each reset is one
   * call of `test_seed.restore()`, which empties those tables and copies their seed back, then
   * moves every sequence to where the seed left it. A test that only reads costs one statement.
   * As a superuser (PGlite, the usual test server) the restore deletes with the triggers off
   * (session_replication_role: no foreign key checked, the ledger's append-only trigger quiet), so
   * a written table is restored alone; otherwise it truncates the written tables with those whose
   * foreign keys lead to them (TRUNCATE fires no row trigger).
   */
  async function captureSeed() {
    // Parents before children: every table after the tables its foreign keys point to.
    const names = (
      await q(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`)
    ).map((r) => String(r.name));
    const edges = await q(sql`select c.relname as child, p.relname as parent from pg_constraint f
      join pg_class c on c.oid = f.conrelid join pg_class p on p.oid = f.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where f.contype = 'f' and n.nspname = 'public' and p.oid <> c.oid`);
    const parentsOf = new Map<string, string[]>(names.map((n) => [n, []]));
    const childrenOf = new Map<string, string[]>(names.map((n) => [n, []]));
    for (const e of edges) {
      parentsOf.get(String(e.child))?.push(String(e.parent));
      childrenOf.get(String(e.parent))?.push(String(e.child));
    }
    const depth = new Map<string, number>();
    const depthOf = (name: string, seen: Set<string> = new Set()): number => {
      const known = depth.get(name);
      if (known !== undefined) return known;
      if (seen.has(name)) return 0;
      seen.add(name);
      const d = Math.max(-1, ...(parentsOf.get(name) ?? []).map((p) => depthOf(p, seen))) + 1;
      depth.set(name, d);
      return d;
    };
    tables = names
      .map((name) => ({ name, deps: depthOf(name) }))
      .sort((a, b) => a.deps - b.deps || a.name.localeCompare(b.name))
      .map((r) => r.name);
    const [role] = await q(sql`select rolsuper from pg_roles where rolname = current_user`);
    const superuser = role?.rolsuper === true;
    // What restoring a table takes with it: nothing as a superuser, else (the foreign keys checked)
    // the tables whose keys lead to it, transitively.
    const restoredWith = (name: string): string[] => {
      const out = new Set<string>([name]);
      if (!superuser) for (const next of out) for (const child of childrenOf.get(next) ?? []) out.add(child);
      return [...out];
    };
    if (options.seed !== 'empty') {
      await seedDemoWorld(db(), createServices({ db: db(), config, clock: clock.now }), { passwordHash });
    }
    const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
    const statements = [
      'create schema if not exists test_seed',
      ...tables.map((t) => `create table test_seed."${t}" as select * from public."${t}"`),
      'create table test_seed.tables (name text primary key, ord int not null)',
      `insert into test_seed.tables values ${tables.map((t, i) => `(${literal(t)}, ${i})`).join(', ')}`,
      'create table test_seed.restored_with (name text not null, member text not null)',
      `insert into test_seed.restored_with values ${tables
        .flatMap((t) => restoredWith(t).map((m) => `(${literal(t)}, ${literal(m)})`))
        .join(', ')}`,
      `create table test_seed.sequences as select sequencename as name, last_value, start_value
         from pg_sequences where schemaname = 'public'`,
      'create table test_seed.dirty (name text primary key)',
      // The restore's own writes (ac.restoring, also read by the rollup triggers) mark nothing.
      `create function test_seed.mark_dirty() returns trigger language plpgsql as $$
       begin
         if coalesce(current_setting('ac.restoring', true), '') <> 'on' then
           insert into test_seed.dirty values (tg_table_name) on conflict do nothing;
         end if;
         return null;
       end $$`,
      ...tables.map(
        (t) => `create trigger test_seed_dirty after insert or update or delete or truncate on public."${t}"
          for each statement execute function test_seed.mark_dirty()`,
      ),
      `create function test_seed.restore() returns void language plpgsql as $$
       declare
         targets text[];
         t text;
         s record;
       begin
         select array_agg(distinct e.member) into targets
           from test_seed.dirty d join test_seed.restored_with e on e.name = d.name;
         if targets is not null then
           perform set_config('ac.restoring', 'on', true);
           ${
             superuser
               ? `perform set_config('session_replication_role', 'replica', true);
           for t in select name from test_seed.tables where name = any(targets) order by ord desc loop
             execute format('delete from public.%I', t);
           end loop;`
               : `execute 'truncate ' || (select string_agg(format('public.%I', m), ', ') from unnest(targets) m);`
           }
           for t in select name from test_seed.tables where name = any(targets) order by ord loop
             execute format('insert into public.%I overriding system value select * from test_seed.%I', t, t);
           end loop;
           perform set_config('ac.restoring', 'off', true);
           ${superuser ? "perform set_config('session_replication_role', 'origin', true);" : ''}
           delete from test_seed.dirty;
         end if;
         -- Sequences move without a row changing (a refused insert): all go back.
         for s in select * from test_seed.sequences loop
           perform setval(format('public.%I', s.name), coalesce(s.last_value, s.start_value), s.last_value is not null);
         end loop;
       end $$`,
    ];
    for (const statement of statements) await q(sql.raw(statement));
  }

  async function reset() {
    clock.reset();
    await q(sql`select test_seed.restore()`);
  }

  beforeAll(async () => {
    opened = await openTestDatabase();
    await opened.db.migrate();
    passwordHash = await demoPasswordHash();
    await captureSeed();
    appInstance = await buildApp({
      db: opened.db,
      config,
      clock: clock.now,
      captchaText,
      ...(options.outboxDispatcher ? { outboxDispatcher: options.outboxDispatcher } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    await appInstance.ready();
  }, 120_000);

  if (options.reset !== 'once') beforeEach(reset, 60_000);

  afterAll(async () => {
    await appInstance?.close();
    await opened?.drop();
    rmSync(uploadDir, { recursive: true, force: true });
  }, 60_000);

  async function send<E extends AnyEndpoint>(
    ep: E,
    body: unknown,
    opts: CallOptions = {},
  ): Promise<Reply<E>> {
    const res = await app().inject({
      method: 'POST',
      url: ep.path,
      payload: body as InjectOptions['payload'],
      headers: {
        'content-type': 'application/json',
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...opts.headers,
      },
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    // Every reply is checked against the contract.
    const envelope = ep.response.parse(res.json()) as z.output<E['response']>;
    const setCookie = res.headers['set-cookie'];
    return Object.assign(envelope, {
      http: {
        statusCode: res.statusCode,
        headers: res.headers,
        setCookie: Array.isArray(setCookie) ? setCookie.join('\n') : setCookie,
      },
    });
  }

  return {
    clock,
    config,
    get app() {
      return app();
    },
    get db() {
      return db();
    },
    reset,
    /** POST a typed body to an endpoint; the reply is parsed with the endpoint's response schema. */
    call: <E extends AnyEndpoint>(ep: E, body: RequestOf<E>, opts?: CallOptions) => send(ep, body, opts),
    /** Like call, with any body at all: for the bad-input tests. */
    callUnchecked: <E extends AnyEndpoint>(ep: E, body: unknown, opts?: CallOptions) => send(ep, body, opts),
    inject: (opts: InjectOptions) => app().inject(opts),

    /** Logs in with a demo password and returns the Cookie header value of the new session. */
    async login(phone: string, opts: { password?: string; remoteAddress?: string } = {}): Promise<string> {
      const res = await send(
        loginEndpoint,
        { mobilePhone: phone, password: md5Hex(opts.password ?? DEMO_PASSWORD) },
        opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {},
      );
      const cookie = sessionCookieOf(res.http.setCookie);
      if (res.responseCode !== '0000' || !cookie) {
        throw new Error(`login of ${phone} failed: ${res.responseCode} ${res.responseMsg}`);
      }
      return cookie;
    },

    /** A new image captcha and the answer drawn on it. */
    async newCaptcha(opts: CallOptions = {}): Promise<{ captchaKey: string; answer: string }> {
      const res = await send(captchaImage, {}, opts);
      if (!res.object) throw new Error('no captcha');
      return { captchaKey: res.object.captchaKey, answer: lastCaptchaText };
    },

    /** A fingerprint of every row of every table: equal before and after means nothing changed. */
    async snapshot(): Promise<Record<string, string>> {
      const [row] = await q(
        sql.raw(
          `select ${tables
            .map(
              (t) =>
                `(select count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') from public."${t}" r) as "${t}"`,
            )
            .join(', ')}`,
        ),
      );
      return Object.fromEntries(tables.map((t) => [t, String(row?.[t])]));
    },

    /** Runs SQL on the test database (assertions on stored state). */
    rows: (query: SQL) => q(query),
    /** A timestamp column as epoch milliseconds (raw queries return timestamps as text). */
    async epochMs(query: SQL): Promise<number | null> {
      const [row] = await q(sql`select (extract(epoch from (${query})) * 1000)::bigint::text as ms`);
      return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
    },
  };
}

export type TestApp = ReturnType<typeof useTestApp>;

/** "ac_sid=…" from a Set-Cookie header, or undefined when the reply set none (or cleared it). */
export function sessionCookieOf(setCookie: string | undefined): string | undefined {
  const match = /(?:^|\n)ac_sid=([^;]*)/.exec(setCookie ?? '');
  return match?.[1] ? `ac_sid=${match[1]}` : undefined;
}
