import { queryUnfinishedTask } from '@agent-console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallOptions, call } from '../../../lib/api-client';

/** The onboarding tasks that apply to the agent, each with whether it is done (spec section 4). */
export const unfinishedTasksQuery = (options: Pick<CallOptions, 'ignoreUnauthorized'> = {}) =>
  queryOptions({
    queryKey: [queryUnfinishedTask.path],
    queryFn: async ({ signal }) =>
      (await call(queryUnfinishedTask, {}, { ...options, silent: true, signal })).object,
    // Loaded by the guard; screens that mount later than this read it again.
    staleTime: 5_000,
  });

export const useUnfinishedTasks = () => useQuery(unfinishedTasksQuery());
