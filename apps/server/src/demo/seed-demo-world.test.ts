import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { areasWithin } from '../modules/regions/region-tree';
import { createServices } from '../services';
import { DEMO_AGENTS } from './demo-world';
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
  it('creates 30-50 agents on every level 0 to 5, in under 5 seconds', async () => {
    const started = Date.now();
    const result = await seedDemoWorld(t.db, services());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result).toEqual({ seeded: true, agents: DEMO_AGENTS.length });
    const rows = await agents();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.length).toBeLessThanOrEqual(50);
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

  it('does nothing when the operator already exists', async () => {
    await seedDemoWorld(t.db, services());
    const before = await t.snapshot();
    expect(await seedDemoWorld(t.db, services())).toEqual({ seeded: false, agents: 0 });
    expect(await t.snapshot()).toEqual(before);
  });
});
