import { Codes, type WithdrawStage } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business, type GivenOrder } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';
import { createServices } from '../../services';
import type { AuthContext } from '../../shared/auth-context';

/**
 * The model-based proof of issue 10 §5 for shares, withdrawals and the ledger, on both engines:
 * random trees, ratios and ratio changes, orders, completions, cancellations, disputes and
 * replays, withdrawals (the hold of an application), cancellations, approvals (the payout through
 * the outbox), rejections, payouts marked paid or failed, and the operator's adjustments, in
 * random order. After every step (and the settlement it wakes): each balance equals the sum of its
 * entries and none is negative; each available balance is exactly the model's (its booked shares
 * plus its adjustments minus what its withdrawals took) and each frozen balance what its
 * withdrawals still hold; each withdrawal is in the model's stage with the entries of that stage;
 * each booked order's lines add up to what it distributes and each line is the model's
 * ⌊part × difference⌋ from the ratios the model saw at completion; an order not booked nets to
 * zero for every agent (a reversal brings every balance back). A reversal the balance cannot cover
 * (the money was withdrawn) waits in the queue, booked; at the end of each run the agents get money
 * and the clock passes the wait: then every such reversal is done and the queue is empty.
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
  | { kind: 'withdraw'; agent: number; amount: number; fee: number }
  | { kind: 'decide'; withdrawal: number; action: Decision }
  | { kind: 'adjust'; agent: number; amount: number }
  | { kind: 'wait' };

type Decision = 'cancel' | 'approve' | 'reject' | 'paid' | 'failed';
/** The stage a decision needs and the one it leads to. */
const DECISIONS: Record<Decision, { from: WithdrawStage; to: WithdrawStage }> = {
  cancel: { from: 'pending', to: 'cancelled' },
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  paid: { from: 'approved', to: 'paid' },
  failed: { from: 'approved', to: 'failed' },
};
interface ModelWithdrawal {
  id: number;
  agent: ModelAgent;
  amount: number;
  fee: number;
  stage: WithdrawStage;
}
/** The stages whose money left the available balance: held, or paid out. */
const TAKEN: readonly WithdrawStage[] = ['pending', 'approved', 'paid'];
const HELD: readonly WithdrawStage[] = ['pending', 'approved'];

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
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      agent: fc.nat(3),
      amount: fc.integer({ min: 1, max: 400_000 }),
      fee: fc.nat(500),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      withdrawal: fc.nat(5),
      action: fc.constantFrom<Decision>('cancel', 'approve', 'reject', 'paid', 'failed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      agent: fc.nat(3),
      amount: fc.integer({ min: -300_000, max: 300_000 }).filter((n) => n !== 0),
    }),
  },
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
/** The code of a refusal (an AppError), or rethrows anything else. */
const codeOf = (err: unknown): string => {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') throw err;
  return code;
};

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

    const callerOf = (a: GivenAgent): AuthContext => ({
      sessionId: 'model',
      accountId: a.userId,
      agentId: a.id,
      subject: {
        userId: a.userId,
        agentLevel: a.level,
        setTopAuthority: a.level === 0,
        addPricePermission: false,
        isHbpush: false,
        xuanhaoApp: false,
        hasMemberFinanceMenu: a.level === 0,
        setSettleAuthority: a.level === 0,
      },
    });
    const opCaller = callerOf(op);
    const sealed = {
      accountNoEnc: services.cipher.encrypt('model@example.com'),
      realNameEnc: services.cipher.encrypt('张伟'),
    };

    /** The model's split of a settled order: agent id → net share (nonzero only). */
    function expectedSplit(o: ModelOrder): Map<number, number> {
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
      for (const [id, v] of expected) if (v === 0) expected.delete(id);
      return expected;
    }

    async function check(
      agents: ModelAgent[],
      orders: ModelOrder[],
      withdrawals: ModelWithdrawal[],
      adjusted: Map<number, number>,
      /** Balances before the run (the runs share one database: the operator earned in earlier ones). */
      before: Map<number, number>,
    ) {
      const bad = await t.rows(sql`select a.agent_id from finance_accounts a
        left join (select agent_id, sum(available_delta_fen) s, sum(frozen_delta_fen) f from ledger_entries group by agent_id) e
          on e.agent_id = a.agent_id
        where a.available_fen <> coalesce(e.s, 0) or a.frozen_fen <> coalesce(e.f, 0) or a.available_fen < 0 or a.frozen_fen < 0`);
      expect(bad).toEqual([]);
      // The income running totals (成员财务's range income): each row the income entries to its day.
      const badTotals = await t.rows(sql`select i.agent_id, i.day from ledger_income_days i
        where i.income_to_date_fen <> (select coalesce(sum(e.available_delta_fen), 0) from ledger_entries e
          where e.agent_id = i.agent_id
            and e.kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
            and ((e.created_at at time zone 'UTC') + interval '8 hours')::date <= i.day)`);
      expect(badTotals).toEqual([]);
      // Only reversals the balance could not cover wait in the queue: booked, told why.
      const queued = await t.rows(sql`select q.order_id, s.booked, q.last_error is not null as told
        from finance_settle_queue q left join order_settlements s on s.order_id = q.order_id`);
      const deferred = new Set<number>();
      for (const q of queued) {
        const o = orders.find((x) => x.order.id === Number(q.order_id));
        expect(o && o.status !== 50 && o.status !== 52).toBe(true);
        expect({ booked: q.booked, told: q.told }).toEqual({ booked: true, told: true });
        deferred.add(Number(q.order_id));
      }
      const booked = (o: ModelOrder) => o.status === 50 || o.status === 52 || deferred.has(o.order.id);
      const modelAvailable = new Map<number, number>();
      const add = (id: number, v: number) => modelAvailable.set(id, (modelAvailable.get(id) ?? 0) + v);
      const ids = sql.raw(orders.map((o) => o.order.id).join(',') || '0');
      const nets = await t.rows(sql`select order_id, agent_id, sum(available_delta_fen)::bigint as s
        from ledger_entries where order_id in (${ids})
        group by order_id, agent_id having sum(available_delta_fen) <> 0 order by order_id, agent_id`);
      const sums = new Map(
        (
          await t.rows(sql`select a.order_id, sum(a.amount_fen)::bigint as s from profit_allocations a
            join order_settlements s on s.order_id = a.order_id and s.generation = a.generation and s.booked
            where a.order_id in (${ids}) group by a.order_id`)
        ).map((r) => [Number(r.order_id), Number(r.s)]),
      );
      for (const o of orders) {
        const net = nets
          .filter((r) => Number(r.order_id) === o.order.id)
          .map((r) => ({ agent_id: Number(r.agent_id), s: String(r.s) }));
        if (!booked(o)) {
          // Never booked, or reversed: every agent is back where it was.
          expect(net).toEqual([]);
          continue;
        }
        const split = expectedSplit(o);
        for (const [id, v] of split) add(id, v);
        const want = [...split]
          .sort((a, b) => a[0] - b[0])
          .map(([agent_id, s]) => ({ agent_id, s: String(s) }));
        expect(net).toEqual(want);
        // The booked lines add up to exactly what the order distributes (the operator at 100 %).
        expect(sums.get(o.order.id)).toBe(o.order.amountFen);
      }
      // Withdrawals: the model's stage, and the entries of that stage (held: −amount available,
      // +amount frozen; paid: −amount available, nothing frozen; released: nothing at all).
      const modelFrozen = new Map<number, number>();
      for (const [id, v] of adjusted) add(id, v);
      for (const [id, v] of before) add(id, v);
      const wRows = new Map(
        (
          await t.rows(sql`select w.id, w.stage, coalesce(sum(e.available_delta_fen), 0)::bigint as a,
              coalesce(sum(e.frozen_delta_fen), 0)::bigint as f
            from withdrawals w left join ledger_entries e on e.withdrawal_id = w.id
            where w.id in (${sql.raw(withdrawals.map((w) => w.id).join(',') || '0')}) group by w.id, w.stage`)
        ).map((r) => [Number(r.id), r]),
      );
      for (const w of withdrawals) {
        if (TAKEN.includes(w.stage)) add(w.agent.agent.id, -w.amount);
        if (HELD.includes(w.stage))
          modelFrozen.set(w.agent.agent.id, (modelFrozen.get(w.agent.agent.id) ?? 0) + w.amount);
        const row = wRows.get(w.id);
        expect({ stage: row?.stage, a: Number(row?.a), f: Number(row?.f) }).toEqual({
          stage: w.stage,
          a: TAKEN.includes(w.stage) ? -w.amount : 0,
          f: HELD.includes(w.stage) ? w.amount : 0,
        });
      }
      // Every balance is exactly the model's.
      const accounts = await t.rows(sql`select agent_id, available_fen, frozen_fen from finance_accounts`);
      const actual = new Map(accounts.map((r) => [Number(r.agent_id), r]));
      for (const m of [opModel, ...agents]) {
        const row = actual.get(m.agent.id);
        expect({
          agent: m.agent.id,
          available: Number(row?.available_fen ?? 0),
          frozen: Number(row?.frozen_fen ?? 0),
        }).toEqual({
          agent: m.agent.id,
          available: modelAvailable.get(m.agent.id) ?? 0,
          frozen: modelFrozen.get(m.agent.id) ?? 0,
        });
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
        const withdrawals: ModelWithdrawal[] = [];
        const adjusted = new Map<number, number>();
        const availableOf = async (agentId: number) => {
          const [row] = await t.rows(
            sql`select available_fen from finance_accounts where agent_id = ${agentId}`,
          );
          return Number(row?.available_fen ?? 0);
        };
        const before = new Map([[op.id, await availableOf(op.id)]]);
        for (const step of c.steps) {
          t.clock.advance(60_000);
          const now = t.clock.now();
          if (step.kind === 'wait') {
            t.clock.advance(3_600_000);
          } else if (step.kind === 'withdraw') {
            // The hold of an application (its checks before it are the API tests'): refused with
            // 4005, writing nothing, when the available balance is short.
            const m = agents[step.agent % agents.length] as ModelAgent;
            const fee = Math.min(step.fee, step.amount - 1);
            const enough = (await availableOf(m.agent.id)) >= step.amount;
            try {
              const row = await services.withdrawals.hold(m.agent.id, {
                amount: step.amount,
                fee,
                channel: 'alipay',
                ...sealed,
              });
              expect(enough).toBe(true);
              withdrawals.push({ id: row.id, agent: m, amount: step.amount, fee, stage: 'pending' });
            } catch (err) {
              expect({ enough, code: codeOf(err) }).toEqual({
                enough: false,
                code: Codes.INSUFFICIENT_BALANCE,
              });
            }
          } else if (step.kind === 'decide') {
            const w = withdrawals[step.withdrawal % Math.max(1, withdrawals.length)];
            if (!w) continue;
            const { from, to } = DECISIONS[step.action];
            const act = () => {
              switch (step.action) {
                case 'cancel':
                  return services.withdrawals.cancel(callerOf(w.agent.agent), w.id);
                case 'approve':
                  return services.withdrawals.approve(opCaller, w.id);
                case 'reject':
                  return services.withdrawals.reject(opCaller, w.id, '模型驳回');
                case 'paid':
                  return services.withdrawals.markPaid(opCaller, w.id, `REF${w.id}`);
                case 'failed':
                  return services.withdrawals.markFailed(opCaller, w.id, '模型失败');
              }
            };
            try {
              await act();
              expect(w.stage).toBe(from);
              w.stage = to;
            } catch (err) {
              expect({ stage: w.stage === from, code: codeOf(err) }).toEqual({
                stage: false,
                code: Codes.INVALID_STATE,
              });
            }
          } else if (step.kind === 'adjust') {
            const m = agents[step.agent % agents.length] as ModelAgent;
            const enough = (await availableOf(m.agent.id)) + step.amount >= 0;
            try {
              await services.adjustments.adjust(opCaller, {
                agentId: m.agent.id,
                amount: step.amount,
                reason: '模型调整',
              });
              expect(enough).toBe(true);
              adjusted.set(m.agent.id, (adjusted.get(m.agent.id) ?? 0) + step.amount);
            } catch (err) {
              expect({ enough, code: codeOf(err) }).toEqual({
                enough: false,
                code: Codes.INSUFFICIENT_BALANCE,
              });
            }
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
          await check(agents, orders, withdrawals, adjusted, before);
        }
        // Money comes back and the wait passes: every deferred reversal is done, the queue empty.
        for (const m of agents) {
          await services.adjustments.adjust(opCaller, {
            agentId: m.agent.id,
            amount: 5_000_000,
            reason: '模型补足',
          });
          adjusted.set(m.agent.id, (adjusted.get(m.agent.id) ?? 0) + 5_000_000);
        }
        t.clock.advance(11 * 60_000);
        await services.settlement.drain();
        expect(await t.rows(sql`select order_id from finance_settle_queue`)).toEqual([]);
        await check(agents, orders, withdrawals, adjusted, before);
      }),
      { numRuns: 200, seed: 20261126, endOnFailure: true },
    );
  }, 1_200_000);
});
