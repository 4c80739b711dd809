import {
  queryAgentInfo,
  queryUnfinishedTask,
  queryUserInfo,
  queryWithdrawAccount,
  realAuthPersonalInfo,
} from '@agent-console/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api-client';

/*
 * What the gates and dialogs read: the agent, the account and the onboarding tasks. The keys are
 * the endpoint paths, the same keys the guard and the personal center fill, so these share their
 * cache entries and a reload after a success reaches every screen.
 */
export const securityAgentQuery = () =>
  queryOptions({
    queryKey: [queryAgentInfo.path],
    queryFn: async ({ signal }) => (await call(queryAgentInfo, {}, { signal })).object,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const securityUserQuery = () =>
  queryOptions({
    queryKey: [queryUserInfo.path],
    queryFn: async ({ signal }) => (await call(queryUserInfo, {}, { signal })).object,
  });

export const securityTasksQuery = () =>
  queryOptions({
    queryKey: [queryUnfinishedTask.path],
    queryFn: async ({ signal }) => (await call(queryUnfinishedTask, {}, { silent: true, signal })).object,
    staleTime: 5_000,
  });

/** The agent's real-name record (null before the first submission). */
export const realNameRecordQuery = () =>
  queryOptions({
    queryKey: [realAuthPersonalInfo.path],
    queryFn: async ({ signal }) => (await call(realAuthPersonalInfo, {}, { signal })).object,
  });

/** The withdraw (Alipay) account (null before the first setup). */
export const withdrawAccountQuery = () =>
  queryOptions({
    queryKey: [queryWithdrawAccount.path],
    queryFn: async ({ signal }) => (await call(queryWithdrawAccount, {}, { signal })).object,
  });

export const useRealNameRecord = () => useQuery(realNameRecordQuery());
export const useWithdrawAccount = () => useQuery(withdrawAccountQuery());

/**
 * Spec section 4: after any success the unfinished tasks, the agent info and the user info are
 * loaded again (and the records the dialogs read).
 */
export function useReloadSecurity(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [
        queryUnfinishedTask.path,
        queryAgentInfo.path,
        queryUserInfo.path,
        realAuthPersonalInfo.path,
        queryWithdrawAccount.path,
      ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
    );
  }, [queryClient]);
}
