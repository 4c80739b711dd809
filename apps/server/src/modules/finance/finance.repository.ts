import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/client';
import { recordset } from '../../db/recordset';
import { agentAncestry } from '../../db/schema/agent-ancestry';
import {
  type FinanceAccountRow,
  financeAccounts,
  type LedgerEntryRow,
  type LedgerKind,
  ledgerAgentDays,
  ledgerEntries,
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
