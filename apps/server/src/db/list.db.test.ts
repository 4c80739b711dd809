import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { keyBatches, type ListSource, type PageSelection, pageOf, pageOfKeys } from './list';
import { agents } from './schema/agents';

/**
 * The list pipeline's reading on the real engines: pages and keyset batches agree with one ordered
 * query, ties on the sort column included (the demo world has many agents created at one instant).
 */

const t = useTestApp();

const source = (order: 'asc' | 'desc', where = sql`true`): ListSource => ({
  from: sql`${agents}`,
  where: [where],
  key: agents.id,
  sort: { column: agents.createdAt, order },
});

async function expected(order: 'asc' | 'desc', where = sql`true`): Promise<number[]> {
  const dir = sql.raw(order);
  const rows = await t.rows(sql`select id from agents where ${where} order by created_at ${dir}, id ${dir}`);
  return rows.map((r) => Number(r.id));
}

describe('the list pipeline', () => {
  it('has ties on the sort column to break', async () => {
    const [row] = await t.rows(sql`select count(*) - count(distinct created_at) as ties from agents`);
    expect(Number(row?.ties)).toBeGreaterThan(10);
  });

  it.each(['asc', 'desc'] as const)('walks every key once in %s order, in batches of 7', async (order) => {
    const keys: number[] = [];
    let batches = 0;
    for await (const batch of keyBatches(t.db.q(), source(order), 7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      keys.push(...batch);
      batches++;
    }
    expect(keys).toEqual(await expected(order));
    expect(batches).toBe(Math.ceil(keys.length / 7));
  });

  it('walks a filtered set and an empty one', async () => {
    const where = sql`${agents.agentLevel} = 4`;
    const keys: number[] = [];
    for await (const batch of keyBatches(t.db.q(), source('desc', where), 5)) keys.push(...batch);
    expect(keys).toEqual(await expected('desc', where));
    const none: number[][] = [];
    for await (const batch of keyBatches(t.db.q(), source('desc', sql`false`))) none.push(batch);
    expect(none).toEqual([]);
  });

  it('pages the same order, with the total of all matches on every page and past the end', async () => {
    const all = await expected('desc');
    const first = await pageOfKeys(t.db.q(), source('desc'), { pageNum: 1, pageSize: 30 });
    const third = await pageOfKeys(t.db.q(), source('desc'), { pageNum: 3, pageSize: 30 });
    expect(first).toEqual({ keys: all.slice(0, 30), total: all.length });
    expect(third).toEqual({ keys: all.slice(60, 90), total: all.length });
    expect(await pageOfKeys(t.db.q(), source('desc'), { pageNum: 1000, pageSize: 30 })).toEqual({
      keys: [],
      total: all.length,
    });
  });

  it("counts from the source's own count when it has one (a rollup), in the same statement", async () => {
    const all = await expected('desc');
    const counted = { ...source('desc'), count: sql`(select 12345)` };
    expect(await pageOfKeys(t.db.q(), counted, { pageNum: 2, pageSize: 30 })).toEqual({
      keys: all.slice(30, 60),
      total: 12345,
    });
  });

  it('pages a partitioned source as a merge of its partitions, in the same order as one walk', async () => {
    // Partitions by parent: the agents under a few parents, ties on the sort column included.
    const parents = (
      await t.rows(sql`select parent_id from agents where parent_id is not null
      group by parent_id order by count(*) desc limit 4`)
    ).map((r) => Number(r.parent_id));
    // All four, and the largest alone (every row of a page from one partition: its range is read
    // exactly to the page's depth).
    for (const values of [parents, parents.slice(0, 1)])
      for (const order of ['asc', 'desc'] as const) {
        const under = sql`${agents.parentId} in (${sql.join(
          values.map((p) => sql`${p}`),
          sql`, `,
        )})`;
        const all = await expected(order, under);
        expect(all.length).toBeGreaterThan(10);
        const merged: ListSource = {
          ...source(order),
          where: [sql`${agents.agentLevel} > 0`],
          partitions: { column: agents.parentId, values },
        };
        const pages: number[] = [];
        for (let pageNum = 1; pageNum <= Math.ceil(all.length / 7) + 1; pageNum++) {
          const page = await pageOfKeys(t.db.q(), merged, { pageNum, pageSize: 7 });
          expect(page.total).toBe(all.length);
          pages.push(...page.keys);
        }
        expect(pages).toEqual(all);
        const batches: number[] = [];
        for await (const batch of keyBatches(t.db.q(), merged, 5)) batches.push(...batch);
        expect(batches).toEqual(all);
      }
    const none = { ...source('desc'), partitions: { column: agents.parentId, values: [] } };
    expect(await pageOfKeys(t.db.q(), none, { pageNum: 1, pageSize: 30 })).toEqual({ keys: [], total: 0 });
  });

  it('prepares a page (pageOf) by name on PostgreSQL: one statement for every page of one filter shape', async () => {
    const prepared = await t.db.transaction(async (tx) => {
      // One connection (the transaction's), so what it has prepared is what these pages named.
      // A filter of its own, so no earlier test on this connection has prepared the same text.
      const mine = sql`${agents.agentName} <> 'prepared by name'`;
      const names = (page: PageSelection) =>
        tx.select({ id: agents.id, total: page.total }).from(agents).where(inArray(agents.id, page.keys));
      for (const pageNum of [1, 2, 3])
        await pageOf(tx, source('desc', mine), { pageNum, pageSize: 30 }, names);
      await pageOf(tx, source('asc', mine), { pageNum: 1, pageSize: 30 }, names);
      await tx.execute(sql`select 1 as unnamed`);
      const rows = await tx.execute(sql`select name, statement from pg_prepared_statements order by name`);
      return (rows as unknown as { rows: { name: string; statement: string }[] }).rows;
    });
    if (t.db.driver === 'pglite') {
      // PGlite plans every statement: nothing is kept by name.
      expect(prepared).toEqual([]);
      return;
    }
    const pages = prepared.filter((r) => r.statement.includes('prepared by name'));
    // The descending pages share one statement, the ascending list has its own.
    expect(pages).toHaveLength(2);
    for (const p of pages) expect(p.name).toMatch(/^s[0-9a-f]{40}$/);
    expect(prepared.some((r) => r.statement.includes('unnamed'))).toBe(false);
  });

  it('reads without parallel query on PostgreSQL (workers would take the cores of the calls beside)', async () => {
    const [row] = await t.rows(sql`select current_setting('max_parallel_workers_per_gather') as workers`);
    if (t.db.driver === 'pg') expect(row?.workers).toBe('0');
    else expect(typeof row?.workers).toBe('string');
  });

  describe('one page in one statement (pageOf)', () => {
    const display = (page: PageSelection) =>
      t.db
        .q()
        .select({ id: agents.id, name: agents.agentName, total: page.total })
        .from(agents)
        .where(inArray(agents.id, page.keys))
        .orderBy(page.order);

    it.each(['asc', 'desc'] as const)(
      'reads the rows of each page in %s order with the total',
      async (order) => {
        const all = await expected(order);
        for (const pageNum of [1, 2, Math.ceil(all.length / 30)]) {
          const { rows, total } = await pageOf(t.db.q(), source(order), { pageNum, pageSize: 30 }, display);
          expect(rows.map((r) => r.id)).toEqual(all.slice((pageNum - 1) * 30, pageNum * 30));
          expect(total).toBe(all.length);
        }
      },
    );

    it('answers a page past the end with no rows and the true total, and an empty list with 0', async () => {
      const all = await expected('desc');
      expect(await pageOf(t.db.q(), source('desc'), { pageNum: 1000, pageSize: 30 }, display)).toEqual({
        rows: [],
        total: all.length,
      });
      expect(
        await pageOf(t.db.q(), source('desc', sql`false`), { pageNum: 1, pageSize: 30 }, display),
      ).toEqual({
        rows: [],
        total: 0,
      });
      const where = sql`${agents.agentLevel} = 4`;
      const fours = await expected('desc', where);
      const { rows, total } = await pageOf(
        t.db.q(),
        source('desc', where),
        { pageNum: 1, pageSize: 5 },
        display,
      );
      expect(rows.map((r) => r.id)).toEqual(fours.slice(0, 5));
      expect(total).toBe(fours.length);
    });

    it("takes the source's count when it has one", async () => {
      const { rows, total } = await pageOf(
        t.db.q(),
        { ...source('desc'), count: sql`(select 777)` },
        { pageNum: 1, pageSize: 3 },
        display,
      );
      expect(rows).toHaveLength(3);
      expect(total).toBe(777);
    });
  });
});
