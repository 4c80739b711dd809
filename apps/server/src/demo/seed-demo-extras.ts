import type { Database } from '../db/client';
import { type AgentFlags, firstViolation, NO_FLAGS, type Placement } from '../modules/agents/agent-rules';
import { type AgentsRepository, createAgentsRepository } from '../modules/agents/agents.repository';
import type { GamesService } from '../modules/games/games.service';
import type { Services } from '../services';
import { DEMO_AGENTS, type DemoAgent, type DemoOnboarding, generateDemoAgents } from './demo-world';

const DAY_MS = 24 * 60 * 60 * 1000;

/** At most this many agents per insert statement (about 20 parameters each, far below PostgreSQL's 65,535). */
export const GENERATED_BATCH = 1000;

/** The account columns of an onboarding state the generated agents use (no identity or withdraw data). */
const onboardingColumns = (state: DemoOnboarding, now: Date) => ({
  loginPasswordSet: state === 'password-set' || state === 'verified' || state === 'complete',
  phoneVerifiedAt: state === 'fresh' || state === 'password-set' ? null : now,
});

/** The id of a game of the catalogue by name (the catalogue must exist). */
export async function gameIdsByName(games: GamesService): Promise<(name: string) => number> {
  const ids = new Map((await games.list()).map((g) => [g.name, g.id]));
  return (name: string) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`game ${name} is not in the catalogue`);
    return id;
  };
}

/**
 * Checks every agent of `list` against its parent (found in `byKey`) with the product's own rules
 * (agent-rules.ts), in memory; throws on the first one that breaks a rule.
 */
export function checkAgainstParents(
  list: Iterable<DemoAgent>,
  byKey: ReadonlyMap<string, DemoAgent>,
  gameIdOf: (name: string) => number,
): void {
  const placement = (a: DemoAgent): Placement => ({
    agentLevel: a.level,
    areaInfo: a.areas,
    proportion: a.proportion,
    baseProfitRatio: a.baseProfitRatio,
    gameRatios: new Map(Object.entries(a.gameRatios ?? {}).map(([name, r]) => [gameIdOf(name), r])),
    flags: { ...NO_FLAGS, ...a.flags },
  });
  for (const agent of list) {
    if (agent.parent === null) continue;
    const parent = byKey.get(agent.parent);
    if (!parent) throw new Error(`agent ${agent.key} has no parent ${agent.parent}`);
    const v = firstViolation(placement(agent), placement(parent));
    if (v) throw new Error(`agent ${agent.key} breaks the rule ${v.kind} against ${parent.key}`);
  }
}

/** The special game ratio rows of an agent. */
const ratioRows = (agent: DemoAgent, agentId: number, gameIdOf: (name: string) => number) =>
  Object.entries(agent.gameRatios ?? {}).map(([name, profitRatio]) => ({
    agentId,
    gameId: gameIdOf(name),
    profitRatio,
  }));

/**
 * Generated agents (the demo world's, the bench's data), inserted level by level in batches of
 * `GENERATED_BATCH` straight through the repository: accounts, agents, their rows of the closure
 * table and their special game ratios. Seeding only: the caller has checked every agent against its
 * parent (`checkAgainstParents`) and that the phones are free. Parents must be stored (their key in
 * `ids`) or generated at a shallower level; `ids` gets the new agents' keys. Each agent is created
 * `ageDays` before `now`. Call inside a transaction.
 */
export async function insertGeneratedAgents(
  agents: AgentsRepository,
  generated: readonly DemoAgent[],
  options: {
    ids: Map<string, number>;
    gameIdOf: (name: string) => number;
    passwordHash: string;
    now: Date;
  },
): Promise<void> {
  const { ids, gameIdOf, passwordHash, now } = options;
  const levels = [...new Set(generated.map((a) => a.level))].sort((a, b) => a - b);
  for (const level of levels) {
    const all = generated.filter((a) => a.level === level);
    for (let start = 0; start < all.length; start += GENERATED_BATCH) {
      const batch = all.slice(start, start + GENERATED_BATCH);
      const rows = batch.map((a) => {
        const parentId = ids.get(a.parent ?? '');
        if (parentId === undefined) throw new Error(`agent ${a.key} comes before its parent ${a.parent}`);
        const createdAt = new Date(now.getTime() - Math.round((a.ageDays ?? 0) * DAY_MS));
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
          return id === undefined ? [] : ratioRows(a, id, gameIdOf);
        }),
      );
    }
  }
}

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
  const gameIdOf = await gameIdsByName(games);

  const generated = generateDemoAgents(regions);
  const all: DemoAgent[] = [...DEMO_AGENTS, ...generated];
  checkAgainstParents(all, new Map(all.map((a) => [a.key, a])), gameIdOf);

  await agents.insertGameRatios(
    DEMO_AGENTS.flatMap((a) => {
      const id = ids.get(a.key);
      return id === undefined ? [] : ratioRows(a, id, gameIdOf);
    }),
  );
  await insertGeneratedAgents(agents, generated, { ids, gameIdOf, passwordHash, now: clock() });
  // The ratio history of every demo agent as seeded (its game ratios included), from its creation.
  await agents.recordRatios([...ids.values()], null);
  await agents.analyze();
  return generated.length;
}
