import { MAX_FEN } from '@agent-console/contract';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { fen, fenCheck } from './money';

/** A money table as the next ones will be written, turned into DDL by drizzle-kit itself. */
const ledger = pgTable(
  'money_probe',
  {
    id: integer('id').primaryKey(),
    balance: fen('balance').notNull().default(0),
    delta: fen('delta'),
  },
  (t) => [
    fenCheck('money_probe_balance_range', t.balance, { nonNegative: true }),
    fenCheck('money_probe_delta_range', t.delta),
  ],
);

let opened: TestDatabase | null = null;
const db = () => {
  if (!opened) throw new Error('not open');
  return opened.db.q();
};
let ddl: string[] = [];

// On both engines (a *.db.test.ts file): the CHECK is PostgreSQL's, PGlite or server.
beforeAll(async () => {
  ddl = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ ledger }));
  opened = await openTestDatabase();
  for (const statement of ddl) await db().execute(sql.raw(statement));
}, 120_000);
afterAll(async () => {
  await opened?.drop();
});

const insert = (id: number, balance: number, delta: number | null = null) =>
  db().insert(ledger).values({ id, balance, delta });

describe('fen and fenCheck', () => {
  it('make a bigint column with a CHECK of the bound', () => {
    expect(ddl.join('\n')).toContain('"balance" bigint DEFAULT 0 NOT NULL');
    expect(ddl.join('\n')).toContain(`CHECK ("money_probe"."balance" between 0 and ${MAX_FEN})`);
    expect(ddl.join('\n')).toContain(`CHECK ("money_probe"."delta" between -${MAX_FEN} and ${MAX_FEN})`);
  });

  it('store and read back amounts up to the bound as exact numbers', async () => {
    await insert(1, MAX_FEN, -MAX_FEN);
    await insert(2, 0, null);
    const rows = await db().select().from(ledger).orderBy(ledger.id);
    expect(rows).toEqual([
      { id: 1, balance: MAX_FEN, delta: -MAX_FEN },
      { id: 2, balance: 0, delta: null },
    ]);
    expect(typeof rows[0]?.balance).toBe('number');
  });

  it('refuse an amount beyond the bound, and a negative one where it may not be', async () => {
    await expect(insert(3, MAX_FEN + 1)).rejects.toThrow();
    await expect(insert(4, -1)).rejects.toThrow();
    await expect(insert(5, 0, MAX_FEN + 1)).rejects.toThrow();
    await expect(insert(6, 0, -MAX_FEN - 1)).rejects.toThrow();
    await insert(7, 5, -5);
    await expect(
      db()
        .update(ledger)
        .set({ balance: sql`${ledger.balance} - 6` })
        .where(eq(ledger.id, 7)),
    ).rejects.toThrow();
  });
});
