import {
  type AmountDetailTotal,
  exportFundDetails,
  exportHref,
  type FundDetailItem,
  type FundDetailQuery,
  LEDGER_KIND_VALUES,
  queryFundDetails,
  totalFundDetails,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';
import { rolledBack } from '../../../test/rolled-back';
import { rowsOf } from '../../db/client';
import { migrationStatements } from '../../db/migration-hashes';
import { LEDGER_KINDS } from '../../db/schema/finance';
import { withdrawals } from '../../db/schema/withdrawals';
import { createServices, type Services } from '../../services';
import type { LedgerEntryInput as NewEntry } from '../finance/finance.service';
import { createFundDetailsRepository, type FundDetailFilters } from './fund-details.repository';

/**
 * Issue 10 §2: 资金明细 on a real database. A chain operator → national → province P (member
 * menu) → city C → district D, and a sibling province S outside P's subtree. Money comes the way
 * the product moves it: completed orders of D's net bar settled into shares along the chain, and
 * entries posted through the ledger's one writer (`finance.post`).
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

let svc: Services | null = null;
const services = () => {
  svc ??= createServices({ db: t.db, config: t.config, clock: t.clock.now });
  return svc;
};

const HOUR = 3600_000;
const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function post(entries: NewEntry[]) {
  t.clock.advance(HOUR);
  await t.db.transaction((tx) => services().finance.post(tx, entries));
}

async function world() {
  const operator = await given.operator();
  const national = await given.agent({ parent: operator, flags: { hasMemberFinanceMenu: true } });
  const province = await given.agent({ parent: national, flags: { hasMemberFinanceMenu: true } });
  const city = await given.agent({ parent: province });
  const district = await given.agent({ parent: city });
  const sibling = await given.agent({ parent: national });
  const bar = await biz.netBar({ agent: district, name: '资金网吧' });
  const channel = await biz.channel({ netBar: bar, name: '资金渠道' });
  const player = await biz.player({ channel, at: cst('2026-02-01 10:00:00') });
  const orders = [];
  for (const [i, amountFen] of [10_000, 25_000, 3_333].entries()) {
    const o = await biz.order({ player, amountFen, createdAt: cst(`2026-02-0${i + 2} 12:00:00`) });
    await biz.orderStatus(o, 50, cst(`2026-02-0${i + 2} 14:00:00`), {
      completedAt: cst(`2026-02-0${i + 2} 14:00:00`),
    });
    orders.push(o);
  }
  const siblingBar = await biz.netBar({ agent: sibling, name: '外部网吧' });
  const siblingPlayer = await biz.player({
    channel: await biz.channel({ netBar: siblingBar }),
    at: cst('2026-02-01 10:00:00'),
  });
  const outsideOrder = await biz.order({
    player: siblingPlayer,
    amountFen: 8_800,
    createdAt: cst('2026-02-03 09:00:00'),
  });
  await biz.orderStatus(outsideOrder, 50, cst('2026-02-03 10:00:00'), {
    completedAt: cst('2026-02-03 10:00:00'),
  });
  await services().settlement.drain();
  // The second order is disputed after completion: its shares are reversed.
  await biz.orderStatus(orders[1] as (typeof orders)[number], 70, cst('2026-02-05 09:00:00'));
  await services().settlement.drain();
  // A withdrawal's movements and the operator's adjustments. The entries refer to a real
  // withdrawal (ledger_entries.withdrawal_id is a foreign key), id 7 as the assertions expect.
  await post([
    { agentId: city.id, kind: 'adjustment', availableDeltaFen: 50_000, frozenDeltaFen: 0, reason: '补发' },
  ]);
  await t.db.q().insert(withdrawals).values({
    id: 7,
    agentId: city.id,
    amountFen: 20_000,
    feeFen: 100,
    channel: 'alipay',
    accountNoEnc: 'test',
    realNameEnc: 'test',
    stage: 'paid',
    status: 1,
    createdAt: t.clock.now(),
  });
  await post([
    {
      agentId: city.id,
      kind: 'withdraw_hold',
      availableDeltaFen: -20_000,
      frozenDeltaFen: 20_000,
      withdrawalId: 7,
    },
  ]);
  await post([
    {
      agentId: city.id,
      kind: 'withdraw_paid',
      availableDeltaFen: 0,
      frozenDeltaFen: -19_900,
      withdrawalId: 7,
    },
    { agentId: city.id, kind: 'withdraw_fee', availableDeltaFen: 0, frozenDeltaFen: -100, withdrawalId: 7 },
  ]);
  await post([
    { agentId: province.id, kind: 'adjustment', availableDeltaFen: 1_234, frozenDeltaFen: 0, reason: '测试' },
  ]);
  await post([
    { agentId: sibling.id, kind: 'adjustment', availableDeltaFen: 999, frozenDeltaFen: 0, reason: '外部' },
  ]);
  return { operator, national, province, city, district, sibling, orders, outsideOrder };
}

/** Every row of the list for these filters, page by page; the count is the number of rows. */
async function whole(cookie: string, filters: Partial<FundDetailQuery> = {}): Promise<FundDetailItem[]> {
  const rows: FundDetailItem[] = [];
  for (let pageNum = 1; pageNum <= 50; pageNum++) {
    const res = await t.call(queryFundDetails, { ...filters, pageNum, pageSize: 30 }, { cookie });
    expect([filters, res.responseCode]).toEqual([filters, '0000']);
    const page = res.object ?? [];
    rows.push(...page);
    if (page.length < 30) {
      expect([filters, res.totalCount]).toEqual([filters, rows.length]);
      return rows;
    }
  }
  throw new Error('more pages than expected');
}

/** The totals of rows, added up here. */
function totalsOf(rows: readonly FundDetailItem[]): AmountDetailTotal {
  const income = rows.reduce((s, r) => s + Math.max(0, r.availableChangeFen), 0);
  const expense = rows.reduce((s, r) => s + Math.max(0, -r.availableChangeFen), 0);
  return {
    count: rows.length,
    incomeFen: income,
    expenseFen: expense,
    netFen: income - expense,
    frozenNetFen: rows.reduce((s, r) => s + r.frozenChangeFen, 0),
    byKind: LEDGER_KIND_VALUES.flatMap((kind) => {
      const of = rows.filter((r) => r.kind === kind);
      return of.length === 0
        ? []
        : [
            {
              kind,
              count: of.length,
              availableChangeFen: of.reduce((s, r) => s + r.availableChangeFen, 0),
              frozenChangeFen: of.reduce((s, r) => s + r.frozenChangeFen, 0),
            },
          ];
    }),
  };
}

const agentsOf = (rows: readonly FundDetailItem[]) =>
  [...new Set(rows.map((r) => r.agentId))].sort((a, b) => a - b);
const ids = (...agents: GivenAgent[]) => agents.map((a) => a.id).sort((a, b) => a - b);

async function sheetRows(body: Buffer): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: (string | number | null)[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as (string | number | null)[]).slice(1));
  });
  return rows;
}

