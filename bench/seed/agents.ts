/**
 * Bench data: grows the agent tree of a database by N agents, realistically. Each run ADDS N
 * agents to whatever tree is there (the demo world first when the database has no operator):
 * a few new level-1 agents under the operator, and every other new agent below an agent of the
 * level above it, old or new, so the existing subtrees (the demo chain's too) grow as well.
 *
 * Shares per level: 0.01 % level 1 (at least one), 0.12 % level 2, 1 % level 3, 8 % level 4, the
 * rest level 5 (50,000 agents: 5, 60, 500, 4,000 and 45,435); a tenth of the promoters hang right
 * below a city agent. Parents are drawn with log-normal weights, so some have many sub-agents and
 * some few. Areas go one step down the region tree from the parent's (province, city, district),
 * ratios and flags a little below the parent's (the demo world's `ratiosBelow`), names from the
 * place names and the demo world's name parts, phones unique, created over the last two years
 * (levels 1-4 early, each within a quarter of its parent's age; promoters any time after their
 * parent; never before a parent made by the bench). Deterministic for a given database state.
 *
 * Every agent is checked against its parent with the product's rules (agent-rules.ts) and written
 * through the agents repository with its account, its closure-table rows and its game ratios
 * (`insertGeneratedAgents`, the demo world's bulk path), in one transaction: a run adds all N or
 * nothing.
 */
import type { RegionNode } from '@agent-console/contract';
import type { Database } from '../../apps/server/src/db/client';
import {
  COMPANY_SUFFIXES,
  type DemoAgent,
  DISTRICT_SUFFIXES,
  GENERATED_ONBOARDING,
  GIVEN,
  isSpecialZone,
  pick,
  prng,
  ratiosBelow,
  SURNAMES,
  shortName,
} from '../../apps/server/src/demo/demo-world';
import {
  checkAgainstParents,
  gameIdsByName,
  insertGeneratedAgents,
} from '../../apps/server/src/demo/seed-demo-extras';
import { demoPasswordHash, seedDemoWorld } from '../../apps/server/src/demo/seed-demo-world';
import { FLAG_KEYS, MAX_AGENT_LEVEL } from '../../apps/server/src/modules/agents/agent-rules';
import {
  type AgentRow,
  createAgentsRepository,
} from '../../apps/server/src/modules/agents/agents.repository';
import { createUsersRepository } from '../../apps/server/src/modules/users/users.repository';
import type { Services } from '../../apps/server/src/services';

const DAY_MS = 24 * 60 * 60 * 1000;
const TWO_YEARS_DAYS = 730;

/** Shares of the new agents at levels 1 to 4 (level 5 takes the rest). */
const LEVEL_SHARES = [0.0001, 0.0012, 0.01, 0.08] as const;
/** The share of new promoters placed right below a city agent (level 3) rather than a district agent. */
const PROMOTERS_BELOW_CITY = 0.1;

/**
 * Mobile prefixes the bench's phones use: real ones, without 136, 138 and 139 (the demo world's)
 * and 150 (the test factories').
 */
const PHONE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '137',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '170',
  '173',
  '175',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '184',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
] as const;
/** A prime, so n → n × STEP mod 10^8 is a bijection: distinct numbers that look random. */
const PHONE_STEP = 48_271;

/**
 * The n-th phone of the bench: distinct for distinct n (prefix n mod 35, then a permutation of the
 * eight digits), so numbering the new agents from the count of accounts keeps every run's phones
 * apart from the earlier runs'.
 */
export function benchPhone(n: number): string {
  const prefix = PHONE_PREFIXES[n % PHONE_PREFIXES.length] ?? '130';
  const rest = (Math.floor(n / PHONE_PREFIXES.length) * PHONE_STEP) % 100_000_000;
  return `${prefix}${String(rest).padStart(8, '0')}`;
}

/** How many of `n` new agents go to each level (index = level; 0 for the operator). */
export function levelCounts(n: number): number[] {
  if (n <= 0) return [0, 0, 0, 0, 0, 0];
  const upper = LEVEL_SHARES.map((share, i) =>
    i === 0 ? Math.max(1, Math.round(n * share)) : Math.round(n * share),
  );
  let left = n;
  const counts = upper.map((c) => {
    const take = Math.min(c, left);
    left -= take;
    return take;
  });
  return [0, ...counts, left];
}

const BRANDS = [
  '华夏',
  '神州',
  '九州',
  '东方',
  '星河',
  '盛世',
  '环宇',
  '万象',
  '天成',
  '恒通',
  '汇众',
  '聚力',
  '蓝海',
  '启航',
  '鸿运',
  '长风',
];
const SURNAME_LIST = [...SURNAMES];

