import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { areasWithin } from '../modules/regions/region-tree';
import { createServices } from '../services';
import { DEMO_AGENTS, generateDemoAgents } from './demo-world';
import { seedDemoWorld } from './seed-demo-world';

const t = useTestApp({ seed: 'empty' });
const services = () => createServices({ db: t.db, config: t.config, clock: t.clock.now });

interface Row {
  id: number;
  parent_id: number | null;
  agent_level: number;
  area_info: string[];
  mobile_phone: string;
  user_id: number;
}

const agents = async () =>
  (await t.rows(sql`select a.id, a.parent_id, a.agent_level, a.area_info, a.user_id, c.mobile_phone
    from agents a join accounts c on c.id = a.user_id order by a.id`)) as unknown as Row[];

describe('seedDemoWorld', () => {
  // How long seeding takes is measured by `npm run bench:start`, not asserted here.
  it('creates 300-400 agents on every level 0 to 5', async () => {
    const result = await seedDemoWorld(t.db, services());
    const generated = generateDemoAgents(services().regions);
    expect(result).toEqual({ seeded: true, agents: DEMO_AGENTS.length + generated.length });
    const rows = await agents();
    expect(rows.length).toBe(DEMO_AGENTS.length + generated.length);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.length).toBeLessThanOrEqual(400);
    expect(new Set(rows.map((r) => r.agent_level))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('makes the operator user 10000 with phone 13800000000', async () => {
    await seedDemoWorld(t.db, services());
    const [operator] = await agents();
    expect(operator).toMatchObject({
      user_id: 10000,
      mobile_phone: '13800000000',
      agent_level: 0,
      parent_id: null,
    });
  });

  it('chains 13800000001 to 13800000005, each the child of the previous, down to 南山区', async () => {
    await seedDemoWorld(t.db, services());
    const rows = await agents();
    const byPhone = new Map(rows.map((r) => [r.mobile_phone, r]));
    for (let level = 1; level <= 5; level++) {
      const agent = byPhone.get(`1380000000${level}`);
      const parent = byPhone.get(`1380000000${level - 1}`);
      expect(agent?.agent_level).toBe(level);
      expect(agent?.parent_id).toBe(parent?.id);
    }
    expect(byPhone.get('13800000002')?.area_info).toEqual(['440000']);
    expect(byPhone.get('13800000003')?.area_info).toEqual(['440000-440300']);
    expect(byPhone.get('13800000004')?.area_info).toEqual(['440000-440300-440305']);
  });

  it("keeps every agent deeper than its parent and inside its parent's areas", async () => {
    await seedDemoWorld(t.db, services());
    const rows = await agents();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows.filter((r) => r.parent_id !== null)) {
      const parent = byId.get(row.parent_id ?? -1);
      expect(parent).toBeDefined();
      expect(row.agent_level).toBeGreaterThan(parent?.agent_level ?? 99);
      expect(areasWithin(row.area_info, parent?.area_info ?? [])).toBe(true);
    }
  });

  it('spreads the branches over 广东, 浙江, 四川, 北京 and 湖北', async () => {
    await seedDemoWorld(t.db, services());
    const provinces = new Set((await agents()).flatMap((r) => r.area_info.map((k) => k.slice(0, 6))));
    for (const p of ['440000', '330000', '510000', '110000', '420000']) expect(provinces).toContain(p);
  });

  it('generates the same world every time: unique phones, real place names, the chain untouched', () => {
    const regions = services().regions;
    const once = generateDemoAgents(regions);
    expect(generateDemoAgents(regions)).toEqual(once);
    const all = [...DEMO_AGENTS, ...once];
    expect(new Set(all.map((a) => a.phone)).size).toBe(all.length);
    expect(new Set(all.map((a) => a.key)).size).toBe(all.length);
    for (const a of once) {
      expect(a.phone).toMatch(/^136\d{8}$/);
      expect(a.name).toMatch(/^[\u4e00-\u9fa5]{2,12}$/);
      for (const key of a.areas) expect(regions.isValidKey(key)).toBe(true);
      // Nothing generated lands inside the chain's city.
      expect(a.areas.some((k) => k.startsWith('440000-440300'))).toBe(false);
    }
    const provinces = new Set(all.flatMap((a) => a.areas.map((k) => k.slice(0, 6))));
    expect(provinces.size).toBeGreaterThanOrEqual(13);
  });

  it('does nothing when the operator already exists', async () => {
    await seedDemoWorld(t.db, services());
    const before = await t.snapshot();
    expect(await seedDemoWorld(t.db, services())).toEqual({ seeded: false, agents: 0 });
    expect(await t.snapshot()).toEqual(before);
  });
});