describe('the ledger kinds', () => {
  it('are the same in the contract and the schema', () => {
    expect([...LEDGER_KIND_VALUES]).toEqual([...LEDGER_KINDS]);
  });
});

describe('POST /api/finance/details/query', () => {
  it("answers the caller's own entries by default, newest first, with balances that follow each other", async () => {
    const w = await world();
    for (const agent of [w.province, w.city, w.district, w.sibling]) {
      const cookie = await given.login(agent);
      const rows = await whole(cookie);
      expect(agentsOf(rows)).toEqual([agent.id]);
      const [sum] = await t.rows(
        sql`select count(*)::int as n, coalesce(sum(available_delta_fen), 0)::bigint as a from ledger_entries where agent_id = ${agent.id}`,
      );
      expect(rows.length).toBe(Number(sum?.n));
      // Newest first; each entry's balance after is the one before plus its change.
      const chrono = [...rows].reverse();
      let available = 0;
      let frozen = 0;
      for (const r of chrono) {
        available += r.availableChangeFen;
        frozen += r.frozenChangeFen;
        expect([r.id, r.availableAfterFen, r.frozenAfterFen]).toEqual([r.id, available, frozen]);
      }
      expect(available).toBe(Number(sum?.a));
    }
    const city = await whole(await given.login(w.city));
    expect(city.map((r) => r.kind)).toEqual(
      expect.arrayContaining([
        'order_share',
        'share_reversal',
        'adjustment',
        'withdraw_hold',
        'withdraw_paid',
        'withdraw_fee',
      ]),
    );
    const share = city.find((r) => r.kind === 'order_share');
    expect(share).toMatchObject({ agentId: w.city.id, agentName: w.city.name, agentLevel: 3 });
    expect(w.orders.map((o) => o.orderNo)).toContain(share?.orderNo);
    expect(city.find((r) => r.kind === 'withdraw_fee')).toMatchObject({
      withdrawalId: 7,
      frozenChangeFen: -100,
    });
    expect(city.find((r) => r.kind === 'adjustment')).toMatchObject({
      reason: '补发',
      availableChangeFen: 50_000,
    });
  });

  it('answers the members of the subtree to a caller with the member menu, node by node', async () => {
    const w = await world();
    const cookie = await given.login(w.province);
    expect(agentsOf(await whole(cookie, { agentIds: [w.province.id] }))).toEqual(
      ids(w.province, w.city, w.district),
    );
    expect(agentsOf(await whole(cookie, { agentIds: [w.city.id] }))).toEqual(ids(w.city, w.district));
    expect(agentsOf(await whole(cookie, { agentIds: [w.district.id] }))).toEqual(ids(w.district));
    // The operator reaches every entry; the national agent its whole subtree.
    const all = await whole(await given.login(w.operator), { agentIds: [w.operator.id] });
    const [n] = await t.rows(sql`select count(*)::int as n from ledger_entries`);
    expect(all.length).toBe(Number(n?.n));
    expect(agentsOf(await whole(await given.login(w.national), { agentIds: [w.national.id] }))).toEqual(
      ids(w.national, w.province, w.city, w.district, w.sibling),
    );
  });

  it("reads a subtree's pages the same whether it merges its agents' ranges or walks the time index", async () => {
    const w = await world();
    const merged = createFundDetailsRepository(t.db, { mergeMaxAgents: 64 });
    const walked = createFundDetailsRepository(t.db, { mergeMaxAgents: 0 });
    for (const f of [
      { owners: { kind: 'subtrees', nodeIds: [w.national.id] }, range: {}, order: 'desc' },
      { owners: { kind: 'subtrees', nodeIds: [w.province.id, w.city.id] }, range: {}, order: 'asc' },
      {
        owners: { kind: 'subtrees', nodeIds: [w.national.id] },
        range: {},
        kinds: ['adjustment'],
        order: 'desc',
      },
    ] satisfies FundDetailFilters[]) {
      const [n] = await t.rows(sql`select count(*)::int as n from ledger_entries where agent_id in
        (select descendant_id from agent_ancestry where ancestor_id in (${sql.join(f.owners.nodeIds, sql`, `)}))
        and (${f.kinds === undefined} or kind = 'adjustment')`);
      const pages = async (repo: typeof merged) => {
        const keys: number[][] = [];
        for (let pageNum = 1; pageNum <= Math.ceil(Number(n?.n) / 3) + 1; pageNum++) {
          const page = await repo.page(f, { pageNum, pageSize: 3 });
          expect(page.total).toBe(Number(n?.n));
          keys.push(page.rows.map((r) => r.entry.id));
        }
        return keys;
      };
      const expected = await pages(walked);
      expect(expected.flat().length).toBe(Number(n?.n));
      expect(await pages(merged)).toEqual(expected);
    }
  });

  it('refuses members to a caller without the member menu, and outsiders to everyone', async () => {
    const w = await world();
    const city = await given.login(w.city);
    const province = await given.login(w.province);
    const before = await t.snapshot();
    // Without the menu: itself only.
    expect(agentsOf(await whole(city, { agentIds: [w.city.id] }))).toEqual([w.city.id]);
    for (const body of [{ agentIds: [w.district.id] }, { agentIds: [w.city.id, w.district.id] }]) {
      expect(await t.callUnchecked(queryFundDetails, body, { cookie: city })).toMatchObject({
        responseCode: '1003',
        responseMsg: '无权查看下级代理的资金明细',
      });
      expect((await t.callUnchecked(totalFundDetails, body, { cookie: city })).responseCode).toBe('1003');
      const file = await t.inject({
        method: 'GET',
        url: exportHref(exportFundDetails, body),
        headers: { cookie: city },
      });
      expect(file.json().responseCode).toBe('1003');
    }
    // Outside the subtree (or unknown): 1004, as every id of the house.
    for (const outsider of [w.sibling.id, w.national.id, 2_000_000]) {
      for (const cookie of [city, province]) {
        const body = { agentIds: [outsider] };
        expect((await t.callUnchecked(queryFundDetails, body, { cookie })).responseCode).toBe('1004');
        expect((await t.callUnchecked(totalFundDetails, body, { cookie })).responseCode).toBe('1004');
        const file = await t.inject({
          method: 'GET',
          url: exportHref(exportFundDetails, body),
          headers: { cookie },
        });
        expect(file.json().responseCode).toBe('1004');
      }
    }
    expect(await t.snapshot()).toEqual(before);
  });

  it('filters by kinds, order number and time range', async () => {
    const w = await world();
    const cookie = await given.login(w.province);
    const subtree = { agentIds: [w.province.id] };
    const everything = await whole(cookie, subtree);
    const shares = await whole(cookie, { ...subtree, kinds: ['order_share', 'share_reversal'] });
    expect(shares.length).toBeGreaterThan(0);
    expect(shares).toEqual(everything.filter((r) => r.kind === 'order_share' || r.kind === 'share_reversal'));
    const disputed = w.orders[1]?.orderNo as string;
    const byOrder = await whole(cookie, { ...subtree, orderNo: disputed });
    expect(byOrder.length).toBe(6); // a share and its reversal for each of P, C, D
    expect(byOrder.every((r) => r.orderNo === disputed)).toBe(true);
    // Nothing of the sibling's order, even by its number.
    expect(await whole(cookie, { ...subtree, orderNo: w.outsideOrder.orderNo })).toEqual([]);
    const middle = everything[Math.floor(everything.length / 2)] as FundDetailItem;
    const since = await whole(cookie, { ...subtree, startTime: middle.createTime });
    expect(since).toEqual(everything.filter((r) => r.createTime >= middle.createTime));
    const until = await whole(cookie, { ...subtree, endTime: middle.createTime });
    expect(until).toEqual(everything.filter((r) => r.createTime <= middle.createTime));
    const asc = await whole(cookie, { ...subtree, orderBy: 'createTime', order: 'asc' });
    expect(asc.map((r) => r.id)).toEqual([...everything].reverse().map((r) => r.id));
  });

  it.each([
    [{ kinds: ['salary'] }],
    [{ startTime: '2026-02-30 00:00:00' }],
    [{ startTime: '2026-03-02 00:00:00', endTime: '2026-03-01 00:00:00' }],
    [{ agentIds: Array.from({ length: 201 }, (_, i) => i + 1) }],
    [{ agentIds: [0] }],
    [{ orderNo: 'x'.repeat(41) }],
    [{ pageSize: 31 }],
    [{ orderBy: 'amount' }],
  ])('refuses %j with 1000 and changes nothing', async (body) => {
    const agent = await given.agent({ flags: { hasMemberFinanceMenu: true } });
    const cookie = await given.login(agent);
    const before = await t.snapshot();
    expect((await t.callUnchecked(queryFundDetails, body, { cookie })).responseCode).toBe('1000');
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('POST /api/finance/details (amountDetailTotal) and the export', () => {
  it('adds up the whole filtered list, and the export holds the same rows', async () => {
    const w = await world();
    const cases: [GivenAgent, Partial<FundDetailQuery>][] = [
      [w.city, {}],
      [w.province, { agentIds: [w.province.id] }],
      [w.province, { agentIds: [w.city.id], kinds: ['withdraw_hold', 'withdraw_paid', 'withdraw_fee'] }],
      [w.operator, { agentIds: [w.operator.id] }],
      [w.national, { agentIds: [w.province.id, w.sibling.id], kinds: ['order_share'] }],
      // Nodes whose subtrees overlap (the city is under the province, the national above both):
      // each entry once.
      [w.national, { agentIds: [w.city.id, w.province.id] }],
      [w.operator, { agentIds: [w.district.id, w.national.id, w.city.id] }],
      [w.national, { agentIds: [w.national.id, w.district.id], startTime: '2026-02-01 00:00:00' }],
      [w.district, { startTime: '2030-01-01 00:00:00' }],
      // Whole China days (the rollup answers) and a part of a day (the entries answer).
      [
        w.province,
        { agentIds: [w.province.id], startTime: '2026-03-02 00:00:00', endTime: '2026-03-02 23:59:59' },
      ],
      [w.province, { agentIds: [w.city.id], startTime: '2026-03-02 12:30:00' }],
      [w.operator, { agentIds: [w.operator.id], endTime: '2026-03-01 23:59:59' }],
      [w.province, { agentIds: [w.province.id], orderNo: w.orders[0]?.orderNo as string }],
    ];
    for (const [agent, filters] of cases) {
      const cookie = await given.login(agent);
      const rows = await whole(cookie, filters);
      const totals = await t.call(totalFundDetails, filters, { cookie });
      expect([filters, totals.object]).toEqual([filters, totalsOf(rows)]);

      const file = await t.inject({
        method: 'GET',
        url: exportHref(exportFundDetails, filters, 'tok_12345678'),
        headers: { cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const [header, ...lines] = await sheetRows(file.rawPayload);
      expect(header).toEqual([
        '时间',
        '代理ID',
        '代理名称',
        '代理级别',
        '类型',
        '可用余额变动(元)',
        '冻结金额变动(元)',
        '变动后可用余额(元)',
        '变动后冻结金额(元)',
        '订单号',
        '提现单号',
        '备注',
      ]);
      expect(lines.length).toBe(rows.length);
      expect(lines.map((l) => l[1])).toEqual(rows.map((r) => r.agentId));
      const yuan = (col: number) => Math.round(lines.reduce((s, l) => s + Number(l[col] ?? 0), 0) * 100);
      expect(yuan(5)).toBe(totals.object?.netFen);
      expect(yuan(6)).toBe(totals.object?.frozenNetFen);
    }
  }, 180_000);
});

describe('the ledger by agent and day (ledger_agent_days)', () => {
  it('equals the entries counted again, by agent, China day and kind', async () => {
    await world();
    const recount = sql`
      select agent_id, ((created_at at time zone 'UTC') + interval '8 hours')::date::text as day, kind,
        count(*)::int as n, sum(available_delta_fen)::bigint as a, sum(frozen_delta_fen)::bigint as f,
        coalesce(sum(available_delta_fen) filter (where available_delta_fen > 0), 0)::bigint as i,
        coalesce(-sum(available_delta_fen) filter (where available_delta_fen < 0), 0)::bigint as e
      from ledger_entries group by 1, 2, 3 order by 1, 2, 3`;
    const rollup = sql`
      select agent_id, day::text as day, kind, entry_count as n, available_fen as a, frozen_fen as f,
        available_in_fen as i, available_out_fen as e
      from ledger_agent_days order by 1, 2, 3`;
    const expected = await t.rows(recount);
    expect(expected.length).toBeGreaterThan(5);
    expect(await t.rows(rollup)).toEqual(expected);
  });
});

describe('the ledger by tree node and day (ledger_node_days)', () => {
  const nodeRows = sql`
    select node_id, day::text as day, kind, entry_count as n, available_fen::bigint as a,
      frozen_fen::bigint as f, available_in_fen::bigint as i, available_out_fen::bigint as e
    from ledger_node_days order by 1, 2, 3`;

  it("equals the entries of each node's subtree counted again, by node, China day and kind", async () => {
    await world();
    const recount = sql`
      select x.ancestor_id as node_id, ((e.created_at at time zone 'UTC') + interval '8 hours')::date::text as day,
        e.kind, count(*)::int as n, sum(e.available_delta_fen)::bigint as a, sum(e.frozen_delta_fen)::bigint as f,
        coalesce(sum(e.available_delta_fen) filter (where e.available_delta_fen > 0), 0)::bigint as i,
        coalesce(-sum(e.available_delta_fen) filter (where e.available_delta_fen < 0), 0)::bigint as e
      from ledger_entries e join agent_ancestry x on x.descendant_id = e.agent_id
      group by 1, 2, 3 order by 1, 2, 3`;
    const expected = await t.rows(recount);
    // The operator's node holds every entry; the district's only its own.
    expect(new Set(expected.map((r) => r.node_id)).size).toBeGreaterThanOrEqual(5);
    expect(await t.rows(nodeRows)).toEqual(expected);
  });

  it('is what the migration that built it from the agent days makes of them (0033)', async () => {
    await world();
    const live = await t.rows(nodeRows);
    expect(live.length).toBeGreaterThan(5);
    const rebuilt = await rolledBack(t.db, async (tx) => {
      await tx.execute(sql`delete from ledger_node_days`);
      for (const statement of migrationStatements('0033_ledger_node_days_backfill'))
        await tx.execute(sql.raw(statement));
      return rowsOf(await tx.execute(nodeRows));
    });
    expect(rebuilt).toEqual(live);
  });
});
