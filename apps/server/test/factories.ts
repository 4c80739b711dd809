import { beforeAll, beforeEach } from 'vitest';
import { demoPasswordHash } from '../src/demo/seed-demo-world';
import type { AgentFlags } from '../src/modules/agents/agent-rules';
import { createServices, type Services } from '../src/services';
import type { TestApp } from './build-test-app';

/**
 * Test factories: build exactly the agents a test needs, from an empty database
 * (`useTestApp({ seed: 'empty' })`), through the product's own service and its rules, so new
 * modules' tests do not hang on the demo world's names and counts. Every agent logs in with the
 * demo password (`t.login(agent.phone)`).
 *
 *   const t = useTestApp({ seed: 'empty' });
 *   const given = factories(t);
 *   const [operator, national, province] = await given.chain(2);
 */

export interface GivenAgent {
  id: number;
  userId: number;
  parentId: number | null;
  level: number;
  name: string;
  phone: string;
  areas: string[];
  /** Ratios in 1/10000, as stored. */
  proportion: number;
  baseProfitRatio: number;
}

export interface AgentSpec {
  /** The parent (default: the operator, made on first use). */
  parent?: GivenAgent;
  /** Default: one below the parent. */
  level?: number;
  name?: string;
  /** Default: the parent's first area one step deeper, or 广东省 under the whole country (level ≥ 2). */
  areas?: string[];
  /** In 1/10000; default: the parent's minus 500. */
  proportion?: number;
  baseProfitRatio?: number;
  flags?: Partial<AgentFlags>;
  remark?: string;
}

/** A province, a city in it and a district in that (广东省 › 深圳市 › 南山区): areas that nest. */
const AREA_STEPS = ['440000', '440000-440300', '440000-440300-440305'] as const;

export function factories(t: TestApp) {
  let services: Services | null = null;
  let passwordHash = '';
  let operator: GivenAgent | null = null;
  let phones = 0;
  let names = 0;

  beforeAll(async () => {
    passwordHash = await demoPasswordHash();
  });
  // After the test app's own reset (registered first): the database is empty again.
  beforeEach(() => {
    operator = null;
  });

  const svc = (): Services => {
    services ??= createServices({ db: t.db, config: t.config, clock: t.clock.now });
    return services;
  };
  const nextPhone = () => `150${String(++phones).padStart(8, '0')}`;
  const defaultAreas = (parent: GivenAgent | null, level: number): string[] => {
    if (level <= 1) return [];
    const depth = Math.min(level - 2, AREA_STEPS.length - 1);
    const own = AREA_STEPS[depth] as string;
    if (!parent || parent.areas.length === 0) return [own];
    const first = parent.areas[0] as string;
    return own.startsWith(first) ? [own] : [first];
  };

  async function create(parent: GivenAgent | null, spec: AgentSpec): Promise<GivenAgent> {
    const level = spec.level ?? (parent ? parent.level + 1 : 0);
    const proportion = spec.proportion ?? (parent ? Math.max(0, parent.proportion - 500) : 10000);
    const baseProfitRatio =
      spec.baseProfitRatio ?? (parent ? Math.max(0, parent.baseProfitRatio - 500) : 10000);
    const areas = spec.areas ?? defaultAreas(parent, level);
    const name = spec.name ?? `测试代理${++names}`;
    const phone = nextPhone();
    const row = await svc().agents.createAgent({
      parentId: parent?.id ?? null,
      agentLevel: level,
      agentName: name,
      mobilePhone: phone,
      loginPasswordHash: passwordHash,
      areaInfo: areas,
      proportion,
      baseProfitRatio,
      remark: spec.remark ?? '',
      flags: spec.flags ?? {},
    });
    return {
      id: row.id,
      userId: row.userId,
      parentId: row.parentId,
      level,
      name,
      phone,
      areas,
      proportion,
      baseProfitRatio,
    };
  }

  const given = {
    /** The level 0 operator (one per database), with every permission flag. */
    async operator(): Promise<GivenAgent> {
      operator ??= await create(null, {
        name: '总代理',
        flags: {
          setTopAuthority: true,
          addPricePermission: true,
          isHbpush: true,
          xuanhaoApp: true,
          hasMemberFinanceMenu: true,
          setSettleAuthority: true,
        },
      });
      return operator;
    },
    /** One agent below `spec.parent` (default: the operator). */
    async agent(spec: AgentSpec = {}): Promise<GivenAgent> {
      return create(spec.parent ?? (await given.operator()), spec);
    },
    /** The operator and `depth` agents below it, each the parent of the next (levels 0 … depth). */
    async chain(depth = 5): Promise<GivenAgent[]> {
      const list = [await given.operator()];
      for (let i = 0; i < depth; i++) list.push(await given.agent({ parent: list[list.length - 1] }));
      return list;
    },
    /** `count` children of one parent. */
    async children(
      parent: GivenAgent,
      count: number,
      spec: Omit<AgentSpec, 'parent'> = {},
    ): Promise<GivenAgent[]> {
      const list: GivenAgent[] = [];
      for (let i = 0; i < count; i++) list.push(await given.agent({ ...spec, parent }));
      return list;
    },
    /** A session of the agent (the demo password). */
    login: (agent: GivenAgent) => t.login(agent.phone),
  };
  return given;
}
