import { updateAgent } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { factories, type GivenAgent } from '../../../test/factories';

/**
 * A parent and its child updated at the same time: each change is within bounds alone, together
 * they would leave the child above the parent. On PostgreSQL the two requests really race.
 */
const t = useTestApp({ seed: 'empty' });
const given = factories(t);

const bodyOf = (agent: GivenAgent, proportion: number) => ({
  id: agent.id,
  agentName: agent.name,
  areaInfo: agent.areas,
  proportion,
  baseProfitRatio: agent.baseProfitRatio / 10000,
  gameProfitRatios: [],
  remark: '',
});

describe('bounds of a parent and a child changed at once', () => {
  it('never leaves the child above the parent: one of the two changes is refused', async () => {
    const operator = await given.operator();
    const cookie = await given.login(operator);
    for (let round = 0; round < 12; round++) {
      const parent = await given.agent({ proportion: 9500 });
      const child = await given.agent({ parent, proportion: 5000 });
      // Lower the parent to 60 % (above the child's 50 %) while raising the child to 80 % (under the parent's 95 %).
      const [lowered, raised] = await Promise.all([
        t.call(updateAgent, bodyOf(parent, 0.6), { cookie }),
        t.call(updateAgent, bodyOf(child, 0.8), { cookie }),
      ]);
      expect([lowered.responseCode, raised.responseCode].sort()).toEqual(['0000', '1000']);
      const [row] = await t.rows(sql`select p.proportion as parent, c.proportion as child
        from agents c join agents p on p.id = c.parent_id where c.id = ${child.id}`);
      expect(Number(row?.child)).toBeLessThanOrEqual(Number(row?.parent));
    }
  });
});
