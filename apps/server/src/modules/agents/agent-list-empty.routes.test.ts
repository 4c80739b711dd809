import { queryAgentInfoPage, queryAgentInfoTotal } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { factories } from '../../../test/factories';

/** The agent list on a world built for the test (no demo data): exactly the subtree, at every level. */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);

describe('the agent list on a tree built by the test', () => {
  it('shows each agent of a chain exactly the agents below it, and the operator all but itself', async () => {
    const chain = await given.chain(5);
    const [, , province] = chain;
    if (!province) throw new Error('no province agent');
    const siblings = await given.children(province, 3);
    const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id).sort((a, b) => a - b);

    for (const [i, agent] of chain.entries()) {
      if (agent.level > 4) continue;
      const cookie = await given.login(agent);
      const res = await t.call(queryAgentInfoPage, { pageSize: 200 }, { cookie });
      const below = [...chain.slice(i + 1), ...(i <= 2 ? siblings : [])].map((a) => a.id);
      expect(ids(res.object)).toEqual(below.sort((a, b) => a - b));
      const totals = await t.call(queryAgentInfoTotal, {}, { cookie });
      expect(totals.object?.agentCount).toBe(below.length);
    }
  });

  it('writes the closure rows of every agent the factories make', async () => {
    const [operator, , province] = await given.chain(2);
    const [rows] = await t.rows(sql`select count(*)::int as n from agent_ancestry`);
    // 1 + 2 + 3 pairs for a chain of three.
    expect(Number(rows?.n)).toBe(6);
    expect(province?.level).toBe(2);
    expect(operator?.level).toBe(0);
  });
});
