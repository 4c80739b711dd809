import {
  AGENT_TREE_ROOT_ID,
  Codes,
  type Owns,
  RESOURCE_NOT_FOUND,
  type Resource,
} from '@agent-console/contract';
import type { OwnershipRepository } from '../../db/ownership';
import type { ScopeRef } from '../../db/scoping';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';

/**
 * The caller's reach: the one mechanism that limits every query and every id of a request to the
 * caller's subtree. Services take a Scope, never a bare agent id; repositories turn it into SQL
 * (`inScope` of db/scoping.ts) on the column naming a row's agent. Level 0 reaches the whole tree.
 */
export type Scope = ScopeRef;

export const scopeOf = (auth: Pick<AuthContext, 'agentId' | 'subject'>): Scope => ({
  agentId: auth.agentId,
  agentLevel: auth.subject.agentLevel,
  wholeTree: auth.subject.agentLevel === 0,
});

export const notFound = (resource: Resource) => new AppError(Codes.NOT_FOUND, RESOURCE_NOT_FOUND[resource]);
export const agentNotFound = () => notFound('agent');

const MAX_ID = 2_147_483_647;

/** The ids a request field holds: a number, an array of numbers, or nothing. */
function idsIn(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * "Does the caller own these ids of resource R", for any resource: every id must be a live record
 * inside the caller's subtree, else 1004 with the resource's not-found message, so a caller cannot
 * tell "not yours" from "does not exist". One query per resource named by the request.
 */
export function createOwnership(repo: OwnershipRepository) {
  async function assertOwns(scope: Scope, resource: Resource, values: readonly unknown[]): Promise<void> {
    // -1 is the agent tree's root (全部), a filter value rather than an id.
    const ids = [...new Set(values)].filter((v) => !(resource === 'agent' && v === AGENT_TREE_ROOT_ID));
    if (ids.length === 0) return;
    if (ids.some((id) => typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || id > MAX_ID))
      throw notFound(resource);
    if ((await repo.countOwned(scope, resource, ids as number[])) !== ids.length) throw notFound(resource);
  }

  return {
    assertOwns,
    /** Checks every field `owns` declares, read from the parsed body and path parameters. */
    async assertRequest(scope: Scope, owns: Owns, ...sources: readonly unknown[]): Promise<void> {
      const byResource = new Map<Resource, unknown[]>();
      for (const [field, resource] of Object.entries(owns)) {
        for (const source of sources) {
          if (typeof source !== 'object' || source === null) continue;
          const ids = idsIn((source as Record<string, unknown>)[field]);
          byResource.set(resource, [...(byResource.get(resource) ?? []), ...ids]);
        }
      }
      for (const [resource, ids] of byResource) await assertOwns(scope, resource, ids);
    },
  };
}

export type Ownership = ReturnType<typeof createOwnership>;
