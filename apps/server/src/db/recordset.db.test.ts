import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { recordset } from './recordset';

/**
 * Rows as one JSON parameter (db/recordset.ts): read back on the real engines with their names,
 * types and nulls, while the JSON carries short keys and no nulls.
 */

const t = useTestApp({ seed: 'empty' });

describe('recordset', () => {
  it('gives the rows back by column name and type, nulls and arrays included', async () => {
    const rows = [
      {
        order_no: 'S1',
        amountFen: 1250,
        paid_at: '2026-11-28T01:02:03.004Z',
        chain: [1, 2, 3],
        payload: { a: '网吧🎮' },
      },
      { order_no: '订单二', amountFen: 9_007_199_254_740_991, paid_at: null, chain: [], payload: null },
      { order_no: 'S3', amountFen: 0, paid_at: undefined, chain: [7], payload: [1, 'x'] },
    ];
    const x = recordset(
      rows,
      { order_no: 'text', amountFen: 'bigint', paid_at: 'timestamptz', chain: 'int[]', payload: 'jsonb' },
      'x',
    );
    const got = await t.rows(sql`
      select order_no, "amountFen"::text as amount, (extract(epoch from paid_at) * 1000)::bigint::text as paid_ms,
        paid_at is null as no_paid, array_to_string(chain, ',') as chain, payload::text as payload
      from ${x} order by order_no`);
    expect(got).toEqual([
      {
        order_no: 'S1',
        amount: '1250',
        paid_ms: '1795827723004',
        no_paid: false,
        chain: '1,2,3',
        payload: '{"a": "网吧🎮"}',
      },
      { order_no: 'S3', amount: '0', paid_ms: null, no_paid: true, chain: '7', payload: '[1, "x"]' },
      {
        order_no: '订单二',
        amount: '9007199254740991',
        paid_ms: null,
        no_paid: true,
        chain: '',
        payload: null,
      },
    ]);
  });

  it('writes short keys and leaves the nulls out of the JSON', () => {
    const columns = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i}`, 'int']));
    const row = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`column_${i}`, i % 3 === 0 ? null : i]),
    );
    const query = new PgDialect().sqlToQuery(recordset([row], columns, 'x'));
    const json = JSON.parse(String(query.params[0])) as Record<string, number>[];
    // Columns 0, 3, 6 … are null: left out; the 27th column (index 26) is `ba`.
    expect(Object.keys(json[0] ?? {})).toHaveLength(20);
    expect(json[0]).toMatchObject({ b: 1, c: 2, e: 4, z: 25, bc: 28 });
    expect(query.params[0]).not.toContain('column_');
    expect(query.sql).toContain('r."ba" as "column_26"');
  });

  it('takes a json parameter given as bytes, as text or as a value alike', async () => {
    const value = { name: '星际网咖🎮', n: 3 };
    const bytes = Buffer.from(JSON.stringify(value));
    const got =
      await t.rows(sql`select ${bytes}::json ->> 'name' as a, ${JSON.stringify(value)}::json ->> 'name' as b,
      (${bytes}::json ->> 'n')::int as n`);
    expect(got).toEqual([{ a: '星际网咖🎮', b: '星际网咖🎮', n: 3 }]);
  });

  it('reads thirty columns back by their names', async () => {
    const columns = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i}`, 'int']));
    const row = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i}`, i * 10]));
    const [got] = await t.rows(
      sql`select column_0, column_25, column_26, column_29 from ${recordset([row], columns, 'x')}`,
    );
    expect(got).toEqual({ column_0: 0, column_25: 250, column_26: 260, column_29: 290 });
  });
});
