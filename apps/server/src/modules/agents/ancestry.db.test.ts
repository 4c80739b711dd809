import { createAgent } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentMgtHelpers } from '../../../test/agent-mgt-helpers';
import { md5Hex, useTestApp } from '../../../test/build-test-app';
import { createAgentsRepository } from './agents.repository';

/** The closure table behind every scope: it must say exactly what walking `parent_id` says. */

const t = useTestApp();
const h = agentMgtHelpers(t);

/** The (ancestor, descendant, depth) rows the tree implies, by walking parent_id. */
const walked = () =>
  t.rows(sql`
    with recursive chain(ancestor_id, descendant_id, depth) as (
      select id, id, 0 from agents
      union all
      select a.parent_id, c.descendant_id, c.depth + 1 from chain c join agents a on a.id = c.ancestor_id
      where a.parent_id is not null)
    select ancestor_id, descendant_id, depth from chain order by 1, 2`);
const stored = () => t.rows(sql`select ancestor_id, descendant_id, depth from agent_ancestry order by 1, 2`);

describe('agent_ancestry', () => {
  it('holds every pair of the demo world, itself at depth 0', async () => {
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows).toEqual(await walked());
  });

  it('gains the rows of an agent created through the API, and gives its chain from the root down', async () => {
    const l3 = await h.idOf('13800000003');
    const res = await t.call(
      createAgent,
      {
        mobilePhone: '13712340009',
        password: md5Hex('Start2026'),
        agentLevel: 4,
        agentName: '福田区代理',
        areaInfo: ['440000-440300-440304'],
        proportion: 0.1,
        baseProfitRatio: 0.05,
        gameProfitRatios: [],
      },
      { cookie: await h.as('13800000003') },
    );
    expect(res.responseCode).toBe('0000');
    const id = res.object?.id ?? 0;
    expect(await stored()).toEqual(await walked());
    const chain = await createAgentsRepository(t.db).chain(id);
    expect(chain).toEqual([
      await h.idOf('13800000000'),
      await h.idOf('13800000001'),
      await h.idOf('13800000002'),
      l3,
      id,
    ]);
  });
});
