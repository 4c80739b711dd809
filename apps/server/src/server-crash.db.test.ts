import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  approveWithdrawal,
  captchaImage,
  getSmsCodeSigned,
  INGEST_PATH,
  type IngestEvent,
  login,
  markWithdrawalPaid,
  querySmsOutbox,
  rejectWithdrawal,
  withdrawApply,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_DIGEST, openTestDatabase, type TestDatabase } from '../test/build-test-app';
import { freePort, type SpawnedServer, spawnServer } from '../test/spawn-server';
import { loadConfig } from './config';
import { createDb, type Database, rowsOf } from './db/client';
import { demoPasswordHash } from './demo/seed-demo-world';
import { seedOnboarding } from './demo/seed-onboarding';
import { signIngest } from './modules/ingest-keys/signature';
import { createServices } from './services';

/**
 * Issue 10 §5, the crash test: the real server process (`src/server.ts`, through
 * `test/e2e-server.ts` for a known image captcha) is killed with SIGKILL ROUNDS times while the
 * rental platform's signed batches create, complete and cancel orders and agents apply for
 * withdrawals through the API (image captcha, SMS code read from the outbox, apply) and the
 * operator approves, rejects and marks them paid. After each kill the database is opened as it
 * was left (PGlite: its folder, from this process; PostgreSQL: its own database) and checked:
 * every acknowledged write is there (each accepted event stored and applied, each order at least
 * at the status last acknowledged, each withdrawal answered 0000 with its hold entry, each
 * acknowledged decision in its stage) and the invariants hold (each balance the sum of its
 * entries, none negative, frozen = the withdrawals still held, each booked order's shares add up
 * to its amount and its entries net to it, a reversed one to zero). Events not acknowledged are
 * sent again after the restart, as the platform does.
 */
const ENGINE = inject('testDb');
const ROUNDS = 20;
const INGEST_KEY = { id: 'crash-platform', secret: 'crash-secret-0123456789abcdef' };
const CAPTCHA_TEXT = 'CR4S';
const DATA_KEY = Buffer.alloc(32, 9).toString('base64');
/** Initial money of each agent, through the operator's adjustment (the ledger's one way). */
const FUNDS_FEN = 1_000_000;

const dataDir = mkdtempSync(join(tmpdir(), 'ac-crash-'));
const pgliteDir = join(dataDir, 'pglite');
let pgTest: TestDatabase | null = null;
let server: SpawnedServer | null = null;

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await pgTest?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const rows = async (db: Database, query: ReturnType<typeof sql>) => rowsOf(await db.q().execute(query));

interface Agent {
  id: number;
  userId: number;
  phone: string;
  cookie: string;
}
interface Order {
  orderNo: string;
  amountFen: number;
  /** The statuses sent, in order (40 created, 50 completed, 60 cancelled). */
  sent: number[];
  /** How many of `sent` were acknowledged. */
  acked: number;
}
interface Withdrawal {
  id: number;
  agentId: number;
  amountFen: number;
  /** The last decision acknowledged. */
  decided: 'pending' | 'approved' | 'rejected' | 'paid';
}

