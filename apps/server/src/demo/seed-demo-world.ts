import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { hashPasswordDigest } from '../shared/passwords';
import { DEMO_AGENTS, DEMO_PASSWORD, type DemoOnboarding } from './demo-world';

const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');

/** The argon2id hash every demo account shares (see seedDemoWorld). */
export const demoPasswordHash = (): Promise<string> => hashPasswordDigest(md5Hex(DEMO_PASSWORD));

async function applyOnboarding(
  services: Services,
  accountId: number,
  state: DemoOnboarding,
  passwordHash: string,
): Promise<void> {
  const { users } = services;
  if (state === 'fresh') return;
  if (state === 'password-set') return users.setLoginPassword(accountId, passwordHash);
  await users.markPhoneVerified(accountId);
  if (state === 'phone-only') return;
  if (state === 'under-review') return users.setRealNameStatus(accountId, 0);
  await users.setLoginPassword(accountId, passwordHash);
  if (state === 'verified') return;
  // complete
  await users.setPayPassword(accountId, passwordHash);
  await users.markWithdrawAccountSet(accountId);
  await users.setRealNameStatus(accountId, 1);
}

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
      await applyOnboarding(services, agent.userId, demo.onboarding, passwordHash);
    }
    return { seeded: true, agents: ids.size };
  });
}
