import { queryAgentInfo } from '@agent-console/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../lib/api-client';

/**
 * The logged-in agent: loaded by the navigation guard before any screen of the layout renders
 * (spec section 2), and reloaded after account-security changes.
 */
export const agentInfoQuery = (options: Pick<CallOptions, 'ignoreUnauthorized'> = {}) =>
  queryOptions({
    queryKey: [queryAgentInfo.path],
    queryFn: async ({ signal }) => (await call(queryAgentInfo, {}, { ...options, signal })).object,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Inside the layout the guard has already loaded it, so this never suspends there. */
export const useAgentInfo = () => useSuspenseQuery(agentInfoQuery()).data;
