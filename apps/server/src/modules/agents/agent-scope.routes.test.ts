import {
  type AgentTreeNode,
  createAgent,
  deleteAgent,
  getOrderProfitRatios,
  isXuanHaoExistUser,
  queryAgentAreaDetail,
  queryAgentDetail,
  queryAgentInfo,
  queryAgentInfoPage,
  querySubAgentTaskStatus,
  type RegionNode,
  updateAgent,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentMgtHelpers } from '../../../test/agent-mgt-helpers';
import { DEMO_DIGEST, useTestApp } from '../../../test/build-test-app';
import { demoPasswordHash } from '../../demo/seed-demo-world';
import { createServices } from '../../services';
import { type AgentFlags, FLAG_KEYS, NO_FLAGS } from './agent-rules';

/**
 * Issue 4, point 6: scoping, proven. Random agent trees are built through the service; one agent
 * of a tree then asks every agent endpoint, by id and by filter, for agents outside its subtree.
 * Every such request must be refused (1004, or 1003 where the caller may not manage agents at all)
 * or return nothing of theirs, and change nothing. Fields above the caller's own (level, parent,
 * flags, ratios) are refused.
 */

const t = useTestApp();
const h = agentMgtHelpers(t);
let passwordHash = '';
beforeAll(async () => {
  passwordHash = await demoPasswordHash();
});

const PROVINCES = ['440000', '330000', '510000', '110000', '420000'] as const;

interface NodeSpec {
  parent: number;
  levelStep: number;
  ratioCut: number;
  flagMask: number;
  areaPick: number;
  withGame: boolean;
}

const nodeSpec: fc.Arbitrary<NodeSpec> = fc.record({
  parent: fc.nat(),
  levelStep: fc.integer({ min: 1, max: 2 }),
  ratioCut: fc.integer({ min: 0, max: 20 }),
  flagMask: fc.nat({ max: 127 }),
  areaPick: fc.nat(),
  withGame: fc.boolean(),
});

interface Built {
  id: number;
  parentId: number;
  level: number;
  phone: string;
  name: string;
  areas: string[];
  proportion: number;
  baseProfitRatio: number;
  flags: AgentFlags;
}

let phoneCounter = 0;