interface Candidate {
  agent: DemoAgent;
  /** Stored before this run (its age is real), or made by it. */
  stored: boolean;
}

/** A stored agent as the generator describes agents (key `db:<id>`). */
function describeStored(
  agent: AgentRow,
  phone: string,
  gameRatios: Record<string, number>,
  now: Date,
): DemoAgent {
  const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, agent[k]]));
  return {
    key: `db:${agent.id}`,
    parent: agent.parentId === null ? null : `db:${agent.parentId}`,
    level: agent.agentLevel,
    name: agent.agentName,
    phone,
    areas: agent.areaInfo,
    proportion: agent.proportion,
    baseProfitRatio: agent.baseProfitRatio,
    flags,
    gameRatios,
    onboarding: 'fresh',
    ageDays: Math.max(0, (now.getTime() - agent.createdAt.getTime()) / DAY_MS),
  };
}

/** The whole active tree as stored: the operator and every active agent, with their game ratios. */
async function storedTree(db: Database, now: Date): Promise<DemoAgent[]> {
  const repo = createAgentsRepository(db);
  const operator = await repo.findOperator();
  if (!operator) throw new Error('the database has no operator');
  const withRatios = async (rows: readonly { agent: AgentRow; mobilePhone: string }[]) => {
    const ratios = await repo.gameRatios(rows.map((r) => r.agent.id));
    const byAgent = new Map<number, Record<string, number>>();
    for (const r of ratios)
      byAgent.set(r.agentId, { ...byAgent.get(r.agentId), [r.gameName]: r.profitRatio });
    return rows.map((r) => describeStored(r.agent, r.mobilePhone, byAgent.get(r.agent.id) ?? {}, now));
  };
  const out = await withRatios([{ agent: operator, mobilePhone: '' }]);
  // The operator's whole list (every active agent but itself), by the list pipeline's keyset batches.
  const scope = { agentId: operator.id, wholeTree: true, agentLevel: 0 };
  for await (const rows of repo.batches(scope, { created: {}, sort: { field: 'id', order: 'asc' } }))
    out.push(...(await withRatios(rows)));
  return out;
}

/** Region nodes by area key ("440000-440300"). */
function regionIndex(tree: readonly RegionNode[]): Map<string, RegionNode> {
  const out = new Map<string, RegionNode>();
  const walk = (nodes: readonly RegionNode[], prefix: string) => {
    for (const node of nodes) {
      const key = prefix ? `${prefix}-${node.id}` : String(node.id);
      out.set(key, node);
      walk(node.children ?? [], key);
    }
  };
  walk(tree, '');
  return out;
}

/** Draws items with fixed weights (log-normal: a few parents get many children). */
function weighted<T>(rand: () => number, items: readonly T[]): () => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < items.length; i++) {
    // Box-Muller: a standard normal from two uniforms.
    const normal = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    sum += Math.exp(0.9 * normal);
    cumulative.push(sum);
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    const item = items[lo];
    if (item === undefined) throw new Error('draw from an empty list');
    return item;
  };
}

