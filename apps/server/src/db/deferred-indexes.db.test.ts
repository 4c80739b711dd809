import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { business } from '../../test/business-factories';
import { factories } from '../../test/factories';
import { rowsOf } from './client';
import { buildDeferredIndexes, deferIndexes, withDeferredIndexes } from './deferred-indexes';
import { orders } from './schema/orders';

/**
 * A bulk load's deferred indexes (db/deferred-indexes.ts): dropped only on PGlite and only from
 * empty tables, built again with the definitions they had, after the load, after a failed load,
 * and by the next start's migrate after a load the process did not live to finish.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

async function anOrder() {
  const [, agent] = await given.chain(1);
  if (!agent) throw new Error('no agent');
  const netBar = await biz.netBar({ agent });
  const player = await biz.player({ channel: await biz.channel({ netBar }) });
  return biz.order({ player, amountFen: 1000 });
}

const indexesOf = async (table: string) =>
  (
    await t.rows(
      sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`,
    )
  ).map((r) => `${String(r.indexname)}: ${String(r.indexdef)}`);
const waiting = async () =>
  (await t.rows(sql`select name from deferred_indexes order by name`)).map((r) => r.name);

describe('deferred indexes', () => {
  it('drops the secondary indexes of an empty table for the load (PGlite) and builds the same ones after it', async () => {
    const before = await indexesOf('orders');
    expect(before.length).toBeGreaterThan(8);
    let during: string[] = [];
    const loaded = await withDeferredIndexes(t.db, [orders], async () => {
      during = await indexesOf('orders');
      await anOrder();
      return 'loaded';
    });
    expect(loaded).toBe('loaded');
    expect(await indexesOf('orders')).toEqual(before);
    expect(await waiting()).toEqual([]);
    if (t.db.driver === 'pg') {
      // Other servers may be reading the same tables: nothing is dropped on PostgreSQL.
      expect(during).toEqual(before);
      return;
    }
    // What stays: the primary key and the unique order number (the load's `on conflict` needs it).
    expect(during.map((d) => d.split(':')[0])).toEqual(['orders_order_no_unique', 'orders_pkey']);
    // The indexes built after the load hold its rows: read through one of them alone.
    const counted = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const plan = JSON.stringify(
        rowsOf(await tx.execute(sql`explain select count(*) from orders where created_at > '2000-01-01'`)),
      );
      expect(plan).toMatch(/Index (Only )?Scan using orders_\w+_idx/);
      return rowsOf(
        await tx.execute(sql`select count(*)::int as n from orders where created_at > '2000-01-01'`),
      );
    });
    expect(counted[0]?.n).toBe(1);
  });

  it('leaves a table with rows alone', async () => {
    await anOrder();
    const before = await indexesOf('orders');
    expect(await deferIndexes(t.db, [orders])).toBe(0);
    expect(await indexesOf('orders')).toEqual(before);
    expect(await waiting()).toEqual([]);
  });

  it('builds the indexes again when the load fails, and passes its error on', async () => {
    const before = await indexesOf('orders');
    await expect(
      withDeferredIndexes(t.db, [orders], async () => {
        throw new Error('load failed');
      }),
    ).rejects.toThrow('load failed');
    expect(await indexesOf('orders')).toEqual(before);
    expect(await waiting()).toEqual([]);
  });

  it('after a load the process did not finish, the next migrate builds what was deferred', async () => {
    const before = await indexesOf('orders');
    const dropped = await deferIndexes(t.db, [orders]);
    if (t.db.driver === 'pg') {
      expect(dropped).toBe(0);
      return;
    }
    expect(dropped).toBe(before.length - 2);
    expect(await waiting()).toHaveLength(dropped);
    // The process dies here; the next start opens the folder and migrates.
    await t.db.migrate();
    expect(await indexesOf('orders')).toEqual(before);
    expect(await waiting()).toEqual([]);
    expect(await buildDeferredIndexes(t.db)).toBe(0);
  });
});
