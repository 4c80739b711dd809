import { queryAgentDetail } from '@agent-console/contract/agent-mgt';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * One agent for the detail popover (spec section 3). Silent: the popover appears only on
 * responseCode 0000, and shows nothing at all otherwise (spec section 8).
 */
export const agentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [queryAgentDetail.path, id],
    queryFn: async ({ signal }) =>
      (await call(queryAgentDetail, {}, { params: { id }, silent: true, signal })).object,
    staleTime: 30_000,
  });
