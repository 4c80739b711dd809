import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { createServices } from '../services';
import { DEMO_TRAFFIC_KEY_ID, seedDemoTraffic } from './seed-demo-traffic';
import { buildWorld, demoTrafficAgents, lastDays, trafficDays } from './traffic';

const t = useTestApp();
const services = () => createServices({ db: t.db, config: t.config, clock: t.clock.now });

describe('the demo traffic', () => {
  it('knows the ids the demo seed gives the agents (what the simulator signs bars with)', async () => {
    const computed = demoTrafficAgents(services().regions);
    const stored = await t.rows(sql`select id, agent_level, area_info from agents order by id`);
    expect(computed.length).toBe(stored.length);
    expect(computed.map((a) => [a.id, a.level, a.areas])).toEqual(
      stored.map((r) => [Number(r.id), Number(r.agent_level), r.area_info]),
    );
  });

  it('is the same events for the same seed and day, other events for another seed', () => {
    const s = services();
    const input = { agents: demoTrafficAgents(s.regions), gameIds: [1, 2, 3], regions: s.regions };
    const now = t.clock.now();
    const days = lastDays(now, 3);
    const run = (seed: number, from: readonly string[]) => [
      ...trafficDays(buildWorld({ seed, ...input }), from, 80, now),
    ];
    const twice = [run(1, days), run(1, days)];
    expect(JSON.stringify(twice[0])).toBe(JSON.stringify(twice[1]));
    // A shorter run ending the same day sends that day's own events alike.
    const last =
      run(1, days.slice(2))
        .at(-1)
        ?.events.map((e) => e.id) ?? [];
    const full = twice[0]?.at(-1)?.events.map((e) => e.id) ?? [];
    expect(full.every((id) => last.includes(id))).toBe(true);
    const other =
      run(2, days)
        .at(-1)
        ?.events.map((e) => e.id) ?? [];
    expect(other.some((id) => full.includes(id))).toBe(false);
  });

  it('feeds a week through the ingestion service once: orders with frozen chains, a second start adds nothing', async () => {
    const s = services();
    const indexes = sql`select indexdef from pg_indexes where tablename = 'orders' order by indexname`;
    const before = await t.rows(indexes);
    const first = await seedDemoTraffic(t.db, s, 'small');
    // The orders' indexes deferred for the load (PGlite) are all built again.
    expect(await t.rows(indexes)).toEqual(before);
    expect(await t.rows(sql`select name from deferred_indexes`)).toEqual([]);
    expect(first.seeded).toBe(true);
    expect(first.days).toBe(7);
    expect(first.orders).toBeGreaterThan(300);
    expect(first.outcomes.rejected ?? 0).toBe(0);
    expect(first.outcomes.conflict ?? 0).toBe(0);
    const [orders] = await t.rows(
      sql`select count(*)::int as n, count(distinct net_bar_id)::int as bars, count(*) filter (where cardinality(agent_chain) < 2)::int as unchained from orders`,
    );
    expect(Number(orders?.n)).toBeGreaterThan(300);
    expect(Number(orders?.bars)).toBeGreaterThan(50);
    expect(orders?.unchained).toBe(0);
    const [keys] = await t.rows(
      sql`select count(distinct key_id)::int as n, min(key_id) as k from ingest_events`,
    );
    expect(keys).toEqual({ n: 1, k: DEMO_TRAFFIC_KEY_ID });
    const snapshot = await t.snapshot();
    expect((await seedDemoTraffic(t.db, s, 'small')).seeded).toBe(false);
    expect(await t.snapshot()).toEqual(snapshot);
    expect((await seedDemoTraffic(t.db, s, 'none')).seeded).toBe(false);
  });
});
