import { MAX_FEN } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check } from 'drizzle-orm/pg-core';

/**
 * The columns of money tables: integer fen in a `bigint`, read and written as a JS number. The
 * number is exact because every amount is within ±MAX_FEN (the contract's `Fen`), which the CHECK
 * of `fenCheck` holds in the database too. Sums over many rows are done in SQL (`sum()` of bigint
 * answers numeric, cast it back with `::bigint`), not by adding numbers in JS.
 *
 * ```ts
 * export const balances = pgTable(
 *   'balances',
 *   { agentId: integer('agent_id').primaryKey(), available: fen('available').notNull().default(0) },
 *   (t) => [fenCheck('balances_available_range', t.available, { nonNegative: true })],
 * );
 * ```
 */
export const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * The CHECK of a money column: -MAX_FEN ≤ amount ≤ MAX_FEN, or 0 ≤ amount ≤ MAX_FEN with
 * `nonNegative` (a balance that may never go below zero). NULL passes, as with any CHECK: say
 * `.notNull()` on the column when it must hold an amount.
 */
export function fenCheck(name: string, column: AnyPgColumn, options: { nonNegative?: boolean } = {}) {
  const min = options.nonNegative ? 0 : -MAX_FEN;
  // DDL takes no parameters: the bounds are written into the statement.
  return check(name, sql`${column} between ${sql.raw(String(min))} and ${sql.raw(String(MAX_FEN))}`);
}
