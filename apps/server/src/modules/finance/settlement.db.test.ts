import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';
import { createServices } from '../../services';

// On both engines; the races run on PostgreSQL with real connections (PGlite has one).
const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);
const services = () => createServices({ db: t.db, config: t.config, clock: t.clock.now });

/** The worked example of docs/domain.md: 总代理 → A (30 %, 80 %) → B (20 %, 60 %) → C (8 %, 30 %). */
async function exampleChain(): Promise<GivenAgent[]> {
  const op = await given.operator();
  const a = await given.agent({ parent: op, baseProfitRatio: 3000, proportion: 8000 });
  const b = await given.agent({ parent: a, baseProfitRatio: 2000, proportion: 6000 });
  const c = await given.agent({ parent: b, baseProfitRatio: 800, proportion: 3000 });
  return [op, a, b, c];
}

async function orderOf(
  agent: GivenAgent,
  spec: { amountFen: number; priceIncreaseFen: number; gameId?: number },
) {
  const netBar = await biz.netBar({ agent });
  const channel = await biz.channel({ netBar });
  const player = await biz.player({ channel });
  return biz.order({ player, ...spec, status: 40 });
}

const allocations = async (orderId: number) =>
  (
    await t.rows(sql`select agent_id, generation, part, ratio, amount_fen from profit_allocations
      where order_id = ${orderId} order by generation, part, agent_level`)
  ).map((r) => [
    Number(r.agent_id),
    Number(r.generation),
    String(r.part),
    Number(r.ratio),
    Number(r.amount_fen),
  ]);

const balanceOf = async (agentId: number) => {
  const [row] = await t.rows(sql`select a.available_fen,
      (select coalesce(sum(available_delta_fen), 0) from ledger_entries e where e.agent_id = a.agent_id) as s
    from finance_accounts a where a.agent_id = ${agentId}`);
  if (!row) return 0;
  expect(Number(row.available_fen)).toBe(Number(row.s));
  return Number(row.available_fen);
};