/** The world the workload runs in, built before the first start through the services. */
async function buildWorld(db: Database) {
  const config = loadConfig({ DATA_DIR: dataDir, DATA_KEY, DEMO_SEED: 'false' });
  const services = createServices({ db, config });
  await services.dataKeyCheck.verify();
  await services.games.ensureCatalogue();
  const [game] = await services.games.list();
  if (!game) throw new Error('no game');
  const passwordHash = await demoPasswordHash();
  let phones = 0;
  const create = async (parentId: number | null, level: number, ratio: number) => {
    const phone = `151${String(++phones).padStart(8, '0')}`;
    const row = await services.agents.createAgent({
      parentId,
      agentLevel: level,
      agentName: `崩溃测试${phones}`,
      mobilePhone: phone,
      loginPasswordHash: passwordHash,
      areaInfo: level <= 1 ? [] : ['440000'],
      proportion: ratio,
      baseProfitRatio: ratio,
      remark: '',
      flags: level === 0 ? { setTopAuthority: true, hasMemberFinanceMenu: true } : {},
    });
    return { id: row.id, userId: row.userId, phone, cookie: '' };
  };
  // A small tree: the operator, 4 level-1 agents, 2 level-2 agents under each, one level 3 under those.
  const operator = await create(null, 0, 10000);
  const agents: Agent[] = [];
  const leaves: Agent[] = [];
  for (let i = 0; i < 4; i++) {
    const l1 = await create(operator.id, 1, 9000 - i * 100);
    agents.push(l1);
    for (let j = 0; j < 2; j++) {
      const l2 = await create(l1.id, 2, 7000 - j * 500);
      const l3 = await create(l2.id, 3, 3333 + j);
      agents.push(l2, l3);
      leaves.push(l3);
    }
  }
  await seedOnboarding(
    services,
    agents.map((a) => ({ userId: a.userId, onboarding: 'complete' as const })),
    { passwordHash, operatorUserId: operator.userId },
  );
  await db.transaction((tx) =>
    services.finance.post(
      tx,
      agents.map((a) => ({
        agentId: a.id,
        kind: 'adjustment' as const,
        availableDeltaFen: FUNDS_FEN,
        frozenDeltaFen: 0,
        reason: '初始资金',
        actorAgentId: operator.id,
      })),
    ),
  );
  // A net bar, a channel and a player under each leaf (the platform's records, ingested).
  const players: number[] = [];
  const now = new Date().toISOString();
  const setup: IngestEvent[] = [];
  for (const [i, leaf] of leaves.entries()) {
    const barUserId = 990_000 + i;
    const userId = 9_900_000 + i;
    players.push(userId);
    setup.push(
      {
        id: `crash-bar-${i}`,
        type: 'netBar.upserted',
        occurredAt: now,
        payload: {
          barUserId,
          agentId: leaf.id,
          name: `崩溃网吧${i}`,
          provinceCode: 440000,
          cityCode: 440300,
          districtCode: 440305,
          terminalCount: 20,
          status: 'open',
        },
      },
      {
        id: `crash-channel-${i}`,
        type: 'channel.upserted',
        occurredAt: now,
        payload: { code: `crash${i}`, kind: 'client', name: `崩溃渠道${i}`, agentId: leaf.id, barUserId },
      },
      {
        id: `crash-player-${i}`,
        type: 'player.registered',
        occurredAt: now,
        payload: { userId, phoneMasked: '138****0000', channelCode: `crash${i}`, terminalType: 4 },
      },
    );
  }
  const results = await services.ingest.ingest(INGEST_KEY.id, setup);
  expect(results.every((r) => r.outcome === 'accepted')).toBe(true);
  return { operator, agents, players, gameId: game.id };
}

