import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
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
     * Moves the accounts (created at zero when missing) by `moves`, one statement: the rows are
     * upserted in agent-id order, so two posts touching overlapping accounts lock them in the same
     * order and never deadlock. Answers the balances after the move. A balance below zero breaks
     * the table's CHECK and fails the statement.
     */
    async moveAccounts(tx: Tx, moves: readonly AccountMove[], now: Date) {
      const sorted = [...moves].sort((a, b) => a.agentId - b.agentId);
      return tx
        .insert(financeAccounts)
        .values(
          sorted.map((m) => ({
            agentId: m.agentId,
            availableFen: m.availableFen,
            frozenFen: m.frozenFen,
            totalIncomeFen: m.incomeFen,
            totalWithdrawnFen: m.withdrawnFen,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: financeAccounts.agentId,
          set: {
            availableFen: sql`${financeAccounts.availableFen} + excluded.available_fen`,
            frozenFen: sql`${financeAccounts.frozenFen} + excluded.frozen_fen`,
            totalIncomeFen: sql`${financeAccounts.totalIncomeFen} + excluded.total_income_fen`,
            totalWithdrawnFen: sql`${financeAccounts.totalWithdrawnFen} + excluded.total_withdrawn_fen`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning({
          agentId: financeAccounts.agentId,
          availableFen: financeAccounts.availableFen,
          frozenFen: financeAccounts.frozenFen,
        });
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
