import { asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { recordset } from '../../db/recordset';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import {
  type FinanceAccountRow,
  financeAccounts,
  INCOME_KINDS,
  type LedgerEntryRow,
  type LedgerKind,
  ledgerAgentDays,
  ledgerEntries,
  ledgerIncomeDays,
  ledgerIncomeOpenedDays,
  ledgerNodeDays,
} from '../../db/schema/finance';
import { batchesOf } from '../../shared/batches';

export { INCOME_KINDS, LEDGER_KINDS } from '../../db/schema/finance';
export type { FinanceAccountRow, LedgerEntryRow, LedgerKind };

/** What one account moves by in one `post`: the sums of its entries. */
export interface AccountMove {
  agentId: number;
  availableFen: number;
  frozenFen: number;
  incomeFen: number;
  withdrawnFen: number;
}

export type NewLedgerEntryRow = typeof ledgerEntries.$inferInsert;
export type LedgerDayRow = typeof ledgerAgentDays.$inferInsert;

/** Rows of ledger entries or days per INSERT: 13 columns each, well under 65,535 parameters (and
 * drizzle builds a statement by spreading its parameters into a call: 26,000 overflow its stack). */
const ROWS_PER_STATEMENT = 1000;
/** Accounts per batch of `moveAccounts` (5 parameters each in its UPDATE). */
const ACCOUNTS_PER_STATEMENT = 1000;

/** A `LedgerDayRow` passed as JSON (`recordset`): its fields and their SQL types. */
const LEDGER_DAY_RECORD = {
  agentId: 'integer',
  day: 'date',
  kind: 'text',
  entryCount: 'integer',
  availableFen: 'bigint',
  frozenFen: 'bigint',
  availableInFen: 'bigint',
  availableOutFen: 'bigint',
} as const;

export function createFinanceRepository(db: Database) {
  return {
    /**
     * Moves the accounts (created at zero when missing) by `moves`: the missing rows are inserted
     * at zero, the rows are locked in agent-id order (two posts touching overlapping accounts lock
     * them in the same order and never deadlock), then moved by one UPDATE. Answers the balances
     * after the move. A balance below zero breaks the table's CHECK and fails the statement.
     *
     * Not one `INSERT … ON CONFLICT DO UPDATE` with the deltas as the proposed row: PostgreSQL
     * checks the CHECK constraints against the proposed row before it finds the conflict, so every
     * debit of an existing account (a negative delta) would be refused.
     */
    async moveAccounts(tx: Tx, moves: readonly AccountMove[], now: Date) {
      const sorted = [...moves].sort((a, b) => a.agentId - b.agentId);
      const after: { agentId: number; availableFen: number; frozenFen: number }[] = [];
      // In agent-id order, a batch at a time (a statement takes at most 65,535 parameters).
      for (const batch of batchesOf(sorted, ACCOUNTS_PER_STATEMENT)) {
        after.push(...(await moveBatch(tx, batch, now)));
      }
      return after;
    },

    /**
     * Adds a post's entries to `ledger_agent_days` (grouped upserts, rows in key order so that
     * concurrent posts lock them in the same order), then to `ledger_node_days`: the same rows
     * added to every node of each agent's chain, in one statement (the rows as one JSON
     * parameter, grouped by node, day and kind, upserted in key order).
     */
    async addLedgerDays(tx: Tx, rows: readonly LedgerDayRow[]) {
      const sorted = [...rows].sort(
        (a, b) => a.agentId - b.agentId || a.day.localeCompare(b.day) || a.kind.localeCompare(b.kind),
      );
      const d = ledgerAgentDays;
      for (const batch of batchesOf(sorted, ROWS_PER_STATEMENT)) {
        await tx
          .insert(d)
          .values(batch)
          .onConflictDoUpdate({
            target: [d.agentId, d.day, d.kind],
            set: {
              entryCount: sql`${d.entryCount} + excluded.entry_count`,
              availableFen: sql`${d.availableFen} + excluded.available_fen`,
              frozenFen: sql`${d.frozenFen} + excluded.frozen_fen`,
              availableInFen: sql`${d.availableInFen} + excluded.available_in_fen`,
              availableOutFen: sql`${d.availableOutFen} + excluded.available_out_fen`,
            },
          });
      }
      if (sorted.length === 0) return;
      const n = ledgerNodeDays;
      await tx.execute(sql`
        insert into ${n} (node_id, day, kind, entry_count, available_fen, frozen_fen, available_in_fen, available_out_fen)
        select x.ancestor_id, r.day, r.kind, sum(r."entryCount")::int, sum(r."availableFen"), sum(r."frozenFen"),
          sum(r."availableInFen"), sum(r."availableOutFen")
        from ${recordset(sorted, LEDGER_DAY_RECORD, 'r')}
        join ${agentAncestry} x on x.descendant_id = r."agentId"
        group by x.ancestor_id, r.day, r.kind
        order by x.ancestor_id, r.day, r.kind
        on conflict (node_id, day, kind) do update set
          entry_count = ${n}.entry_count + excluded.entry_count,
          available_fen = ${n}.available_fen + excluded.available_fen,
          frozen_fen = ${n}.frozen_fen + excluded.frozen_fen,
          available_in_fen = ${n}.available_in_fen + excluded.available_in_fen,
          available_out_fen = ${n}.available_out_fen + excluded.available_out_fen`);
      await addIncomeDays(tx, sorted);
    },

    /** The last day the day opener carried the running totals into, if any. */
    async lastOpenedDay(): Promise<string | null> {
      const [row] = await db
        .q()
        .select({ day: max(ledgerIncomeOpenedDays.day) })
        .from(ledgerIncomeOpenedDays);
      return row?.day ?? null;
    },

    /**
     * Opens `day` in `ledger_income_days`: every agent with a running total before the day gets a
     * row for it at zero income, carrying its total; an agent that has one already (posted to that
     * day) keeps it. The accounts are locked FOR SHARE first, in agent-id order as `post` locks
     * them: a post that has read a total but not committed would otherwise commit after the total
     * was carried, and the carried row would miss its amount. Records the day as opened.
     */
    async openIncomeDay(tx: Tx, day: string, now: Date): Promise<number> {
      const i = ledgerIncomeDays;
      await tx
        .select({ agentId: financeAccounts.agentId })
        .from(financeAccounts)
        .orderBy(asc(financeAccounts.agentId))
        .for('share');
      const rows = rowsOf(
        await tx.execute(sql`
          insert into ${i} (agent_id, day, income_fen, income_to_date_fen)
          select a.agent_id, ${day}::date, 0, t.total
          from ${financeAccounts} a
          cross join lateral (select p.income_to_date_fen as total from ${i} p
            where p.agent_id = a.agent_id and p.day < ${day}::date order by p.day desc limit 1) t
          order by a.agent_id
          on conflict (agent_id, day) do nothing
          returning agent_id`),
      );
      await tx
        .insert(ledgerIncomeOpenedDays)
        .values({ day, openedAt: now })
        .onConflictDoNothing({ target: ledgerIncomeOpenedDays.day });
      return rows.length;
    },

    /** Appends entries (a statement per batch); answers them with their ids, in the order given. */
    async insertEntries(tx: Tx, rows: readonly NewLedgerEntryRow[]): Promise<LedgerEntryRow[]> {
      const inserted: LedgerEntryRow[] = [];
      for (const batch of batchesOf(rows, ROWS_PER_STATEMENT)) {
        inserted.push(...(await tx.insert(ledgerEntries).values(batch).returning()));
      }
      return inserted.sort((a, b) => a.id - b.id);
    },

    async accounts(agentIds: readonly number[]): Promise<FinanceAccountRow[]> {
      if (agentIds.length === 0) return [];
      return db
        .q()
        .select()
        .from(financeAccounts)
        .where(inArray(financeAccounts.agentId, [...agentIds]))
        .orderBy(asc(financeAccounts.agentId));
    },

    /** An agent's entries, newest first. */
    async entriesOf(agentId: number, limit: number): Promise<LedgerEntryRow[]> {
      return db
        .q()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.agentId, agentId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit);
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;

/** An agent's income of one day, passed as JSON (`recordset`). */
const AGENT_INCOME_RECORD = { agentId: 'integer', incomeFen: 'bigint' } as const;

/**
 * Adds the income of a post's day rows (the available sums of INCOME_KINDS, per agent and day) to
 * `ledger_income_days`: the day's row (inserted with the running total of the agent's latest row
 * before it, or added to), and every later row of the agent by the same amount (a post stamped
 * before midnight committing after the day opener carried its total: usually no row), and
 * the rows of the days opened after it that the agent lacks (its first income). A
 * statement per day, oldest first, so a day sees the rows the days before it wrote. The rows'
 * agents are the post's, whose accounts it holds locked: no other post moves their totals meanwhile.
 */
async function addIncomeDays(tx: Tx, rows: readonly LedgerDayRow[]) {
  const i = ledgerIncomeDays;
  const byDay = new Map<string, Map<number, number>>();
  for (const r of rows) {
    if (!(INCOME_KINDS as readonly string[]).includes(r.kind)) continue;
    const agents = byDay.get(r.day) ?? new Map<number, number>();
    agents.set(r.agentId, (agents.get(r.agentId) ?? 0) + r.availableFen);
    byDay.set(r.day, agents);
  }
  for (const day of [...byDay.keys()].sort()) {
    const income = recordset(
      [...(byDay.get(day) ?? [])].map(([agentId, incomeFen]) => ({ agentId, incomeFen })),
      AGENT_INCOME_RECORD,
      'r',
    );
    const [row] = rowsOf(
      await tx.execute(sql`
        with r as (select * from ${income}),
        added as (
          insert into ${i} as t (agent_id, day, income_fen, income_to_date_fen)
          select r."agentId", ${day}::date, r."incomeFen", r."incomeFen" + coalesce((select p.income_to_date_fen
            from ${i} p where p.agent_id = r."agentId" and p.day < ${day}::date order by p.day desc limit 1), 0)
          from r order by r."agentId"
          on conflict (agent_id, day) do update set income_fen = t.income_fen + excluded.income_fen,
            income_to_date_fen = t.income_to_date_fen + excluded.income_fen
        ),
        moved as (
          update ${i} as t set income_to_date_fen = t.income_to_date_fen + r."incomeFen"
          from r where t.agent_id = r."agentId" and t.day > ${day}::date
        )
        select exists (select 1 from ${ledgerIncomeOpenedDays} o where o.day > ${day}::date) as later`),
    );
    if (!row?.later) continue;
    // A day opened after `day` has a row for every agent with a total before it: an agent whose
    // first income this is gets those days' rows too (usually no day is).
    await tx.execute(sql`
      insert into ${i} (agent_id, day, income_fen, income_to_date_fen)
      select r."agentId", o.day, 0, (select p.income_to_date_fen from ${i} p
        where p.agent_id = r."agentId" and p.day < o.day order by p.day desc limit 1)
      from ${income} join ${ledgerIncomeOpenedDays} o on o.day > ${day}::date
      order by r."agentId", o.day
      on conflict (agent_id, day) do nothing`);
  }
}

/** Moves one batch of accounts (sorted by agent id): see `moveAccounts`. */
async function moveBatch(tx: Tx, sorted: readonly AccountMove[], now: Date) {
  const ids = sorted.map((m) => m.agentId);
  await tx
    .insert(financeAccounts)
    .values(ids.map((agentId) => ({ agentId, updatedAt: now })))
    .onConflictDoNothing({ target: financeAccounts.agentId });
  await tx
    .select({ agentId: financeAccounts.agentId })
    .from(financeAccounts)
    .where(inArray(financeAccounts.agentId, ids))
    .orderBy(asc(financeAccounts.agentId))
    .for('update');
  const deltas = sql.join(
    sorted.map(
      (m) =>
        sql`(${m.agentId}::integer, ${m.availableFen}::bigint, ${m.frozenFen}::bigint, ${m.incomeFen}::bigint, ${m.withdrawnFen}::bigint)`,
    ),
    sql`, `,
  );
  const rows = rowsOf(
    await tx.execute(sql`
      update ${financeAccounts} as f set
        available_fen = f.available_fen + d.available,
        frozen_fen = f.frozen_fen + d.frozen,
        total_income_fen = f.total_income_fen + d.income,
        total_withdrawn_fen = f.total_withdrawn_fen + d.withdrawn,
        updated_at = ${now.toISOString()}
      from (values ${deltas}) as d(agent_id, available, frozen, income, withdrawn)
      where f.agent_id = d.agent_id
      returning f.agent_id, f.available_fen, f.frozen_fen`),
  );
  return rows
    .map((r) => ({
      agentId: Number(r.agent_id),
      availableFen: Number(r.available_fen),
      frozenFen: Number(r.frozen_fen),
    }))
    .sort((a, b) => a.agentId - b.agentId);
}
