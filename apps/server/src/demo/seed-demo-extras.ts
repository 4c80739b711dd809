import type { Database } from '../db/client';
import { type AgentFlags, firstViolation, NO_FLAGS, type Placement } from '../modules/agents/agent-rules';
import { createAgentsRepository } from '../modules/agents/agents.repository';
import type { Services } from '../services';
import { DEMO_AGENTS, type DemoAgent, type DemoOnboarding, generateDemoAgents } from './demo-world';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The account columns of an onboarding state the generated agents use (no identity or withdraw data). */
const onboardingColumns = (state: DemoOnboarding, now: Date) => ({
  loginPasswordSet: state === 'password-set' || state === 'verified' || state === 'complete',
  phoneVerifiedAt: state === 'fresh' || state === 'password-set' ? null : now,
});

/**
 * The part of the demo world beyond the hand-written agents: the game catalogue, the special game
 * ratios of the hand-written agents, and the generated agents (a few hundred), inserted level by
 * level in batches straight through the repository (demo seeding only: every agent is checked
 * against its parent with the product's own rules first, in memory).
 * `ids` maps the hand-written agents' keys to their ids. Returns how many agents it added.
 */
export async function seedDemoExtras(
  db: Database,
  services: Services,
  ids: Map<string, number>,
  passwordHash: string,
): Promise<number> {
  const { games, regions, clock } = services;
  const agents = createAgentsRepository(db);
  await games.ensureCatalogue();
  const gameIds = new Map((await games.list()).map((g) => [g.name, g.id]));
  const gameIdOf = (name: string) => {
    const id = gameIds.get(name);
    if (id === undefined) throw new Error(`demo game ${name} is not in the catalogue`);
    return id;
  };

  const generated = generateDemoAgents(regions);
  const all: DemoAgent[] = [...DEMO_AGENTS, ...generated];
  const byKey = new Map(all.map((a) => [a.key, a]));
  const placement = (a: DemoAgent): Placement => ({
    agentLevel: a.level,
    areaInfo: a.areas,
    proportion: a.proportion,
    baseProfitRatio: a.baseProfitRatio,
    gameRatios: new Map(Object.entries(a.gameRatios ?? {}).map(([name, r]) => [gameIdOf(name), r])),
    flags: { ...NO_FLAGS, ...a.flags },
  });
  for (const agent of all) {
    if (agent.parent === null) continue;
    const parent = byKey.get(agent.parent);
    if (!parent) throw new Error(`demo agent ${agent.key} has no parent ${agent.parent}`);
    const v = firstViolation(placement(agent), placement(parent));
    if (v) throw new Error(`demo agent ${agent.key} breaks the rule ${v.kind} against ${parent.key}`);
  }

  const ratioRows = (agent: DemoAgent, agentId: number) =>
    Object.entries(agent.gameRatios ?? {}).map(([name, profitRatio]) => ({
      agentId,
      gameId: gameIdOf(name),
      profitRatio,
    }));
  await agents.insertGameRatios(
    DEMO_AGENTS.flatMap((a) => {
      const id = ids.get(a.key);
      return id === undefined ? [] : ratioRows(a, id);
    }),
  );

  const now = clock();
  for (const level of [2, 3, 4, 5]) {
    const batch = generated.filter((a) => a.level === level);
    if (batch.length === 0) continue;
    const rows = batch.map((a) => {
      const parentId = ids.get(a.parent ?? '');
      if (parentId === undefined) throw new Error(`demo agent ${a.key} comes before its parent ${a.parent}`);
      const createdAt = new Date(now.getTime() - (a.ageDays ?? 0) * DAY_MS);
      return {
        account: {
          mobilePhone: a.phone,
          loginPasswordHash: passwordHash,
          ...onboardingColumns(a.onboarding, createdAt),
          createdAt,
        },
        agent: {
          parentId,
          agentLevel: a.level,
          agentName: a.name,
          areaInfo: a.areas,
          proportion: a.proportion,
          baseProfitRatio: a.baseProfitRatio,
          remark: a.remark ?? '',
          ...((a.flags ?? {}) satisfies Partial<AgentFlags>),
          createdAt,
        },
      };
    });
    const phoneToKey = new Map(batch.map((a) => [a.phone, a.key]));
    for (const { agent, mobilePhone } of await agents.insertAccountsAndAgents(rows)) {
      const key = phoneToKey.get(mobilePhone);
      if (key !== undefined) ids.set(key, agent.id);
    }
    await agents.insertGameRatios(
      batch.flatMap((a) => {
        const id = ids.get(a.key);
        return id === undefined ? [] : ratioRows(a, id);
      }),
    );
  }
  await agents.analyze();
  return generated.length;
}