describe('scoping (property-based)', () => {
  it('never lets an agent read or change agents outside its subtree, nor set fields above its own', async () => {
    const services = createServices({ db: t.db, config: t.config, clock: t.clock.now });
    const operatorId = await h.idOf('13800000000');
    const operatorRow = await services.agents.findOperator();
    if (!operatorRow) throw new Error('no operator');
    const wzry = await h.gameId('王者荣耀');

    await fc.assert(
      fc.asyncProperty(
        fc.array(nodeSpec, { minLength: 2, maxLength: 7 }),
        fc.nat(),
        fc.nat(),
        async (specs, callerPick, outsiderPick) => {
          // Build a random tree under the operator, through the service and its rules.
          const built: Built[] = [];
          for (const [i, spec] of specs.entries()) {
            const k = spec.parent % (i + 1);
            let parent: Omit<Built, 'phone' | 'name'> =
              k === i
                ? {
                    id: operatorId,
                    parentId: 0,
                    level: 0,
                    areas: [],
                    proportion: 10000,
                    baseProfitRatio: 10000,
                    flags: { ...NO_FLAGS, ...pickFlags(operatorRow) },
                  }
                : (built[k] as Built);
            if (parent.level + spec.levelStep > 5)
              parent = { ...parent, ...rootLike(operatorId, operatorRow) };
            const level = parent.level + spec.levelStep;
            const areas = childAreas(services.regions.tree, parent.areas, level, spec.areaPick);
            const flags = { ...NO_FLAGS };
            FLAG_KEYS.forEach((f, bit) => {
              flags[f] = parent.flags[f] && (spec.flagMask & (1 << bit)) !== 0;
            });
            const proportion = Math.max(0, parent.proportion - spec.ratioCut * 100);
            const baseProfitRatio = Math.max(
              0,
              Math.min(proportion, parent.baseProfitRatio) - spec.ratioCut * 50,
            );
            const phone = `135${String(++phoneCounter).padStart(8, '0')}`;
            const name = `随机代理${phoneCounter}`;
            const agent = await services.agents.createAgent({
              parentId: parent.id,
              agentLevel: level,
              agentName: name,
              mobilePhone: phone,
              loginPasswordHash: passwordHash,
              areaInfo: areas,
              proportion,
              baseProfitRatio,
              gameRatios: spec.withGame ? [{ gameId: wzry, profitRatio: baseProfitRatio }] : [],
              flags,
            });
            built.push({
              id: agent.id,
              parentId: parent.id,
              level,
              phone,
              name,
              areas,
              proportion,
              baseProfitRatio,
              flags,
            });
          }

          const caller = built[callerPick % built.length] as Built;
          const all = await t.rows(sql`select id, parent_id, agent_name from agents where status = 'active'`);
          const children = new Map<number, number[]>();
          for (const r of all) {
            const p = Number(r.parent_id);
            children.set(p, [...(children.get(p) ?? []), Number(r.id)]);
          }
          const subtree = new Set<number>();
          const walk = (id: number) => {
            subtree.add(id);
            for (const c of children.get(id) ?? []) walk(c);
          };
          walk(caller.id);
          const outsiders = all.map((r) => Number(r.id)).filter((id) => !subtree.has(id));
          const targets = [
            caller.parentId,
            outsiders[outsiderPick % outsiders.length] as number,
            ...built
              .filter((b) => !subtree.has(b.id))
              .map((b) => b.id)
              .slice(0, 2),
            2_000_000,
          ];
          const nameOf = new Map(all.map((r) => [Number(r.id), String(r.agent_name)]));

          const cookie = await t.login(caller.phone);
          const before = await t.snapshot();
          const refused = (code: string) => code !== '0000';
          const mine = (ids: readonly number[]) => ids.every((id) => subtree.has(id));

          // By filter: whatever is asked, only agents of the subtree come back.
          const listed = await t.call(queryAgentInfoPage, { pageSize: 200 }, { cookie });
          if (caller.level <= 4) {
            expect(listed.responseCode).toBe('0000');
            expect(mine((listed.object ?? []).map((a) => a.id))).toBe(true);
          } else expect(listed.responseCode).toBe('1003');
          const info = await t.call(queryAgentInfo, {}, { cookie });
          expect(mine(treeIds(info.object?.structuredPid ?? []).filter((id) => id !== -1))).toBe(true);

          for (const filter of [
            { agentLevel: Math.min(5, caller.level + 1) },
            { areaKey: '440000' },
            { mobilePhone: '0' },
          ]) {
            const res = await t.call(queryAgentInfoPage, { pageSize: 200, ...filter }, { cookie });
            expect(refused(res.responseCode) || mine((res.object ?? []).map((a) => a.id))).toBe(true);
          }
          for (const target of targets) {
            const name = nameOf.get(target) ?? '不存在的代理';
            for (const filter of [{ pid: target }, { agentName: name }]) {
              const res = await t.call(queryAgentInfoPage, { pageSize: 200, ...filter }, { cookie });
              const ids = (res.object ?? []).map((a) => a.id);
              expect(refused(res.responseCode) || mine(ids)).toBe(true);
            }
            // By id: every endpoint that takes one refuses.
            const notFound = (code: string) =>
              expect(code === '1004' || (caller.level === 5 && code === '1003')).toBe(true);
            expect((await h.callAt(queryAgentDetail, { id: target }, {}, cookie)).responseCode).toBe('1004');
            expect((await t.call(getOrderProfitRatios, { agentId: target }, { cookie })).responseCode).toBe(
              '1004',
            );
            expect((await t.call(queryAgentAreaDetail, { parentId: target }, { cookie })).responseCode).toBe(
              '1004',
            );
            const tasks = await t.call(
              querySubAgentTaskStatus,
              { agentIds: [caller.id, target] },
              { cookie },
            );
            expect(tasks.responseCode).toBe('1004');
            notFound((await h.callAt(deleteAgent, { id: target }, {}, cookie)).responseCode);
            notFound(
              (
                await t.call(
                  updateAgent,
                  {
                    id: target,
                    agentName: '越权修改',
                    areaInfo: caller.areas,
                    proportion: 0,
                    baseProfitRatio: 0,
                    gameProfitRatios: [],
                  },
                  { cookie },
                )
              ).responseCode,
            );
            notFound(
              (await t.call(createAgent, newChild(caller, { parentId: target }), { cookie })).responseCode,
            );
          }

          // Fields above the caller's own are refused.
          const above: Parameters<typeof newChild>[1][] = [
            { agentLevel: caller.level },
            { proportion: (caller.proportion + 1) / 10000 },
            { baseProfitRatio: (caller.baseProfitRatio + 1) / 10000 },
          ];
          const lacking = FLAG_KEYS.find((f) => !caller.flags[f]);
          if (lacking) above.push({ flags: { [lacking]: true } });
          if (caller.level < 5)
            for (const body of above) {
              const res = await t.callUnchecked(createAgent, newChild(caller, body), { cookie });
              expect(refused(res.responseCode)).toBe(true);
            }
          const self = await t.call(
            updateAgent,
            {
              id: caller.id,
              agentName: '自己',
              areaInfo: caller.areas,
              proportion: 1,
              baseProfitRatio: 1,
              gameProfitRatios: [],
            },
            { cookie },
          );
          expect(refused(self.responseCode)).toBe(true);
          // A phone check answers a boolean about the phone only, never an agent's data.
          const exists = await h.callAt(isXuanHaoExistUser, { mobilePhone: '13800000000' }, {}, cookie);
          expect(exists.object).toBe(true);

          expect(await t.snapshot()).toEqual(before);
        },
      ),
      { numRuns: 25, seed: 4242 },
    );
  }, 240_000);
});

