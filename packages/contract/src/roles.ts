import { ZONE_CONFIG_USER_IDS } from './constants';

/** The agent-info keys that route visibility depends on (spec section 6). */
export interface RoleSubject {
  userId: number;
  agentLevel: number;
  setTopAuthority: boolean;
  addPricePermission: boolean;
  isHbpush: boolean;
  xuanhaoApp: boolean;
  hasMemberFinanceMenu: boolean;
  setSettleAuthority: boolean;
}

export type RoleKey = keyof RoleSubject;

/** A map of agent-info keys to allowed values; a subject passes when every key's value is allowed. */
export type RoleRule = { readonly [K in RoleKey]?: readonly RoleSubject[K][] };

export function isAllowed(rule: RoleRule | undefined, subject: RoleSubject): boolean {
  if (!rule) return true;
  for (const key of Object.keys(rule) as RoleKey[]) {
    const allowed = rule[key] as readonly unknown[] | undefined;
    if (allowed && !allowed.includes(subject[key])) return false;
  }
  return true;
}

/** The visibility rules of spec section 2, by route path. Both the console and the server use them. */
export const ROUTE_ROLES = {
  '/agent-mgt': { agentLevel: [0, 1, 2, 3, 4] },
  '/APP-summary-stats': { xuanhaoApp: [true] },
  '/goods-top': { agentLevel: [0], setTopAuthority: [true] },
  '/ad-banner': { agentLevel: [0] },
  '/zone-config': { userId: [...ZONE_CONFIG_USER_IDS] },
  '/amount-details': { hasMemberFinanceMenu: [true] },
  '/setting': { agentLevel: [0] },
  '/campaign': { agentLevel: [0] },
  '/redPack-grant': { isHbpush: [true] },
  '/increase-plan': { agentLevel: [0], addPricePermission: [true] },
  '/device-stats': { setSettleAuthority: [true] },
  // The product's own operator screens (not in the spec's table): identity review and the SMS outbox.
  '/real-name-review': { agentLevel: [0] },
  '/sms-outbox': { agentLevel: [0] },
  // Issue 9: the rental platform's ingest keys.
  '/ingest-keys': { agentLevel: [0] },
  // Issue 10: the operator's withdrawal review.
  '/withdraw-review': { agentLevel: [0] },
} as const satisfies Record<string, RoleRule>;

/** Level 0 only: the operator's own screens and calls. */
export const OPERATOR_ONLY: RoleRule = { agentLevel: [0] };

/** The access of the operator's own calls. */
export const OPERATOR_ACCESS = { auth: 'session', roles: OPERATOR_ONLY } as const;
/** The access of agent management (levels 0-4, as the /agent-mgt screen). */
export const AGENT_MGT_ACCESS = { auth: 'session', roles: ROUTE_ROLES['/agent-mgt'] } as const;
