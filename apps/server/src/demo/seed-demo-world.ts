import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { hashPasswordDigest } from '../shared/passwords';
import { DEMO_AGENTS, DEMO_PASSWORD } from './demo-world';
import { seedDemoExtras } from './seed-demo-extras';
import { type OnboardingTarget, seedOnboarding } from './seed-onboarding';

const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** The argon2id hash every demo account shares (see seedDemoWorld). */
export const demoPasswordHash = (): Promise<string> => hashPasswordDigest(md5Hex(DEMO_PASSWORD));

/**
 * Creates the demo world through the product's services, once: skipped when an operator exists.
 * Demo only: the demo password is hashed once and that argon2id hash is reused for every demo
 * account (and as their withdraw password), which keeps seeding fast. Real accounts get a hash
 * (and salt) of their own.
 */
export async function seedDemoWorld(
  db: Database,
  services: Services,
  options: { passwordHash?: string } = {},
): Promise<{ seeded: boolean; agents: number }> {
  if (await services.agents.findOperator()) return { seeded: false, agents: 0 };
  const passwordHash = options.passwordHash ?? (await demoPasswordHash());
  return db.transaction(async () => {
    const ids = new Map<string, number>();
    const onboarding: OnboardingTarget[] = [];
    for (const demo of DEMO_AGENTS) {
      const parentId = demo.parent === null ? null : ids.get(demo.parent);
      if (parentId === undefined)
        throw new Error(`demo agent ${demo.key} comes before its parent ${demo.parent}`);
      const agent = await services.agents.createAgent({
        parentId,
        agentLevel: demo.level,
        agentName: demo.name,
        mobilePhone: demo.phone,
        loginPasswordHash: passwordHash,
        areaInfo: demo.areas,
        proportion: demo.proportion,
        baseProfitRatio: demo.baseProfitRatio,
        remark: demo.remark ?? '',
        flags: demo.flags ?? {},
      });
      ids.set(demo.key, agent.id);
      onboarding.push({ userId: agent.userId, onboarding: demo.onboarding });
    }
    // The onboarding states (issue 3), with real records, once the whole tree exists.
    const operator = await services.agents.findOperator();
    if (!operator) throw new Error('the demo world has no operator');
    await seedOnboarding(services, onboarding, { passwordHash, operatorUserId: operator.userId });
    // The game catalogue and the generated agents (issue 4); adds their keys to `ids`.
    await seedDemoExtras(db, services, ids, passwordHash);
    return { seeded: true, agents: ids.size };
  });
}