function pickFlags(row: AgentFlags): AgentFlags {
  return Object.fromEntries(FLAG_KEYS.map((f) => [f, row[f]])) as unknown as AgentFlags;
}

/** A parent too deep for the wanted step: hang the node under the operator instead. */
function rootLike(operatorId: number, operator: AgentFlags) {
  return {
    id: operatorId,
    parentId: 0,
    level: 0,
    areas: [],
    proportion: 10000,
    baseProfitRatio: 10000,
    flags: pickFlags(operator),
  };
}

/** Areas inside the parent's: a province for the first level below the whole country, else the same or one step deeper. */
function childAreas(
  tree: readonly RegionNode[],
  parentAreas: readonly string[],
  level: number,
  pick: number,
): string[] {
  if (level <= 1) return [];
  const [first] = parentAreas;
  if (first === undefined) return [PROVINCES[pick % PROVINCES.length] as string];
  const codes = first.split('-').map(Number);
  let nodes: readonly RegionNode[] = tree;
  let node: RegionNode | undefined;
  for (const code of codes) {
    node = nodes.find((n) => n.id === code);
    nodes = node?.children ?? [];
  }
  const child = nodes[pick % Math.max(1, nodes.length)];
  return pick % 3 === 0 || !child ? [first] : [`${first}-${child.id}`];
}

const treeIds = (nodes: readonly AgentTreeNode[]): number[] =>
  nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);

function newChild(
  caller: Built,
  overrides: {
    parentId?: number;
    agentLevel?: number;
    proportion?: number;
    baseProfitRatio?: number;
    flags?: Partial<AgentFlags>;
  },
) {
  return {
    mobilePhone: `134${String(caller.id).padStart(8, '0')}`,
    password: DEMO_DIGEST,
    agentLevel: Math.min(5, caller.level + 1),
    agentName: '越权创建',
    areaInfo: caller.areas.length > 0 ? caller.areas : ['440000'],
    proportion: 0,
    baseProfitRatio: 0,
    gameProfitRatios: [],
    ...overrides,
  };
}
