import { querySubAgentTaskStatus } from '@agent-console/contract/agent-mgt';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The onboarding tasks of the agents on the current page; silent like every list load. */
export const subAgentTaskStatusQuery = (agentIds: readonly number[]) =>
  queryOptions({
    queryKey: [querySubAgentTaskStatus.path, agentIds],
    queryFn: async ({ signal }) =>
      (await call(querySubAgentTaskStatus, { agentIds: [...agentIds] }, { silent: true, signal })).object,
    enabled: agentIds.length > 0,
  });
