import {
  adjustBalance,
  exportHref,
  exportMemberFinance,
  type MemberFinanceItem,
  queryMemberFinance,
  queryMemberFinanceTotal,
  queryOwnFinance,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { factories, type GivenAgent } from '../../../test/factories';
import { incomeDays, incomeDaysRecounted } from '../../../test/income-days';
import { rolledBack } from '../../../test/rolled-back';
import { rowsOf } from '../../db/client';
import { migrationStatements } from '../../db/migration-hashes';
import { createServices, type Services } from '../../services';
import { chinaDayOf } from '../../shared/time';
import type { LedgerEntryInput } from '../finance/finance.service';

const t = useTestApp({ seed: 'empty' });
const given = factories(t);

let svc: Services | null = null;
const services = () => {
  svc ??= createServices({ db: t.db, config: t.config, clock: t.clock.now });
  return svc;
};

/** An instant of China time ("YYYY-MM-DD HH:mm:ss.SSS"). */
const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
/** Moves the test clock to a China time (forward only: the test clock only advances). */
const at = (text: string) => t.clock.advance(cst(text).getTime() - t.clock.now().getTime());

/** Posts income entries now (the test clock's time), through the one writer of balances. */
const post = (entries: LedgerEntryInput[]) => t.db.transaction((tx) => services().finance.post(tx, entries));
const share = (agent: GivenAgent, fen: number): LedgerEntryInput => ({
  agentId: agent.id,
  kind: 'order_share',
  availableDeltaFen: fen,
  frozenDeltaFen: 0,
});

/**
 * operator ─ A (1) ─ B (2) ─┬─ C (3) ─ E (4)
 *                           └─ D (3)          C is the level 3 caller, D an outsider to it.
 */
async function world() {
  sessions.clear();
  const op = await given.operator();
  const a = await given.agent({ parent: op, name: '华南总代' });
  const b = await given.agent({ parent: a, name: '广东省代' });
  const c = await given.agent({ parent: b, name: '深圳市代' });
  const d = await given.agent({ parent: b, name: '广州市代' });
  const e = await given.agent({ parent: c, name: '南山区代' });
  return { op, a, b, c, d, e };
}

const list = async (cookie: string, body: Parameters<typeof t.call<typeof queryMemberFinance>>[1] = {}) => {
  const res = await t.call(queryMemberFinance, { pageSize: 200, ...body }, { cookie });
  expect(res.responseCode).toBe('0000');
  return res;
};
/** A session of the agent that has not gone idle on the moving test clock (sessions end after 120 idle minutes). */
const sessions = new Map<number, { cookie: string; at: number }>();
async function sessionOf(agent: GivenAgent): Promise<string> {
  const now = t.clock.now().getTime();
  const known = sessions.get(agent.id);
  if (known && now - known.at < 60 * 60 * 1000) {
    known.at = now;
    return known.cookie;
  }
  const cookie = await t.login(agent.phone);
  sessions.set(agent.id, { cookie, at: now });
  return cookie;
}

const byId = (rows: readonly MemberFinanceItem[]) => new Map(rows.map((r) => [r.agentId, r]));

describe('POST /api/finance/query-member-finance', () => {
  it('lists the caller and its subtree with masked phones and zero for members without money; never an outsider', async () => {
    const w = await world();
    await post([share(w.d, 500), share(w.e, 300), share(w.c, 200)]);
    const cookie = await t.login(w.c.phone);
    const res = await list(cookie);
    expect(res.totalCount).toBe(2);
    expect(res.object).toEqual([
      {
        agentId: w.c.id,
        agentName: '深圳市代',
        agentLevel: 3,
        mobilePhone: `${w.c.phone.slice(0, 3)}****${w.c.phone.slice(7)}`,
        available: 200,
        frozen: 0,
        totalWithdrawn: 0,
        totalIncome: 200,
        rangeIncome: 200,
      },
      expect.objectContaining({ agentId: w.e.id, available: 300, rangeIncome: 300 }),
    ]);
    // The outsider is not found by its name nor its phone, and its node is refused.
    expect((await list(cookie, { agentName: '广州' })).object).toEqual([]);
    expect((await list(cookie, { mobilePhone: w.d.phone })).object).toEqual([]);
    const refused = await t.call(queryMemberFinance, { pid: w.d.id }, { cookie });
    expect(refused).toMatchObject({ responseCode: '1004', responseMsg: '代理不存在' });
    const refusedTotals = await t.call(queryMemberFinanceTotal, { pid: w.d.id }, { cookie });
    expect(refusedTotals.responseCode).toBe('1004');
    // The operator sees everyone; a node narrows to its subtree; level and name filter.
    const op = await t.login(w.op.phone);
    expect((await list(op)).totalCount).toBe(6);
    expect((await list(op, { pid: w.c.id })).object?.map((r) => r.agentId)).toEqual([w.c.id, w.e.id]);
    expect((await list(op, { pid: -1, agentLevel: 3 })).object?.map((r) => r.agentId)).toEqual([
      w.c.id,
      w.d.id,
    ]);
    expect((await list(op, { agentName: '南山' })).object?.map((r) => r.agentId)).toEqual([w.e.id]);
    expect((await list(op, { mobilePhone: w.e.phone.slice(-4) })).object?.map((r) => r.agentId)).toContain(
      w.e.id,
    );
  });

  it('counts in the range the income of whole China days and of the seconds at its ends, to the millisecond', async () => {
    const w = await world();
    at('2026-03-02 23:59:59.500');
    await post([share(w.c, 100)]);
    at('2026-03-03 00:00:00.000');
    await post([share(w.c, 20)]);
    at('2026-03-03 12:00:00.000');
    await post([share(w.c, 3), { ...share(w.c, -1), kind: 'share_reversal' }]);
    at('2026-03-04 00:00:00.000');
    await post([
      share(w.c, 4000),
      // Not income: a withdrawal's hold moves the balance, not what was earned.
      { agentId: w.c.id, kind: 'withdraw_hold', availableDeltaFen: -50, frozenDeltaFen: 50 },
    ]);
    const income = async (startTime: string, endTime: string) => {
      const cookie = await sessionOf(w.c);
      const res = await list(cookie, { startTime, endTime });
      const totals = await t.call(queryMemberFinanceTotal, { startTime, endTime }, { cookie });
      expect(totals.object?.rangeIncome).toBe(byId(res.object ?? []).get(w.c.id)?.rangeIncome);
      return byId(res.object ?? []).get(w.c.id)?.rangeIncome;
    };
    expect(await income('2026-03-02', '2026-03-02')).toBe(100);
    expect(await income('2026-03-03', '2026-03-03')).toBe(22);
    expect(await income('2026-03-02 23:59:59', '2026-03-03 00:00:00')).toBe(120);
    expect(await income('2026-03-03 00:00:01', '2026-03-03 12:00:00')).toBe(2);
    expect(await income('2026-03-02 12:00:00', '2026-03-04 00:00:00')).toBe(4122);
    expect(await income('2026-03-05', '2026-03-31')).toBe(0);
    // No range: the last 30 days, today included.
    expect(byId((await list(await sessionOf(w.c))).object ?? []).get(w.c.id)).toMatchObject({
      rangeIncome: 4122,
      totalIncome: 4122,
      available: 4072,
      frozen: 50,
    });
    t.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(byId((await list(await sessionOf(w.c))).object ?? []).get(w.c.id)?.rangeIncome).toBe(0);
  });

  it('sorts by every field of its whitelist, the agent id breaking ties', async () => {
    const w = await world();
    await post([share(w.a, 10), share(w.b, 30), share(w.c, 20), share(w.d, 30)]);
    const op = await t.login(w.op.phone);
    for (const orderBy of ['available', 'rangeIncome', 'totalIncome'] as const) {
      const desc = await list(op, { orderBy, order: 'desc' });
      expect(desc.object?.map((r) => r.agentId)).toEqual(
        [w.d.id, w.b.id, w.c.id, w.a.id, w.e.id, w.op.id].sort((x, y) => {
          const v = (id: number) => ({ [w.b.id]: 30, [w.d.id]: 30, [w.c.id]: 20, [w.a.id]: 10 })[id] ?? 0;
          return v(y) - v(x) || y - x;
        }),
      );
    }
    const page2 = await t.call(queryMemberFinance, { pageSize: 30, pageNum: 2 }, { cookie: op });
    expect(page2).toMatchObject({ responseCode: '0000', object: [], totalCount: 6 });
  });

  it('refuses a range that does not exist or ends before it starts, with 1000', async () => {
    const w = await world();
    const cookie = await t.login(w.c.phone);
    const bad = await t.callUnchecked(queryMemberFinance, { startTime: '2026-02-30' }, { cookie });
    expect(bad).toMatchObject({ responseCode: '1000', responseMsg: expect.stringContaining('时间不存在') });
    const reversed = await t.call(
      queryMemberFinanceTotal,
      { startTime: '2026-03-05', endTime: '2026-03-01' },
      { cookie },
    );
    expect(reversed).toMatchObject({ responseCode: '1000', responseMsg: '开始时间不能晚于结束时间' });
    const size = await t.callUnchecked(queryMemberFinance, { pageSize: 20 }, { cookie });
    expect(size.responseCode).toBe('1000');
  });
});

describe('POST /api/finance/query-member-finance-total', () => {
  it('equals the sums of the whole filtered list, for random money and filters', async () => {
    const w = await world();
    const members = [w.op, w.a, w.b, w.c, w.d, w.e];
    // A disabled agent of C's subtree with income in the range: not a member of any list, nor of its totals.
    const gone = await given.agent({ parent: w.c, name: '停用区代' });
    await at('2026-03-03 12:00:00');
    await post([share(gone, 77_777)]);
    await t.db.q().execute(sql`update agents set status = 'disabled' where id = ${gone.id}`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.nat({ max: 5 }),
            fen: fc.integer({ min: 1, max: 100_000 }),
            hours: fc.nat({ max: 40 }),
          }),
          {
            maxLength: 8,
          },
        ),
        fc.nat({ max: 5 }),
        fc.option(fc.nat({ max: 5 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        async (money, callerPick, nodePick, level) => {
          for (const m of money) {
            t.clock.advance(m.hours * 60 * 60 * 1000);
            await post([share(members[m.who] as GivenAgent, m.fen)]);
          }
          const caller = members[callerPick] as GivenAgent;
          const node = nodePick === undefined ? undefined : (members[nodePick] as GivenAgent);
          const cookie = await sessionOf(caller);
          const filters = {
            startTime: '2026-03-02 18:30:00',
            endTime: '2026-03-05 09:15:00',
            ...(node ? { pid: node.id } : {}),
            ...(level === undefined ? {} : { agentLevel: level }),
          };
          const page = await t.call(queryMemberFinance, { ...filters, pageSize: 200 }, { cookie });
          const totals = await t.call(queryMemberFinanceTotal, filters, { cookie });
          if (page.responseCode === '1004') {
            expect(totals.responseCode).toBe('1004');
            return;
          }
          const rows = page.object ?? [];
          const sum = (k: keyof MemberFinanceItem) => rows.reduce((n, r) => n + Number(r[k]), 0);
          expect(totals.object).toEqual({
            memberCount: page.totalCount,
            available: sum('available'),
            frozen: sum('frozen'),
            totalWithdrawn: sum('totalWithdrawn'),
            totalIncome: sum('totalIncome'),
            rangeIncome: sum('rangeIncome'),
          });
        },
      ),
      { numRuns: 25, seed: 1010 },
    );
  }, 120_000);
});