/** Generates `count` new agents below the stored tree `stored` (not written). */
export function generateBenchAgents(
  stored: readonly DemoAgent[],
  regionTree: readonly RegionNode[],
  options: { count: number; firstPhone: number; seed: number },
): DemoAgent[] {
  const rand = prng(options.seed);
  const regions = regionIndex(regionTree);
  const byLevel: Candidate[][] = Array.from({ length: MAX_AGENT_LEVEL + 1 }, () => []);
  for (const agent of stored) byLevel[agent.level]?.push({ agent, stored: true });
  const out: DemoAgent[] = [];
  const counts = levelCounts(options.count);

  const provinces = regionTree.filter((p) => (p.children?.length ?? 0) > 0);
  /** One step down the region tree from one of the parent's areas (the same area at a leaf). */
  const areasBelow = (parent: DemoAgent, level: number): { areas: string[]; label: string } => {
    if (level <= 1) return { areas: [], label: '' };
    if (parent.areas.length === 0) {
      const province = pick(rand, provinces);
      return { areas: [String(province.id)], label: province.label };
    }
    const base = pick(rand, parent.areas);
    const node = regions.get(base);
    const children = node?.children ?? [];
    const plain = children.filter((c) => !isSpecialZone(c.label));
    const choices = plain.length > 0 ? plain : children;
    if (choices.length === 0) return { areas: [base], label: node?.label ?? '' };
    const child = pick(rand, choices);
    return { areas: [`${base}-${child.id}`], label: child.label };
  };

  const nameOf = (level: number, label: string): string => {
    switch (level) {
      case 1:
        return pick(rand, BRANDS) + pick(rand, COMPANY_SUFFIXES);
      case 2:
      case 3:
        return shortName(label) + pick(rand, COMPANY_SUFFIXES);
      case 4:
        return shortName(label) + pick(rand, DISTRICT_SUFFIXES);
      default:
        return pick(rand, SURNAME_LIST) + pick(rand, GIVEN);
    }
  };
  const remarkOf = (level: number, label: string): string =>
    level === 1 ? '全国代理' : level === 5 ? '推广员' : `${label}代理`;

  let serial = 0;
  for (let level = 1; level <= MAX_AGENT_LEVEL; level++) {
    const count = counts[level] ?? 0;
    if (count === 0) continue;
    /** The nearest shallower level that has agents (the operator's at worst). */
    const poolAbove = (from: number) => {
      for (let l = from; l >= 0; l--) if ((byLevel[l]?.length ?? 0) > 0) return byLevel[l] ?? [];
      throw new Error('the tree has no operator');
    };
    const mainPool = poolAbove(level - 1);
    const drawMain = weighted(rand, mainPool);
    const cityPool = level === MAX_AGENT_LEVEL ? (byLevel[3] ?? []) : [];
    const drawCity = cityPool.length > 0 ? weighted(rand, cityPool) : null;
    const made: Candidate[] = [];
    for (let i = 0; i < count; i++) {
      const parent = drawCity && rand() < PROMOTERS_BELOW_CITY ? drawCity() : drawMain();
      const { areas, label } = areasBelow(parent.agent, level);
      // A national agent's ratios are set by the operator, not derived from its 100 %.
      const ratios = ratiosBelow(
        rand,
        level === 1
          ? { proportion: 8500, baseProfitRatio: 3500, flags: parent.agent.flags ?? {}, gameRatios: {} }
          : parent.agent,
      );
      // Created after its parent when the bench made the parent (the demo world's own dates are
      // not that consistent): the upper levels early, the promoters spread over their parent's life.
      const parentAge = parent.stored ? TWO_YEARS_DAYS : (parent.agent.ageDays ?? 0);
      const ageDays = level === MAX_AGENT_LEVEL ? parentAge * rand() : parentAge * (1 - 0.25 * rand());
      const agent: DemoAgent = {
        key: `bench:${++serial}`,
        parent: parent.agent.key,
        level,
        name: nameOf(level, label),
        phone: benchPhone(options.firstPhone + serial - 1),
        areas,
        ...ratios,
        remark: remarkOf(level, label),
        onboarding: pick(rand, GENERATED_ONBOARDING),
        ageDays,
      };
      out.push(agent);
      made.push({ agent, stored: false });
    }
    for (const c of made) byLevel[level]?.push(c);
  }
  return out;
}

export interface GrowResult {
  /** The demo world was created first (the database had no operator). */
  demoSeeded: boolean;
  /** Active agents before the run, the operator included. */
  before: number;
  /** New agents per level (index = level). */
  added: number[];
  ms: { read: number; generate: number; write: number; vacuum: number };
}

/** Adds `count` agents to the tree of `db` (creating the demo world first on an empty database). */
export async function growAgents(db: Database, services: Services, count: number): Promise<GrowResult> {
  const passwordHash = await demoPasswordHash();
  const { seeded } = await seedDemoWorld(db, services, { passwordHash });
  const now = services.clock();
  const t0 = performance.now();
  const stored = await storedTree(db, now);
  const firstPhone = await createUsersRepository(db).count();
  const t1 = performance.now();
  const generated = generateBenchAgents(stored, services.regions.tree, {
    count,
    firstPhone,
    seed: 20_261_123 + firstPhone,
  });
  const gameIdOf = await gameIdsByName(services.games);
  const byKey = new Map([...stored, ...generated].map((a) => [a.key, a]));
  checkAgainstParents(generated, byKey, gameIdOf);
  const t2 = performance.now();
  const ids = new Map(stored.map((a) => [a.key, Number(a.key.slice('db:'.length))]));
  const repo = createAgentsRepository(db);
  await db.transaction(() => insertGeneratedAgents(repo, generated, { ids, gameIdOf, passwordHash, now }));
  const t3 = performance.now();
  await repo.vacuumAnalyze();
  const t4 = performance.now();
  const added = [0, 0, 0, 0, 0, 0];
  for (const a of generated) added[a.level] = (added[a.level] ?? 0) + 1;
  return {
    demoSeeded: seeded,
    before: stored.length,
    added,
    ms: { read: t1 - t0, generate: t2 - t1, write: t3 - t2, vacuum: t4 - t3 },
  };
}