/** One POST of the API with a session; the envelope, or null when the server went away. */
async function call(
  base: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ responseCode: string; object: unknown; cookie: string | null } | null> {
  try {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { responseCode: string; object: unknown };
    return { ...json, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
  } catch {
    return null; // killed while the call was in flight: not acknowledged
  }
}

/** Posts a signed batch; each event's outcome, or null when the server went away. */
async function ingest(base: string, events: IngestEvent[]) {
  const raw = JSON.stringify({ events });
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const res = await fetch(`${base}${INGEST_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ingest-key': INGEST_KEY.id,
        'x-ingest-timestamp': timestamp,
        'x-ingest-signature': signIngest(INGEST_KEY.secret, timestamp, raw),
      },
      body: raw,
    });
    const json = (await res.json()) as {
      responseCode: string;
      object: { results: { id: string; outcome: string }[] };
    };
    return json.responseCode === '0000' ? json.object.results : null;
  } catch {
    return null;
  }
}

describe(`the server killed (SIGKILL) ${ROUNDS} times while orders complete and agents withdraw (${ENGINE})`, () => {
  it('loses no acknowledged write and keeps every invariant after each restart', async () => {
    const began = Date.now();
    // ---- the database and the world, before the first start ----
    let env: Record<string, string>;
    let checkDb: () => Promise<{ db: Database; done: () => Promise<void> }>;
    let world: Awaited<ReturnType<typeof buildWorld>>;
    if (ENGINE === 'pg') {
      pgTest = await openTestDatabase();
      const { db, url } = pgTest;
      await db.migrate();
      world = await buildWorld(db);
      if (!url) throw new Error('no url');
      env = { DATABASE_URL: url };
      checkDb = async () => ({ db, done: async () => {} });
    } else {
      const template = inject('pgliteTemplate');
      const db = await createDb(
        { driver: 'pglite', dataDir: pgliteDir },
        template ? { pgliteTemplate: new Blob([readFileSync(template)]) } : {},
      );
      await db.migrate();
      world = await buildWorld(db);
      await db.close();
      env = {};
      checkDb = async () => {
        const db = await createDb({ driver: 'pglite', dataDir: pgliteDir });
        return { db, done: () => db.close() };
      };
    }
    env = {
      ...env,
      DEMO_SEED: 'false',
      DATA_KEY,
      INGEST_KEYS: `${INGEST_KEY.id}:${INGEST_KEY.secret}`,
      E2E_CAPTCHA_TEXT: CAPTCHA_TEXT,
      LOG_LEVEL: 'info',
    };
    const { operator, agents, players, gameId } = world;
    const setupMs = Date.now() - began;

    const orders: Order[] = [];
    const acked = new Set<string>();
    let unacked: IngestEvent[] = [];
    const withdrawals: Withdrawal[] = [];
    let serial = 0;
    let withdrawAttempts = 0;
    /** Acknowledged batches of this round: the kill waits for the first. */
    let progress = 0;
    /** This round's withdrawal: its apply sent, or its flow over (answered or not). */
    let applying = false;
    let withdrawn = false;
    const startMs: number[] = [];
    const workMsAll: number[] = [];
    const checkMs: number[] = [];

    const statusEvent = (o: Order, status: number): IngestEvent => {
      const at = new Date().toISOString();
      const id = `crash-${o.orderNo}-${status}`;
      if (status === 40)
        return {
          id,
          type: 'order.created',
          occurredAt: at,
          payload: {
            orderNo: o.orderNo,
            userId: players[serial % players.length] as number,
            gameId,
            goodsId: 6_000_000 + serial,
            channelCode: `crash${serial % players.length}`,
            source: 60,
            terminalType: 4,
            rentType: 'hour',
            rentMinutes: 60,
            amountFen: o.amountFen,
            priceIncreaseFen: Math.floor(o.amountFen / 10),
            status: 40,
            paidAt: at,
          },
        };
      return {
        id,
        type: 'order.statusChanged',
        occurredAt: at,
        payload: { orderNo: o.orderNo, status, ...(status === 50 ? { completedAt: at } : {}) },
      };
    };

    /** The rental platform: batches of new, completed and cancelled orders until the server dies. */
    async function platform(base: string, alive: () => boolean) {
      while (alive()) {
        const batch: IngestEvent[] = [...unacked];
        unacked = [];
        for (let i = 0; i < 5; i++) {
          serial += 1;
          const o: Order = {
            orderNo: `CR${String(serial).padStart(8, '0')}`,
            amountFen: 1000 + serial * 37,
            sent: [],
            acked: 0,
          };
          orders.push(o);
          o.sent.push(40);
          batch.push(statusEvent(o, 40));
        }
        for (const o of orders) {
          // The next status of an order once the previous one was acknowledged.
          if (o.acked !== o.sent.length || o.sent.length === 0) continue;
          const last = o.sent[o.sent.length - 1];
          const next = last === 40 ? 50 : last === 50 && o.orderNo.endsWith('3') ? 60 : null;
          if (next === null || batch.length >= 40) continue;
          o.sent.push(next);
          batch.push(statusEvent(o, next));
        }
        const results = await ingest(base, batch);
        if (!results) {
          unacked.push(...batch);
          return;
        }
        progress += 1;
        for (const [i, r] of results.entries()) {
          const e = batch[i] as IngestEvent;
          expect(r.id).toBe(e.id);
          expect(['accepted', 'duplicate']).toContain(r.outcome);
          acked.add(e.id);
          const o = orders.find((x) => e.id.startsWith(`crash-${x.orderNo}-`));
          if (o) o.acked = Math.max(o.acked, o.sent.indexOf(Number(e.id.split('-').pop())) + 1);
        }
      }
    }

    /** One agent's withdrawal through the API: captcha, SMS code from the outbox, apply. */
    async function withdraw(base: string, agent: Agent, round: number) {
      withdrawAttempts += 1;
      // Each reply the server gave must be a success; no reply (killed) ends the attempt.
      const ok = <T>(res: Awaited<ReturnType<typeof call>>, what: string): T | null => {
        if (res) expect(res.responseCode, `${what} (round ${round})`).toBe('0000');
        return res ? (res.object as T) : null;
      };
      const image = ok<{ captchaKey: string }>(await call(base, captchaImage.path, {}), 'captcha');
      if (!image) return;
      const sent = ok(
        await call(
          base,
          getSmsCodeSigned.path,
          {
            scenario: 'withdraw',
            ctoken: randomUUID(),
            randStr: CAPTCHA_TEXT,
            ticket: image.captchaKey,
            smsTypeCode: 'WITHDRAW',
          },
          agent.cookie,
        ),
        'sms',
      );
      if (!sent) return;
      const box = ok<{ content: string }[]>(
        await call(
          base,
          querySmsOutbox.path,
          { pageNum: 1, pageSize: 30, mobilePhone: agent.phone },
          operator.cookie,
        ),
        'outbox',
      );
      if (!box) return;
      const smsCode = /验证码 (\d{6})/.exec(box[0]?.content ?? '')?.[1];
      if (!smsCode) throw new Error(`no code for ${agent.phone}`);
      const amountFen = 10_000 + round * 100;
      applying = true;
      const record = ok<{ id: number }>(
        await call(
          base,
          withdrawApply.path,
          { amount: amountFen, payPassword: DEMO_DIGEST, smsCode },
          agent.cookie,
        ),
        'apply',
      );
      if (record) withdrawals.push({ id: record.id, agentId: agent.id, amountFen, decided: 'pending' });
    }

    /** The operator's review of earlier withdrawals: approve, reject, mark paid. */
    async function review(base: string, alive: () => boolean) {
      for (const w of withdrawals) {
        if (!alive()) return;
        let next: Withdrawal['decided'] | null = null;
        let res: Awaited<ReturnType<typeof call>> = null;
        if (w.decided === 'pending' && w.id % 3 === 0) {
          next = 'rejected';
          res = await call(
            base,
            rejectWithdrawal.path,
            { id: w.id, reason: '崩溃测试驳回' },
            operator.cookie,
          );
        } else if (w.decided === 'pending') {
          next = 'approved';
          res = await call(base, approveWithdrawal.path, { id: w.id }, operator.cookie);
        } else if (w.decided === 'approved' && w.id % 2 === 0) {
          next = 'paid';
          res = await call(
            base,
            markWithdrawalPaid.path,
            { id: w.id, payoutRef: `CRASH${w.id}` },
            operator.cookie,
          );
        }
        if (!next || !res) continue;
        // A decision the killed server made but never answered is found done: 4002 then.
        expect(['0000', '4002']).toContain(res.responseCode);
        if (res.responseCode === '0000') w.decided = next;
      }
    }

    /** Everything acknowledged is there, and the money's invariants hold. */
    async function verify(db: Database, round: number) {
      const where = `after kill ${round}`;
      // Accepted events: stored and applied.
      const events = new Set(
        (
          await rows(db, sql`select id from ingest_events where state = 'applied' and id like 'crash-CR%'`)
        ).map((r) => String(r.id)),
      );
      const lost = [...acked].filter((id) => !events.has(id));
      expect(lost, where).toEqual([]);
      // Each order at least at the status last acknowledged, never at one not sent.
      const stored = new Map(
        (await rows(db, sql`select order_no, status from orders where order_no like 'CR%'`)).map((r) => [
          String(r.order_no),
          Number(r.status),
        ]),
      );
      for (const o of orders) {
        const status = stored.get(o.orderNo);
        if (o.acked === 0) {
          if (status !== undefined) expect(o.sent, where).toContain(status);
          continue;
        }
        expect(status, `${where}: ${o.orderNo}`).toBeDefined();
        expect(o.sent.indexOf(status as number), `${where}: ${o.orderNo}`).toBeGreaterThanOrEqual(
          o.acked - 1,
        );
      }
      // Withdrawals answered 0000: there with their hold; acknowledged decisions: in their stage or later.
      const stages = new Map(
        (
          await rows(
            db,
            sql`select w.id, w.agent_id, w.amount_fen, w.stage,
                  (select count(*) from ledger_entries e where e.withdrawal_id = w.id and e.kind = 'withdraw_hold'
                     and e.available_delta_fen = -w.amount_fen and e.frozen_delta_fen = w.amount_fen)::int as holds
                from withdrawals w`,
          )
        ).map((r) => [Number(r.id), r]),
      );
      const LATER: Record<Withdrawal['decided'], string[]> = {
        pending: ['pending', 'approved', 'rejected', 'paid'],
        approved: ['approved', 'paid'],
        rejected: ['rejected'],
        paid: ['paid'],
      };
      for (const w of withdrawals) {
        const row = stages.get(w.id);
        expect(row, `${where}: withdrawal ${w.id}`).toMatchObject({
          agent_id: w.agentId,
          amount_fen: expect.anything(),
          holds: 1,
        });
        expect(Number(row?.amount_fen)).toBe(w.amountFen);
        expect(LATER[w.decided], `${where}: withdrawal ${w.id}`).toContain(String(row?.stage));
      }
      for (const row of stages.values()) expect(row.holds, `${where}: withdrawal ${row.id}`).toBe(1);
      // Balances: the sums of their entries, none negative; frozen is what withdrawals still hold.
      const bad = await rows(
        db,
        sql`select a.agent_id, a.available_fen, a.frozen_fen, e.s, e.f, h.held from finance_accounts a
          left join (select agent_id, sum(available_delta_fen) s, sum(frozen_delta_fen) f
                     from ledger_entries group by agent_id) e on e.agent_id = a.agent_id
          left join (select agent_id, sum(amount_fen) held from withdrawals
                     where stage in ('pending', 'approved') group by agent_id) h on h.agent_id = a.agent_id
          where a.available_fen <> coalesce(e.s, 0) or a.frozen_fen <> coalesce(e.f, 0)
             or a.available_fen < 0 or a.frozen_fen < 0 or a.frozen_fen <> coalesce(h.held, 0)`,
      );
      expect(bad, where).toEqual([]);
      // Each booked order: its shares add up to its amount and its entries net to it; an order not
      // booked nets to zero; a completed order is booked or still queued for the settlement worker.
      const orderBad = await rows(
        db,
        sql`select o.order_no, o.status, s.booked, q.order_id as queued, alloc.total, net.total as net
          from orders o
          left join order_settlements s on s.order_id = o.id
          left join finance_settle_queue q on q.order_id = o.id
          left join lateral (select sum(a.amount_fen) total from profit_allocations a
                             where a.order_id = o.id and a.generation = s.generation) alloc on true
          left join lateral (select sum(e.available_delta_fen) total from ledger_entries e
                             where e.order_id = o.id) net on true
          where o.order_no like 'CR%' and (
            (s.booked and (alloc.total <> o.amount_fen or net.total <> o.amount_fen))
            or (coalesce(s.booked, false) = false and coalesce(net.total, 0) <> 0)
            or (q.order_id is null and o.status in (50, 52) and coalesce(s.booked, false) = false)
            or (q.order_id is null and o.status not in (50, 52) and coalesce(s.booked, false)))`,
      );
      expect(orderBad, where).toEqual([]);
    }

    // ---- the rounds ----
    const port = await freePort();
    let settledSeen = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const t0 = Date.now();
      server = spawnServer(dataDir, port, env, 'test/e2e-server.ts');
      await server.ready(180_000);
      startMs.push(Date.now() - t0);
      const base = server.url;
      if (round === 1) {
        for (const a of [operator, ...agents]) {
          const res = await call(base, login.path, { mobilePhone: a.phone, password: DEMO_DIGEST });
          expect(res?.responseCode).toBe('0000');
          a.cookie = res?.cookie ?? '';
        }
      }
      let alive = true;
      const running = server;
      void running.exited.then(() => {
        alive = false;
      });
      progress = 0;
      applying = false;
      withdrawn = false;
      const work = Promise.all([
        platform(base, () => alive),
        withdraw(base, agents[(round - 1) % agents.length] as Agent, round).finally(() => {
          withdrawn = true;
        }),
        review(base, () => alive),
      ]);
      // The kill lands anywhere in the work: 0 to 1.2 s after the round's first acknowledged batch
      // and, in odd rounds, its withdrawal's apply sent (often in flight), in even ones answered.
      const ready = () => progress > 0 && (round % 2 === 1 ? applying || withdrawn : withdrawn);
      for (const until = Date.now() + 120_000; !ready() && Date.now() < until; ) await sleep(10);
      const workMs = Date.now() - t0 - (startMs[startMs.length - 1] ?? 0);
      await sleep((round * 277) % 1200);
      running.child.kill('SIGKILL');
      expect((await running.exited).signal).toBe('SIGKILL');
      await work;
      const t1 = Date.now();
      const { db, done } = await checkDb();
      try {
        await verify(db, round);
        checkMs.push(Date.now() - t1);
        workMsAll.push(workMs);
        const [booked] = await rows(db, sql`select count(*)::int as n from order_settlements where booked`);
        settledSeen = Number(booked?.n ?? 0);
      } finally {
        await done();
      }
    }

    // The work really ran: orders acknowledged and settled, withdrawals applied and decided.
    expect(orders.filter((o) => o.acked > 0).length).toBeGreaterThan(ROUNDS);
    expect(settledSeen).toBeGreaterThan(0);
    // Even rounds kill only after their withdrawal was answered: about half the rounds' are.
    expect(withdrawals.length).toBeGreaterThanOrEqual(ROUNDS / 4);
    expect(withdrawals.some((w) => w.decided !== 'pending')).toBe(true);
    console.info(
      `crash test (${ENGINE}): setup ${setupMs} ms, ${ROUNDS} kills in ${Date.now() - began} ms ` +
        `(start ${Math.min(...startMs)}-${Math.max(...startMs)} ms, work ${Math.min(...workMsAll)}-${Math.max(...workMsAll)} ms, ` +
        `check ${Math.min(...checkMs)}-${Math.max(...checkMs)} ms), ${orders.length} orders sent, ` +
        `${acked.size} events acknowledged, ${withdrawals.length}/${withdrawAttempts} withdrawals, ` +
        `${settledSeen} orders booked`,
    );
  }, 1_800_000);
});
