import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { contains, isCaseless } from './filters';

/** "Contains" on both engines: LIKE where case cannot matter, ILIKE otherwise, the same rows either way. */

let opened: TestDatabase | null = null;
const db = () => {
  if (!opened) throw new Error('not open');
  return opened.db.q();
};
beforeAll(async () => {
  opened = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await opened?.drop();
});

const VALUES = [
  '南山网咖',
  '南山网咖联盟',
  '网咖',
  '福田电竞',
  'ABC网咖',
  'abc网吧',
  'Abc',
  '100%网咖',
  '1000网咖',
  'a_b',
  'axb',
  'İstanbul',
  '',
];

const rendered = (text: string) => new PgDialect().sqlToQuery(contains(sql`v`, text) ?? sql`true`).sql;

async function matches(text: string): Promise<string[]> {
  const values = sql.join(
    VALUES.map((v) => sql`(${v})`),
    sql`, `,
  );
  const rows = await db().execute(sql`select v from (values ${values}) t(v) where ${contains(sql`v`, text)}`);
  return (rows as unknown as { rows: { v: string }[] }).rows.map((r) => r.v).sort();
}

describe('contains', () => {
  it('tells keywords without case from the others', () => {
    for (const text of ['网咖', '138', '100%', '_', '南山 网咖']) expect(isCaseless(text)).toBe(true);
    for (const text of ['abc', 'ABC', 'Abc网咖', 'ß', 'i\u0307']) expect(isCaseless(text)).toBe(false);
  });

  it('matches a Chinese keyword or digits with LIKE, anything with a case with ILIKE', () => {
    expect(rendered('网咖')).toBe('v like $1');
    expect(rendered('1380')).toBe('v like $1');
    expect(rendered('abc')).toBe('v ilike $1');
    expect(rendered('ABC网咖')).toBe('v ilike $1');
  });

  it('finds the rows ILIKE finds, pattern characters taken literally', async () => {
    const sorted = (list: string[]) => [...list].sort();
    expect(await matches('网咖')).toEqual(
      sorted(['100%网咖', '1000网咖', 'ABC网咖', '南山网咖', '南山网咖联盟', '网咖']),
    );
    expect(await matches('100%')).toEqual(['100%网咖']);
    expect(await matches('_')).toEqual(['a_b']);
    expect(await matches('abc')).toEqual(sorted(['Abc', 'ABC网咖', 'abc网吧']));
    expect(await matches('ABC网')).toEqual(sorted(['ABC网咖', 'abc网吧']));
    for (const text of ['网咖', '南山', '1000', 'abc', 'AbC网', 'a_b', 'stan']) {
      const reference = await db().execute(
        sql`select v from (values ${sql.join(
          VALUES.map((v) => sql`(${v})`),
          sql`, `,
        )}) t(v) where v ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
      expect(await matches(text)).toEqual(
        (reference as unknown as { rows: { v: string }[] }).rows.map((r) => r.v).sort(),
      );
    }
  });
});
