import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { type Database, type Db, rowsOf } from '../../db/client';
import { type AgentListFilters, createAgentsRepository } from './agents.repository';

/**
 * The agent list's queries on a tree of 51,111 agents (issue 7): what the planner does with them,
 * so their cost follows the page and the caller's subtree rather than the whole tree. A level-2
 * agent's list (511 agents below it) reads the closure table and probes its agents by id without
 * a scan of the table; the operator's deep page skips its offset inside an index, not the table.
 * (On a tree this size a scan costs tens of milliseconds per call; `npm run bench:list` measures
 * the calls.)
 */

let opened: TestDatabase | null = null;
const database = (): Database => {
  if (!opened) throw new Error('not open');
  return opened.db;
};

/**
 * Ids by level: 1 the operator; 2-11 level 1; 12-111 level 2 (ten each); 112-1111 level 3;
 * 1112-11111 level 4; 11112-51111 level 5 (four per level-4 agent). Created over two years; one
 * name in eight holds 网咖.
 */
const LEVELS = [
  { level: 1, first: 2, last: 11, parentFirst: 1, fanOut: 10 },
  { level: 2, first: 12, last: 111, parentFirst: 2, fanOut: 10 },
  { level: 3, first: 112, last: 1111, parentFirst: 12, fanOut: 10 },
  { level: 4, first: 1112, last: 11111, parentFirst: 112, fanOut: 10 },
  { level: 5, first: 11112, last: 51111, parentFirst: 1112, fanOut: 4 },
] as const;
const OPERATOR = 1;
const LEVEL2 = 12;

beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.migrate();
  const q = (query: SQL) => database().q().execute(query);
  await q(sql`insert into accounts (id, mobile_phone, login_password_hash)
    select 10000 + g, '151' || lpad(g::text, 8, '0'), 'x' from generate_series(1, 51111) g`);
  const agentRow = (level: number, parent: SQL) => sql`
    select g, 10000 + g, ${parent}, ${level}::smallint,
      case when g % 8 = 0 then '代理' || g || '网咖' else '代理' || g end,
      now() - ((g * 7919) % 1051200) * interval '1 minute'`;
  await q(sql`insert into agents (id, user_id, parent_id, agent_level, agent_name, created_at)
    overriding system value ${agentRow(0, sql`null::int`)} from generate_series(1, 1) g`);
  for (const l of LEVELS) {
    await q(sql`insert into agents (id, user_id, parent_id, agent_level, agent_name, created_at)
      overriding system value
      ${agentRow(l.level, sql`${l.parentFirst} + (g - ${l.first}) / ${l.fanOut}`)}
      from generate_series(${l.first}::int, ${l.last}::int) g`);
  }
  await q(sql`insert into agent_ancestry (ancestor_id, descendant_id, depth) select id, id, 0 from agents`);
  for (const l of LEVELS) {
    await q(sql`insert into agent_ancestry (ancestor_id, descendant_id, depth)
      select p.ancestor_id, a.id, p.depth + 1 from agents a
      join agent_ancestry p on p.descendant_id = a.parent_id where a.agent_level = ${l.level}`);
  }
  await q(sql`select setval(pg_get_serial_sequence('agents', 'id'), 51111)`);
  // As autovacuum leaves a table: statistics and the visibility map.
  await createAgentsRepository(database()).vacuumAnalyze();
}, 300_000);
afterAll(async () => {
  await opened?.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The raw queries a repository call sends (the list pipeline's count with the page's keys: one statement), with their plans. */
async function plansOf(call: (db: Database) => Promise<unknown>): Promise<PlanNode[][]> {
  const sent: SQL[] = [];
  const base = database();
  const recording: Database = {
    ...base,
    q: () =>
      new Proxy(base.q(), {
        get(target, prop, receiver) {
          if (prop === 'execute')
            return (query: SQL) => {
              sent.push(query);
              return target.execute(query);
            };
          return Reflect.get(target, prop, receiver);
        },
      }) as Db,
  };
  await call(recording);
  const plans: PlanNode[][] = [];
  for (const query of sent) {
    const [row] = rowsOf(await base.q().execute(sql`explain (format json) ${query}`));
    const raw = row?.['QUERY PLAN'];
    const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    if (!plan) throw new Error('no plan');
    plans.push(nodesOf(plan.Plan));
  }
  return plans;
}

const filters = (f: Partial<AgentListFilters> = {}): AgentListFilters => ({
  created: {},
  sort: { field: 'createTime', order: 'desc' },
  ...f,
});
const readsOfAgents = (nodes: PlanNode[]) =>
  nodes
    .filter((n) => n['Relation Name'] === 'agents')
    .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

describe('the agent list on 51,111 agents', () => {
  const level2 = { agentId: LEVEL2, wholeTree: false, agentLevel: 2 };
  const operator = { agentId: OPERATOR, wholeTree: true, agentLevel: 0 };

  it.each([
    ['page 1', filters(), 1],
    ['the last page', filters(), 17],
    ['a name filter', filters({ agentName: '网咖' }), 1],
  ])(
    'of a level-2 agent (%s) never scans the agents table: closure table, then index-only probes',
    async (_, f, pageNum) => {
      const plans = await plansOf((db) =>
        createAgentsRepository(db).page(level2, f, { pageNum, pageSize: 30 }),
      );
      expect(plans).toHaveLength(1);
      for (const nodes of plans) {
        // The planner may probe by id or walk the index of the list's order (it has done both on
        // PostgreSQL); either way the agents are read from an index alone, never from the table.
        const reads = readsOfAgents(nodes);
        expect(reads.length).toBeGreaterThan(0);
        expect(reads.filter((r) => !r.startsWith('Index Only Scan agents_active_'))).toEqual([]);
        expect(nodes.some((n) => n['Relation Name'] === 'agent_ancestry')).toBe(true);
      }
    },
  );

  it('of a level-2 agent finds the same rows as walking its subtree', async () => {
    const page = await createAgentsRepository(database()).page(level2, filters({ agentName: '网咖' }), {
      pageNum: 1,
      pageSize: 200,
    });
    const expected = rowsOf(
      await database()
        .q()
        .execute(sql`
        with recursive sub(id) as (select id from agents where parent_id = ${LEVEL2}
          union all select a.id from agents a join sub on a.parent_id = sub.id)
        select a.id from agents a join sub using (id) where a.agent_name like '%网咖%'
        order by a.created_at desc, a.id desc`),
    ).map((r) => Number(r.id));
    expect(page.total).toBe(expected.length);
    expect(page.rows.map((r) => r.agent.id)).toEqual(expected);
  });

  it("of the operator skips a deep page's offset inside the index of the list's order", async () => {
    const plans = await plansOf((db) =>
      createAgentsRepository(db).page(operator, filters(), { pageNum: 1500, pageSize: 30 }),
    );
    // One statement: the count of the whole tree (a pass over every active agent, as before) and
    // the page's keys, read from the index of the list's order.
    expect(plans).toHaveLength(1);
    expect(readsOfAgents(plans[0] ?? [])).toContain('Index Only Scan agents_active_created_at_id_idx');
  });
});
