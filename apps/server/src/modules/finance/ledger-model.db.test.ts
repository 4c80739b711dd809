import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business, type GivenOrder } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';
import { createServices } from '../../services';

/**
 * The model-based proof of issue 10 §5 for shares and the ledger, on both engines: random trees,
 * ratios and ratio changes, orders, completions, cancellations, disputes and replays, in random
 * order. After every step (and the settlement it wakes): each balance equals the sum of its
 * entries and none is negative; each booked order's lines add up to what it distributes and each
 * line is the model's ⌊part × difference⌋ from the ratios the model saw at completion; an order
 * not booked nets to zero for every agent (a reversal brings every balance back).
 */
const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

interface ModelAgent {
  agent: GivenAgent;
  parent: ModelAgent | null;
  /** Snapshots oldest first: [time, base ratio, proportion, game ratio or null]. */
  history: { at: number; base: number; proportion: number; game: number | null }[];
}

interface ModelOrder {
  order: GivenOrder;
  agent: ModelAgent;
  status: number;
  completedAt: number | null;
}

type Step =
  | { kind: 'complete'; order: number; partial: boolean }
  | { kind: 'cancel'; order: number }
  | { kind: 'dispute'; order: number }
  | { kind: 'ratio'; agent: number; base: number; game: number | null }
  | { kind: 'replay'; order: number }
  | { kind: 'wait' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('complete' as const), order: fc.nat(3), partial: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), order: fc.nat(3) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ratio' as const),
      agent: fc.nat(3),
      base: fc.integer({ min: 0, max: 10000 }),
      game: fc.option(fc.integer({ min: 0, max: 10000 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), order: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wait' as const }) },
);

const caseArb = fc.record({
  /** Parent index of each new agent (-1: the operator), ratios as fractions of the parent's. */
  tree: fc.array(fc.record({ parent: fc.nat(3), base: fc.nat(100), proportion: fc.nat(100) }), {
    minLength: 1,
    maxLength: 4,
  }),
  orders: fc.array(
    fc.record({ agent: fc.nat(3), amountFen: fc.integer({ min: 1, max: 1_000_000 }), increase: fc.nat(100) }),
    { minLength: 1, maxLength: 3 },
  ),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 8 }),
});

const floorShare = (part: number, ratio: number) => Number((BigInt(part) * BigInt(ratio)) / 10000n);