describe('the income of ledger_agent_days', () => {
  it('equals the income entries summed by agent and China day, through shares, reversals, adjustments and withdrawals', async () => {
    const w = await world();
    const members = [w.a, w.b, w.c, w.d, w.e];
    const rng = fc.sample(
      fc.record({
        who: fc.nat({ max: 4 }),
        fen: fc.integer({ min: -500, max: 5_000 }),
        minutes: fc.nat({ max: 900 }),
      }),
      { numRuns: 60, seed: 77 },
    );
    for (const step of rng) {
      t.clock.advance(step.minutes * 60 * 1000);
      const agent = members[step.who] as GivenAgent;
      if (step.fen > 0) await post([share(agent, step.fen), share(w.op, 1)]);
      else {
        // An adjustment through the API (counted as income), or a withdrawal hold (not income).
        const res = await t.call(
          adjustBalance,
          { agentId: agent.id, amount: step.fen || 1, reason: '调账' },
          { cookie: await sessionOf(w.op) },
        );
        expect(['0000', '4005']).toContain(res.responseCode);
        if (res.responseCode === '0000')
          await post([
            { agentId: agent.id, kind: 'withdraw_hold', availableDeltaFen: -1, frozenDeltaFen: 1 },
          ]).catch(() => undefined);
      }
    }
    const rollup = await t.rows(sql`select agent_id, day::text as day, sum(available_fen)::text as fen
      from ledger_agent_days where kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
      group by 1, 2 having sum(available_fen) <> 0 order by 1, 2`);
    const direct =
      await t.rows(sql`select agent_id, (((created_at at time zone 'UTC') + interval '8 hours')::date)::text as day,
        sum(available_delta_fen)::text as fen
      from ledger_entries where kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
      group by 1, 2 having sum(available_delta_fen) <> 0 order by 1, 2`);
    expect(rollup.length).toBeGreaterThan(5);
    expect(rollup).toEqual(direct);
    // And total income is every income entry: available + frozen + withdrawn (+ fees) for each account.
    const accounts = await t.rows(sql`select f.agent_id, f.total_income_fen::text as income,
        (select coalesce(sum(available_delta_fen), 0) from ledger_entries e
         where e.agent_id = f.agent_id and e.kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment'))::text as entries
      from finance_accounts f order by 1`);
    for (const a of accounts) expect(a.income).toBe(a.entries);
  });

  it('counts an adjustment in the member’s total income and in the range', async () => {
    const w = await world();
    const op = await t.login(w.op.phone);
    const res = await t.call(
      adjustBalance,
      { agentId: w.e.id, amount: 12_345, reason: '补发三月分润' },
      { cookie: op },
    );
    expect(res.object).toMatchObject({ available: 12_345, totalIncome: 12_345 });
    const row = byId((await list(op)).object ?? []).get(w.e.id);
    expect(row).toMatchObject({ available: 12_345, totalIncome: 12_345, rangeIncome: 12_345 });
    const own = await t.call(queryOwnFinance, {}, { cookie: await t.login(w.e.phone) });
    expect(own.object).toMatchObject({ available: 12_345, totalIncome: 12_345 });
  });
});

