import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { factories } from '../../../test/factories';
import { incomeDays, incomeDaysRecounted } from '../../../test/income-days';
import { createServices } from '../../services';
import { AppError } from '../../shared/app-error';
import type { LedgerEntryInput } from './finance.service';

// On both engines: the CHECKs and the trigger are the database's own.
const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const services = () => createServices({ db: t.db, config: t.config, clock: t.clock.now });

const post = (entries: LedgerEntryInput[]) => t.db.transaction((tx) => services().finance.post(tx, entries));

/** The database's own message of a failed statement (drizzle wraps it as the cause). */
const refusal = async (query: ReturnType<typeof sql>) => {
  try {
    await t.rows(query);
  } catch (err) {
    return String((err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message);
  }
  return 'accepted';
};

const balances = async () =>
  (
    await t.rows(sql`select a.agent_id, a.available_fen, a.frozen_fen,
      (select coalesce(sum(available_delta_fen), 0) from ledger_entries e where e.agent_id = a.agent_id) as avail_sum,
      (select coalesce(sum(frozen_delta_fen), 0) from ledger_entries e where e.agent_id = a.agent_id) as frozen_sum
      from finance_accounts a order by a.agent_id`)
  ).map((r) => ({
    agentId: Number(r.agent_id),
    available: Number(r.available_fen),
    frozen: Number(r.frozen_fen),
    sums: [Number(r.avail_sum), Number(r.frozen_sum)],
  }));

describe('finance.post', () => {
  it('appends the entries with the balances after each, and moves the accounts by their sums', async () => {
    const [, a, b] = await given.chain(2);
    if (!a || !b) throw new Error('no chain');
    const rows = await post([
      { agentId: b.id, kind: 'order_share', availableDeltaFen: 300, frozenDeltaFen: 0 },
      { agentId: a.id, kind: 'adjustment', availableDeltaFen: 1000, frozenDeltaFen: 0, reason: '补发' },
      { agentId: b.id, kind: 'withdraw_hold', availableDeltaFen: -200, frozenDeltaFen: 200 },
      { agentId: b.id, kind: 'withdraw_paid', availableDeltaFen: 0, frozenDeltaFen: -150 },
    ]);
    expect(rows.map((r) => [r.agentId, r.kind, r.availableAfterFen, r.frozenAfterFen])).toEqual([
      [b.id, 'order_share', 300, 0],
      [a.id, 'adjustment', 1000, 0],
      [b.id, 'withdraw_hold', 100, 200],
      [b.id, 'withdraw_paid', 100, 50],
    ]);
    expect(rows.every((r) => r.createdAt.getTime() === t.clock.now().getTime())).toBe(true);
    expect(await balances()).toEqual([
      { agentId: a.id, available: 1000, frozen: 0, sums: [1000, 0] },
      { agentId: b.id, available: 100, frozen: 50, sums: [100, 50] },
    ]);
    const [acc] = await services().finance.accounts([b.id]);
    expect(acc).toMatchObject({ totalIncomeFen: 300, totalWithdrawnFen: 150 });
  });

  it('posts 12,000 entries in one call (more than one statement may carry), in order', async () => {
    const [, a, b] = await given.chain(2);
    if (!a || !b) throw new Error('no chain');
    const entries: LedgerEntryInput[] = Array.from({ length: 12_000 }, (_, i) => ({
      agentId: i % 2 === 0 ? a.id : b.id,
      kind: 'adjustment',
      availableDeltaFen: i + 1,
      frozenDeltaFen: 0,
      reason: `批量${i}`,
    }));
    const rows = await post(entries);
    expect(rows).toHaveLength(12_000);
    // Agent a got 1, 3, 5, …: after its k-th entry it holds k².
    const ofA = rows.filter((r) => r.agentId === a.id);
    expect(ofA.slice(0, 3).map((r) => r.availableAfterFen)).toEqual([1, 4, 9]);
    expect(ofA.at(-1)?.availableAfterFen).toBe(6000 * 6000);
    expect(ofA.at(-1)?.reason).toBe('批量11998');
    expect(await balances()).toEqual([
      { agentId: a.id, available: 36_000_000, frozen: 0, sums: [36_000_000, 0] },
      { agentId: b.id, available: 36_006_000, frozen: 0, sums: [36_006_000, 0] },
    ]);
    const [day] = await t.rows(
      sql`select sum(entry_count)::int as n, sum(available_fen)::bigint as fen from ledger_agent_days`,
    );
    expect([Number(day?.n), Number(day?.fen)]).toEqual([12_000, 72_006_000]);
  });

  it('debits an account in a later post (a withdrawal from money credited before)', async () => {
    const [, a] = await given.chain(1);
    if (!a) throw new Error('no chain');
    await post([{ agentId: a.id, kind: 'adjustment', availableDeltaFen: 1000, frozenDeltaFen: 0 }]);
    const [hold] = await post([
      { agentId: a.id, kind: 'withdraw_hold', availableDeltaFen: -1000, frozenDeltaFen: 1000 },
    ]);
    expect([hold?.availableAfterFen, hold?.frozenAfterFen]).toEqual([0, 1000]);
    await post([{ agentId: a.id, kind: 'withdraw_paid', availableDeltaFen: 0, frozenDeltaFen: -1000 }]);
    expect(await balances()).toEqual([{ agentId: a.id, available: 0, frozen: 0, sums: [0, 0] }]);
    const [acc] = await services().finance.accounts([a.id]);
    expect(acc).toMatchObject({ totalWithdrawnFen: 1000 });
  });

  it('refuses money that is not there with 4005 and writes nothing', async () => {
    const [, a] = await given.chain(1);
    if (!a) throw new Error('no chain');
    await post([{ agentId: a.id, kind: 'order_share', availableDeltaFen: 100, frozenDeltaFen: 0 }]);
    const before = await t.snapshot();
    const refused = post([
      { agentId: a.id, kind: 'withdraw_hold', availableDeltaFen: -101, frozenDeltaFen: 101 },
    ]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: '4005', message: '可用余额不足' });
    // Going below zero between two entries of one call is refused too.
    await expect(
      post([
        { agentId: a.id, kind: 'withdraw_hold', availableDeltaFen: -150, frozenDeltaFen: 150 },
        { agentId: a.id, kind: 'adjustment', availableDeltaFen: 100, frozenDeltaFen: 0 },
      ]),
    ).rejects.toMatchObject({ code: '4005' });
    // An agent without an account yet cannot be debited either.
    const [, , other] = await given.chain(2);
    if (!other) throw new Error('no chain');
    await expect(
      post([{ agentId: other.id, kind: 'adjustment', availableDeltaFen: -1, frozenDeltaFen: 0 }]),
    ).rejects.toMatchObject({ code: '4005' });
    expect((await t.snapshot()).ledger_entries).toBe(before.ledger_entries);
    expect((await t.snapshot()).finance_accounts).toBe(before.finance_accounts);
  });

  it('leaves the caller’s transaction usable after a refusal (a savepoint)', async () => {
    const [, a] = await given.chain(1);
    if (!a) throw new Error('no chain');
    const finance = services().finance;
    await t.db.transaction(async (tx) => {
      await expect(
        finance.post(tx, [{ agentId: a.id, kind: 'adjustment', availableDeltaFen: -5, frozenDeltaFen: 0 }]),
      ).rejects.toMatchObject({ code: '4005' });
      await finance.post(tx, [
        { agentId: a.id, kind: 'adjustment', availableDeltaFen: 5, frozenDeltaFen: 0 },
      ]);
    });
    expect(await balances()).toEqual([{ agentId: a.id, available: 5, frozen: 0, sums: [5, 0] }]);
  });

  it('is refused by the database when an entry is updated or deleted', async () => {
    const [, a] = await given.chain(1);
    if (!a) throw new Error('no chain');
    await post([{ agentId: a.id, kind: 'adjustment', availableDeltaFen: 7, frozenDeltaFen: 0 }]);
    expect(await refusal(sql`update ledger_entries set available_delta_fen = 8`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(sql`delete from ledger_entries`)).toMatch(/append-only: DELETE/);
    // Even a statement that matches no row.
    expect(await refusal(sql`update ledger_entries set reason = 'x' where id = -1`)).toMatch(/append-only/);
    expect(await balances()).toEqual([{ agentId: a.id, available: 7, frozen: 0, sums: [7, 0] }]);
  });

  it('refuses a balance below zero in the database itself, whatever the code', async () => {
    const [, a] = await given.chain(1);
    if (!a) throw new Error('no chain');
    await post([{ agentId: a.id, kind: 'adjustment', availableDeltaFen: 7, frozenDeltaFen: 0 }]);
    expect(await refusal(sql`update finance_accounts set available_fen = available_fen - 8`)).toMatch(
      /finance_accounts_available_range/,
    );
  });

  it('keeps every balance whole under parallel debits and credits (PostgreSQL: real connections)', async () => {
    const agents = await given.chain(3);
    const ids = agents.slice(1).map((a) => a.id);
    await post(
      ids.map((id) => ({ agentId: id, kind: 'adjustment', availableDeltaFen: 1000, frozenDeltaFen: 0 })),
    );
    // 60 posts, each touching all three accounts in a different order: holds of 30 fen each
    // against 1000 (33 fit), with credits mixed in; no deadlock, no lost update.
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const order = i % 2 === 0 ? ids : [...ids].reverse();
        return post(
          order.map((id) =>
            i % 3 === 0
              ? { agentId: id, kind: 'adjustment' as const, availableDeltaFen: 1, frozenDeltaFen: 0 }
              : { agentId: id, kind: 'withdraw_hold' as const, availableDeltaFen: -30, frozenDeltaFen: 30 },
          ),
        );
      }),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    for (const f of failed) expect((f as PromiseRejectedResult).reason).toMatchObject({ code: '4005' });
    // The holds that fit went through (not every debit refused).
    expect(failed.length).toBeLessThan(40);
    const after = await balances();
    for (const b of after) {
      expect(b.available).toBeGreaterThanOrEqual(0);
      expect([b.available, b.frozen]).toEqual(b.sums);
      expect(b.available + b.frozen).toBe(1000 + 20);
    }
    // The ledger by day (ledger_agent_days) and total income took every credit once: no lost update.
    const income =
      await t.rows(sql`select d.agent_id, sum(d.available_fen)::int as day, max(f.total_income_fen)::int as total
      from ledger_agent_days d join finance_accounts f on f.agent_id = d.agent_id
      where d.kind in ('order_share', 'share_reversal', 'device_settlement', 'adjustment')
      group by d.agent_id order by 1`);
    expect(income.map((r) => [Number(r.agent_id), r.day, r.total])).toEqual(
      [...ids].sort((x, y) => x - y).map((id) => [id, 1020, 1020]),
    );
    // The ledger by tree node (ledger_node_days) too: each node's rows are its subtree's entries.
    const byNode = sql`select node_id, day::text, kind, entry_count::int as n, available_fen::bigint as a,
      frozen_fen::bigint as f from ledger_node_days order by 1, 2, 3`;
    const recount = sql`select x.ancestor_id as node_id,
      ((e.created_at at time zone 'UTC') + interval '8 hours')::date::text as day, e.kind, count(*)::int as n,
      sum(e.available_delta_fen)::bigint as a, sum(e.frozen_delta_fen)::bigint as f
      from ledger_entries e join agent_ancestry x on x.descendant_id = e.agent_id group by 1, 2, 3 order by 1, 2, 3`;
    expect(await t.rows(byNode)).toEqual(await t.rows(recount));
    expect(await t.rows(incomeDays)).toEqual(await t.rows(incomeDaysRecounted));
  });

  it('keeps the income running totals whole when the day opener runs beside posts stamped before midnight (PostgreSQL: real connections)', async () => {
    const agents = await given.chain(3);
    const ids = agents.slice(1).map((a) => a.id);
    await post(
      ids.map((id) => ({ agentId: id, kind: 'order_share', availableDeltaFen: 500, frozenDeltaFen: 0 })),
    );
    const DAY = 86_400_000;
    const today = t.clock.now().getTime() - ((t.clock.now().getTime() + 8 * 3600_000) % DAY);
    const at = (ms: number) => createServices({ db: t.db, config: t.config, clock: () => new Date(ms) });
    const credit = (svc: ReturnType<typeof at>, i: number) =>
      t.db.transaction((tx) =>
        svc.finance.post(
          tx,
          (i % 2 === 0 ? ids : [...ids].reverse()).map((id) => ({
            agentId: id,
            kind: 'order_share' as const,
            availableDeltaFen: 1 + i,
            frozenDeltaFen: 0,
          })),
        ),
      );
    // Eight midnights: posts stamped in the last millisecond of a day, the opener of the next day
    // started among them (its totals must hold those that commit after it read), posts of the next day.
    for (let k = 0; k < 8; k++) {
      const midnight = today + (k + 1) * DAY;
      const late = at(midnight - 1);
      const posts = Array.from({ length: 20 }, (_, i) => credit(late, i));
      await new Promise((resolve) => setTimeout(resolve, 2));
      await Promise.all([
        ...posts,
        at(midnight + 1000).finance.openDays(),
        ...Array.from({ length: 5 }, (_, i) => credit(at(midnight + 2000), 100 + i)),
      ]);
    }
    // Every row equals the entries to its day; the next day has a row for each agent.
    expect(await t.rows(incomeDays)).toEqual(await t.rows(incomeDaysRecounted));
    const next = await t.rows(sql`select agent_id from ledger_income_days
      where day = (select max(day) from ledger_income_opened_days) order by 1`);
    expect(next.map((r) => Number(r.agent_id))).toEqual([...ids].sort((x, y) => x - y));
  });
});
