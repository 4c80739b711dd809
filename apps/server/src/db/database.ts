import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { DatabaseTarget } from '../config';

/** The query builder both drivers share; every repository is written against it. */
export type Db = PgDatabase<PgQueryResultHKT>;

declare const txBrand: unique symbol;
/**
 * The handle of an open transaction (or of a savepoint inside one). Only `transaction()` makes
 * one, so a repository function that takes `tx: Tx` cannot be called outside a transaction: the
 * writers of money and of events (the outbox) take it as their first parameter.
 */
export type Tx = Db & { readonly [txBrand]: 'Tx' };

/** Options of an outermost transaction; nested calls (savepoints) take the outer one's. */
export interface TransactionOptions {
  isolationLevel?: PgTransactionConfig['isolationLevel'];
}

export interface Database {
  readonly driver: DatabaseTarget['driver'];
  /** The current transaction (or savepoint) when inside `transaction()`, the plain handle otherwise. */
  q(): Db;
  /** True inside `transaction()`: code that must not run under a transaction's locks checks it. */
  inTransaction(): boolean;
  /**
   * Runs `fn` in one transaction and hands it the `Tx`; repositories called inside without one
   * use it through `q()`. A nested call is a savepoint: when it throws, only its own work is
   * rolled back (the caller may catch and go on). An outermost transaction that fails with a
   * serialization failure or a deadlock is run again from the start (see `RetryPolicy`), so `fn`
   * must have no effect outside the database: external effects go through the outbox.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Applies the checked-in migrations. */
  migrate(): Promise<void>;
  /** Writes PGlite's dirty pages to its files and flushes them (no-op on PostgreSQL, which does its own). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}
