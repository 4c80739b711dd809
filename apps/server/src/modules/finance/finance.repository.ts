import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/client';
import {
  type FinanceAccountRow,
  financeAccounts,
  type LedgerEntryRow,
  type LedgerKind,
  ledgerEntries,
} from '../../db/schema/finance';

export { LEDGER_KINDS } from '../../db/schema/finance';
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

export function createFinanceRepository(db: Database) {
  return {
    /**
     * Moves the accounts (created at zero when missing) by `moves`, in two statements: the first
     * creates the missing rows and locks all of them in agent-id order (an upsert of the sorted
     * ids), so two posts touching overlapping accounts never deadlock; the second adds the
     * deltas to the locked rows. (One upsert carrying the deltas cannot work: PostgreSQL checks
     * the CHECKs on the row it would insert, a negative delta, before it finds the conflict.)
     * Answers the balances after the move. A balance below zero breaks the table's CHECK and
     * fails the statement.
     */
    async moveAccounts(tx: Tx, moves: readonly AccountMove[], now: Date) {
      const sorted = [...moves].sort((a, b) => a.agentId - b.agentId);
      await tx
        .insert(financeAccounts)
        .values(sorted.map((m) => ({ agentId: m.agentId, updatedAt: now })))
        .onConflictDoUpdate({
          target: financeAccounts.agentId,
          set: { updatedAt: sql`excluded.updated_at` },
        });
      const values = sql.join(
        sorted.map(
          (m) =>
            sql`(${m.agentId}::int, ${m.availableFen}::bigint, ${m.frozenFen}::bigint, ${m.incomeFen}::bigint, ${m.withdrawnFen}::bigint)`,
        ),
        sql`, `,
      );
      const rows = rowsOf(
        await tx.execute(sql`
          update ${financeAccounts} a set
            available_fen = a.available_fen + v.available,
            frozen_fen = a.frozen_fen + v.frozen,
            total_income_fen = a.total_income_fen + v.income,
            total_withdrawn_fen = a.total_withdrawn_fen + v.withdrawn
          from (values ${values}) as v(agent_id, available, frozen, income, withdrawn)
          where a.agent_id = v.agent_id
          returning a.agent_id, a.available_fen, a.frozen_fen`),
      );
      return rows.map((r) => ({
        agentId: Number(r.agent_id),
        availableFen: Number(r.available_fen),
        frozenFen: Number(r.frozen_fen),
      }));
    },

    /** Appends entries, one statement; answers them with their ids, in the order given. */
    async insertEntries(tx: Tx, rows: readonly NewLedgerEntryRow[]): Promise<LedgerEntryRow[]> {
      if (rows.length === 0) return [];
      const inserted = await tx
        .insert(ledgerEntries)
        .values([...rows])
        .returning();
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