describe('shares and the ledger: model-based', () => {
  it('keep every balance the sum of its entries, never negative, and every split exact (200 runs)', async () => {
    const services = createServices({ db: t.db, config: t.config, clock: t.clock.now });
    const op = await given.operator();
    const [game] = await biz.games();
    if (game === undefined) throw new Error('no game');
    const opModel: ModelAgent = {
      agent: op,
      parent: null,
      history: [{ at: t.clock.now().getTime(), base: 10000, proportion: 10000, game: null }],
    };
    const scope = { agentId: op.id, agentLevel: 0, wholeTree: true };

    const ratiosAt = (m: ModelAgent, at: number) => {
      const found = m.history.filter((h) => h.at <= at).pop() ?? m.history[0];
      if (!found) throw new Error('no history');
      return { ratio: found.game ?? found.base, proportion: found.proportion };
    };
    const chainOf = (m: ModelAgent): ModelAgent[] => (m.parent ? [...chainOf(m.parent), m] : [m]);
    const current = (m: ModelAgent) => m.history[m.history.length - 1] as ModelAgent['history'][number];

    async function check(orders: ModelOrder[]) {
      const bad = await t.rows(sql`select a.agent_id from finance_accounts a
        left join (select agent_id, sum(available_delta_fen) s, sum(frozen_delta_fen) f from ledger_entries group by agent_id) e
          on e.agent_id = a.agent_id
        where a.available_fen <> coalesce(e.s, 0) or a.frozen_fen <> coalesce(e.f, 0) or a.available_fen < 0`);
      expect(bad).toEqual([]);
      const queued = await t.rows(sql`select order_id from finance_settle_queue`);
      expect(queued).toEqual([]);
      for (const o of orders) {
        const net =
          await t.rows(sql`select agent_id, sum(available_delta_fen)::bigint as s from ledger_entries
          where order_id = ${o.order.id} group by agent_id having sum(available_delta_fen) <> 0 order by agent_id`);
        const settled = o.status === 50 || o.status === 52;
        if (!settled) {
          // Never booked, or reversed: every agent is back where it was.
          expect(net).toEqual([]);
          continue;
        }
        const at = o.completedAt ?? 0;
        const chain = chainOf(o.agent);
        const base = o.order.amountFen - o.order.priceIncreaseFen;
        const expected = new Map<number, number>();
        for (const [part, valueFor] of [
          [base, (m: ModelAgent) => ratiosAt(m, at).ratio],
          [o.order.priceIncreaseFen, (m: ModelAgent) => ratiosAt(m, at).proportion],
        ] as const) {
          const capped: number[] = [];
          for (const [i, m] of chain.entries()) {
            capped.push(Math.min(valueFor(m), i === 0 ? 10000 : (capped[i - 1] as number)));
          }
          let handed = 0;
          for (let i = 1; i < chain.length; i++) {
            const s = floorShare(part, (capped[i] as number) - (capped[i + 1] ?? 0));
            handed += s;
            const id = (chain[i] as ModelAgent).agent.id;
            expected.set(id, (expected.get(id) ?? 0) + s);
          }
          const d = floorShare(part, capped[0] as number);
          expected.set(op.id, (expected.get(op.id) ?? 0) + d - handed);
        }
        const want = [...expected]
          .filter(([, v]) => v !== 0)
          .sort((a, b) => a[0] - b[0])
          .map(([agent_id, s]) => ({ agent_id, s: String(s) }));
        expect(net.map((r) => ({ agent_id: Number(r.agent_id), s: String(r.s) }))).toEqual(want);
        // The booked lines add up to exactly what the order distributes (the operator at 100 %).
        const [sum] =
          await t.rows(sql`select coalesce(sum(a.amount_fen), 0)::bigint as s from profit_allocations a
          join order_settlements s on s.order_id = a.order_id and s.generation = a.generation and s.booked
          where a.order_id = ${o.order.id}`);
        expect(Number(sum?.s)).toBe(o.order.amountFen);
      }
    }

    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        // The tree: each new agent under the operator or an agent made before, within its parent's ratios.
        const agents: ModelAgent[] = [];
        for (const spec of c.tree) {
          const parent = spec.parent < agents.length ? (agents[spec.parent] as ModelAgent) : opModel;
          if (parent.agent.level >= 5) continue;
          const p = current(parent);
          const base = Math.floor(Math.min(p.game ?? p.base, p.base) * (spec.base / 100));
          const proportion = Math.floor(p.proportion * (spec.proportion / 100));
          const agent = await given.agent({ parent: parent.agent, baseProfitRatio: base, proportion });
          agents.push({
            agent,
            parent,
            history: [{ at: t.clock.now().getTime(), base, proportion, game: null }],
          });
        }
        if (agents.length === 0) return;
        const orders: ModelOrder[] = [];
        for (const spec of c.orders) {
          const owner = agents[spec.agent % agents.length] as ModelAgent;
          const netBar = await biz.netBar({ agent: owner.agent });
          const channel = await biz.channel({ netBar });
          const player = await biz.player({ channel });
          const priceIncreaseFen = Math.floor((spec.amountFen * spec.increase) / 100);
          const order = await biz.order({
            player,
            amountFen: spec.amountFen,
            priceIncreaseFen,
            gameId: game,
            status: 40,
          });
          orders.push({ order, agent: owner, status: 40, completedAt: null });
        }
        const lastEvent = new Map<number, ReturnType<typeof biz.event>>();
        for (const step of c.steps) {
          t.clock.advance(60_000);
          const now = t.clock.now();
          if (step.kind === 'wait') {
            t.clock.advance(3_600_000);
          } else if (step.kind === 'ratio') {
            // A leaf-most change that keeps the tree's bounds: at or below the parent, at or above the children.
            const m = agents[step.agent % agents.length] as ModelAgent;
            const parent = current(m.parent as ModelAgent);
            const children = agents.filter((a) => a.parent === m).map(current);
            const ceiling = Math.min(parent.base, parent.game ?? parent.base);
            const floor = Math.max(0, ...children.map((ch) => Math.max(ch.base, ch.game ?? 0)));
            if (floor > ceiling) continue;
            const base = floor + (step.base % (ceiling - floor + 1));
            const gameRatio =
              step.game === null ? null : floor + (step.game % (Math.min(base, ceiling) - floor + 1));
            const cur = current(m);
            await services.agents.update(scope, {
              id: m.agent.id,
              agentName: m.agent.name,
              areaInfo: m.agent.areas,
              proportion: cur.proportion / 10000,
              baseProfitRatio: base / 10000,
              gameProfitRatios: gameRatio === null ? [] : [{ gameId: game, profitRatio: gameRatio / 10000 }],
              remark: '',
              flags: {},
            });
            m.history.push({ at: now.getTime(), base, proportion: cur.proportion, game: gameRatio });
          } else {
            const o = orders[step.order % orders.length] as ModelOrder;
            if (step.kind === 'replay') {
              const e = lastEvent.get(o.order.id);
              if (e) expect((await biz.events([e]))[0]?.outcome).toBe('duplicate');
            } else {
              const status =
                step.kind === 'complete' ? (step.partial ? 52 : 50) : step.kind === 'cancel' ? 60 : 70;
              const payload: { orderNo: string; status: 50 | 52 | 60 | 70; completedAt?: string } = {
                orderNo: o.order.orderNo,
                status,
              };
              if (status === 50 || status === 52) payload.completedAt = now.toISOString();
              const e = biz.event('order.statusChanged', payload, now);
              expect((await biz.events([e]))[0]?.outcome).toBe('accepted');
              lastEvent.set(o.order.id, e);
              // Computed once, when the order reaches 50/52: another completion while it is
              // settled (50 → 52, a completion sent again) changes nothing; coming back from 60/70
              // uses the latest completion time (ingestion keeps the newer).
              const wasSettled = o.status === 50 || o.status === 52;
              o.status = status;
              if (payload.completedAt && !wasSettled) o.completedAt = now.getTime();
            }
          }
          await services.settlement.drain();
          await check(orders);
        }
      }),
      { numRuns: 200, seed: 20261126, endOnFailure: true },
    );
  }, 1_200_000);
});