describe('settlement', () => {
  it('books the differential split of a completed order, the rounding to level 0, once', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const order = await orderOf(c, { amountFen: 11_000, priceIncreaseFen: 1_001 });
    expect(await services().settlement.queued()).toBe(0);
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now(), { completedAt: t.clock.now() });
    expect(await services().settlement.queued()).toBe(1);
    const r = await services().settlement.drain();
    expect(r).toMatchObject({ claimed: 1, booked: 1, reversed: 0 });
    // Base 9 999 fen: C ⌊9 999 × 8 %⌋ = 799, B ⌊9 999 × 12 %⌋ = 1 199, A ⌊9 999 × 10 %⌋ = 999,
    // level 0 the rest 7 002. Price increase 1 001: C ⌊× 30 %⌋ = 300, B 300, A ⌊× 20 %⌋ = 200, level 0 201.
    expect(await allocations(order.id)).toEqual([
      [op.id, 1, 'base', 10000, 7002],
      [a.id, 1, 'base', 3000, 999],
      [b.id, 1, 'base', 2000, 1199],
      [c.id, 1, 'base', 800, 799],
      [op.id, 1, 'price_increase', 10000, 201],
      [a.id, 1, 'price_increase', 8000, 200],
      [b.id, 1, 'price_increase', 6000, 300],
      [c.id, 1, 'price_increase', 3000, 300],
    ]);
    expect([
      await balanceOf(op.id),
      await balanceOf(a.id),
      await balanceOf(b.id),
      await balanceOf(c.id),
    ]).toEqual([7203, 1199, 1499, 1099]);
    // A second run finds nothing: the queue is empty, the split stays.
    expect(await services().settlement.drain()).toMatchObject({ claimed: 0 });
    expect((await allocations(order.id)).length).toBe(8);
  });

  it('shows an order’s split in its detail: the caller’s subtree only, reversals marked', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const order = await orderOf(c, { amountFen: 11_000, priceIncreaseFen: 1_001 });
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now(), { completedAt: t.clock.now() });
    await services().settlement.drain();
    t.clock.advance(60_000);
    await biz.orderStatus(order, 60, t.clock.now());
    await services().settlement.drain();
    const detail = (x: GivenAgent) =>
      services().orders.orderDetail(
        { agentId: x.id, agentLevel: x.level, wholeTree: x.level === 0 },
        order.id,
      );
    const asB = (await detail(b)).profitShares;
    expect(asB.map((l) => [l.agentName, l.part, l.ratio, l.amountFen, l.reversed])).toEqual([
      [b.name, 'base', 0.2, 1199, true],
      [c.name, 'base', 0.08, 799, true],
      [b.name, 'price_increase', 0.6, 300, true],
      [c.name, 'price_increase', 0.3, 300, true],
    ]);
    expect((await detail(op)).profitShares).toHaveLength(8);
    expect((await detail(c)).profitShares.map((l) => l.agentId)).toEqual([c.id, c.id]);
  });

  it('uses the ratios in force at completion, never rewritten by later changes', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const [game] = await biz.games();
    if (game === undefined) throw new Error('no game');
    const order = await orderOf(c, { amountFen: 10_000, priceIncreaseFen: 0, gameId: game });
    const scope = { agentId: op.id, agentLevel: 0, wholeTree: true };
    const body = (x: GivenAgent, ratio: number, gameRatio?: number) => ({
      id: x.id,
      agentName: x.name,
      areaInfo: x.areas,
      proportion: x.proportion / 10000,
      baseProfitRatio: ratio,
      gameProfitRatios: gameRatio === undefined ? [] : [{ gameId: game, profitRatio: gameRatio }],
      remark: '',
      flags: {},
    });
    // Before completion: C gets a special ratio of 5 % for the order's game.
    t.clock.advance(60_000);
    await services().agents.update(scope, body(c, 0.08, 0.05));
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now(), { completedAt: t.clock.now() });
    // After completion, before settlement: B and C lowered; the split keeps the old ratios.
    t.clock.advance(60_000);
    await services().agents.update(scope, body(c, 0.01));
    await services().agents.update(scope, body(b, 0.01));
    await services().settlement.drain();
    const rows = (await allocations(order.id)).filter((r) => r[2] === 'base');
    expect(rows).toEqual([
      [op.id, 1, 'base', 10000, 7000],
      [a.id, 1, 'base', 3000, 1000],
      [b.id, 1, 'base', 2000, 1500],
      [c.id, 1, 'base', 500, 500],
    ]);
    const history = await t.rows(
      sql`select count(*)::int as n from agent_ratio_history where agent_id = ${c.id} and game_id is null`,
    );
    expect(history[0]?.n).toBe(3);
  });

  it('reverses a cancelled or disputed order with new entries and books it again when it completes again', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const order = await orderOf(c, { amountFen: 11_000, priceIncreaseFen: 1_001 });
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now(), { completedAt: t.clock.now() });
    await services().settlement.drain();
    t.clock.advance(60_000);
    await biz.orderStatus(order, 70, t.clock.now());
    expect(await services().settlement.drain()).toMatchObject({ claimed: 1, reversed: 1, booked: 0 });
    for (const x of [op, a, b, c]) expect(await balanceOf(x.id)).toBe(0);
    const kinds = await t.rows(
      sql`select kind, count(*)::int as n from ledger_entries group by kind order by kind`,
    );
    expect(kinds).toEqual([
      { kind: 'order_share', n: 8 },
      { kind: 'share_reversal', n: 8 },
    ]);
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now());
    expect(await services().settlement.drain()).toMatchObject({ claimed: 1, booked: 1 });
    const generations = await t.rows(
      sql`select distinct generation from profit_allocations where order_id = ${order.id} order by 1`,
    );
    expect(generations.map((g) => Number(g.generation))).toEqual([1, 2]);
    expect(await balanceOf(c.id)).toBe(1099);
    const settled = await t.rows(
      sql`select generation, booked from order_settlements where order_id = ${order.id}`,
    );
    expect(settled).toEqual([{ generation: 2, booked: true }]);
  });

  it('gives agents with price-increase ranges no price-increase share (it stays with level 0)', async () => {
    const op = await given.operator();
    const a = await given.agent({
      parent: op,
      baseProfitRatio: 3000,
      proportion: 8000,
    });
    await t.rows(sql`update agents set has_price_add_range_flag = true where id = ${a.id}`);
    const order = await orderOf(a, { amountFen: 2_000, priceIncreaseFen: 1_000 });
    t.clock.advance(60_000);
    await biz.orderStatus(order, 50, t.clock.now());
    await services().settlement.drain();
    expect((await allocations(order.id)).filter((r) => r[2] === 'price_increase')).toEqual([
      [op.id, 1, 'price_increase', 10000, 1000],
      [a.id, 1, 'price_increase', 8000, 0],
    ]);
  });

  it('defers a reversal the balance cannot cover, and settles the rest of the batch', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const first = await orderOf(c, { amountFen: 11_000, priceIncreaseFen: 1_001 });
    t.clock.advance(60_000);
    await biz.orderStatus(first, 50, t.clock.now());
    await services().settlement.drain();
    // C's money leaves (a withdrawal hold), then the order is cancelled and another completes.
    await t.db.transaction((tx) =>
      services().finance.post(tx, [
        { agentId: c.id, kind: 'withdraw_hold', availableDeltaFen: -1000, frozenDeltaFen: 1000 },
      ]),
    );
    const second = await orderOf(c, { amountFen: 100, priceIncreaseFen: 0 });
    t.clock.advance(60_000);
    await biz.orderStatus(first, 60, t.clock.now());
    await biz.orderStatus(second, 50, t.clock.now());
    const r = await services().settlement.drain();
    expect(r).toMatchObject({ booked: 1, deferred: 1 });
    const [queued] = await t.rows(sql`select order_id, attempts, last_error from finance_settle_queue`);
    expect(queued).toEqual({ order_id: first.id, attempts: 1, last_error: '可用余额不足' });
    expect(await balanceOf(c.id)).toBe(99 + 8);
    // Later, with the money back (the hold released), the reversal goes through.
    await t.db.transaction((tx) =>
      services().finance.post(tx, [
        { agentId: c.id, kind: 'withdraw_release', availableDeltaFen: 1000, frozenDeltaFen: -1000 },
      ]),
    );
    t.clock.advance(11 * 60_000);
    expect(await services().settlement.drain()).toMatchObject({ reversed: 1 });
    expect(await balanceOf(c.id)).toBe(8);
  });

  it('snapshots the ratios of every agent created, in the creating transaction', async () => {
    const [op, a] = await given.chain(1);
    if (!op || !a) throw new Error('no chain');
    const rows = await t.rows(
      sql`select agent_id, game_id, profit_ratio, proportion from agent_ratio_history order by id`,
    );
    expect(rows).toEqual([
      { agent_id: op.id, game_id: null, profit_ratio: 10000, proportion: 10000 },
      { agent_id: a.id, game_id: null, profit_ratio: 9500, proportion: 9500 },
    ]);
  });

  it('books one allocation for a completion delivered 10 times at once, settled from several connections', async () => {
    const [op, a, b, c] = await exampleChain();
    if (!op || !a || !b || !c) throw new Error('no chain');
    const order = await orderOf(c, { amountFen: 11_000, priceIncreaseFen: 1_001 });
    const at = t.clock.now();
    const events = Array.from({ length: 10 }, (_, i) =>
      biz.event(
        'order.statusChanged',
        { orderNo: order.orderNo, status: 50, completedAt: at.toISOString() },
        at,
        `done-${i % 3}`,
      ),
    );
    // Ten deliveries (three distinct event ids among them), concurrently, each waking settlers.
    const svc = services();
    await Promise.all([
      ...events.map((e) => biz.events([e])),
      ...Array.from({ length: 5 }, () => svc.settlement.drain()),
    ]);
    await Promise.all(Array.from({ length: 5 }, () => services().settlement.drain()));
    expect((await allocations(order.id)).length).toBe(8);
    expect(await balanceOf(c.id)).toBe(1099);
    const entries = await t.rows(sql`select count(*)::int as n from ledger_entries`);
    expect(entries[0]?.n).toBe(8);
  });
});