describe('the income running totals (ledger_income_days)', () => {
  const INCOME = sql`kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')`;
  const chinaDay = sql`((created_at at time zone 'UTC') + interval '8 hours')::date`;

  it('are what the migration that built them from the agent days makes of them (0037): every day of each agent', async () => {
    const w = await world();
    for (const [i, agent] of [w.a, w.c, w.e, w.c, w.a].entries()) {
      t.clock.advance((i + 1) * 20 * 60 * 60 * 1000);
      await post([share(agent, 100 * (i + 1)), { ...share(agent, -7), kind: 'share_reversal' }]);
    }
    const rebuilt = await rolledBack(t.db, async (tx) => {
      await tx.execute(sql`delete from ledger_income_days`);
      await tx.execute(sql`delete from ledger_income_opened_days`);
      for (const statement of migrationStatements('0037_ledger_income_days_backfill'))
        await tx.execute(sql.raw(statement));
      return {
        rows: rowsOf(await tx.execute(incomeDays)),
        expected: rowsOf(await tx.execute(incomeDaysRecounted)),
        perAgent: rowsOf(
          await tx.execute(sql`select agent_id, count(*)::int as n, min(day)::text as first,
          max(day)::text as last from ledger_income_days group by 1 order by 1`),
        ),
        opened: rowsOf(
          await tx.execute(sql`select count(*)::int as n, min(day)::text as first,
          max(day)::text as last from ledger_income_opened_days`),
        ),
      };
    });
    expect(rebuilt?.rows).toEqual(rebuilt?.expected);
    const last = rebuilt?.opened?.[0]?.last;
    // Each agent has a row for every day from its first income to the last day anyone had one.
    expect(rebuilt?.perAgent?.length).toBe(3);
    for (const a of rebuilt?.perAgent ?? []) {
      expect(a.last).toBe(last);
      const span = (Date.parse(String(a.last)) - Date.parse(String(a.first))) / 86_400_000 + 1;
      expect(a.n).toBe(span);
    }
    expect(rebuilt?.opened?.[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it('equal the income entries to each day, whatever the day opener did, and give the list its range income', async () => {
    const w = await world();
    const members = [w.a, w.b, w.c, w.d, w.e];
    const steps = fc.sample(
      fc.record({
        who: fc.nat({ max: 4 }),
        fen: fc.integer({ min: -300, max: 5_000 }),
        minutes: fc.nat({ max: 1_200 }),
        open: fc.boolean(),
        late: fc.nat({ max: 9 }),
      }),
      { numRuns: 50, seed: 20261128 },
    );
    let lates = 0;
    for (const step of steps) {
      t.clock.advance(step.minutes * 60 * 1000);
      if (step.open) await services().finance.openDays();
      const agent = members[step.who] as GivenAgent;
      if (step.late === 0) {
        // A post stamped before midnight that commits after the opener carried the totals into
        // the next day: its amount must reach the next day's total too.
        await services().finance.openDays();
        const now = t.clock.now().getTime();
        const midnight = cst(`${chinaDayOf(t.clock.now()).day} 00:00:00.000`).getTime();
        t.clock.advance(midnight - now - 1);
        await post([share(agent, 777)]);
        t.clock.advance(now - midnight + 1);
        lates++;
      } else if (step.fen > 0) await post([share(agent, step.fen)]);
      else {
        const res = await t.call(
          adjustBalance,
          { agentId: agent.id, amount: step.fen || 1, reason: '调账' },
          { cookie: await sessionOf(w.op) },
        );
        expect(['0000', '4005']).toContain(res.responseCode);
      }
    }
    expect(lates).toBeGreaterThan(0);
    // Each row: the day's income and the income to the end of the day, counted from the entries.
    const rows = await t.rows(incomeDays);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(await t.rows(incomeDaysRecounted));
    // Every day with income has its row; every opened day has a row for every agent that had one before.
    const missing = await t.rows(sql`select agent_id, ${chinaDay} as day from ledger_entries where ${INCOME}
      except select agent_id, day from ledger_income_days`);
    expect(missing).toEqual([]);
    const gaps = await t.rows(sql`select o.day, a.agent_id from ledger_income_opened_days o
      join (select agent_id, min(day) as first from ledger_income_days group by agent_id) a on a.first < o.day
      where not exists (select 1 from ledger_income_days i where i.agent_id = a.agent_id and i.day = o.day)`);
    expect(gaps).toEqual([]);
    // The list's income of whole-day ranges, through the totals carried or looked up, is the entries'.
    const days = (
      await t.rows(sql`select distinct ${chinaDay}::text as day from ledger_entries order by 1`)
    ).map((r) => String(r.day));
    const op = await sessionOf(w.op);
    for (const [first, last] of [
      [days[0], days[days.length - 1]],
      [days[1], days[days.length - 2]],
      [days[2], days[2]],
    ] as [string, string][]) {
      const listed = byId(
        (await list(op, { startTime: first, endTime: last, orderBy: 'rangeIncome' })).object ?? [],
      );
      const expected = await t.rows(sql`select a.id as agent_id, (select coalesce(sum(available_delta_fen), 0)
          from ledger_entries e where e.agent_id = a.id and ${INCOME} and ${chinaDay} between ${first}::date and ${last}::date)::int as income
        from agents a where a.status = 'active' order by 1`);
      for (const r of expected)
        expect([first, last, r.agent_id, listed.get(Number(r.agent_id))?.rangeIncome]).toEqual([
          first,
          last,
          r.agent_id,
          r.income,
        ]);
    }
  });
});

describe('GET /api/finance/exportMemberFinance', () => {
  it('streams the whole filtered list as .xlsx in yuan, its rows those of the list', async () => {
    const w = await world();
    await post([share(w.c, 123_456), share(w.e, 1)]);
    const cookie = await t.login(w.b.phone);
    const query = { orderBy: 'available', order: 'desc' } as const;
    const res = await t.inject({
      method: 'GET',
      url: exportHref(exportMemberFinance, query),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const [header, ...body] = rows;
    expect(header).toEqual([
      '代理ID',
      '代理名称',
      '代理等级',
      '手机号',
      '可用余额（元）',
      '冻结金额（元）',
      '累计提现（元）',
      '累计收益（元）',
      '区间收益（元）',
    ]);
    const page = await list(cookie, query);
    expect(body.map((r) => r[0])).toEqual(page.object?.map((r) => r.agentId));
    expect(body[0]?.slice(4)).toEqual([1234.56, 0, 0, 1234.56, 1234.56]);
    const outsider = await t.inject({
      method: 'GET',
      url: exportHref(exportMemberFinance, { pid: w.a.id }),
      headers: { cookie },
    });
    expect(outsider.json().responseCode).toBe('1004');
  });
});
