import { queryAgentInfo, queryStructuredAreaInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { Codes } from '@agent-console/contract/envelope';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import { queryUserInfo } from '@agent-console/contract/user';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, type CallOptions, call } from './api-client';
import { readLoginState, writeLoginState } from './login-state';

/*
 * The session: who is logged in (login state, agent info, user info) and what is left to do
 * (unfinished tasks). The guard, the header, the workbench, the personal center and the
 * account-security dialogs all read these; their keys are the endpoint paths, so one reload
 * reaches every screen.
 */

type SessionCallOptions = Pick<CallOptions, 'ignoreUnauthorized'>;
type TasksCallOptions = Pick<CallOptions, 'ignoreUnauthorized' | 'silent'>;

/**
 * The logged-in agent: loaded by the navigation guard before any screen of the layout renders
 * (spec section 2), and reloaded after account-security changes.
 */
export const agentInfoQuery = (options: SessionCallOptions = {}) =>
  queryOptions({
    queryKey: [queryAgentInfo.path],
    queryFn: async ({ signal }) => (await call(queryAgentInfo, {}, { ...options, signal })).object,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Inside the layout the guard has already loaded it, so this never suspends there. */
export const useAgentInfo = () => useSuspenseQuery(agentInfoQuery()).data;

/**
 * The region tree the agent's area filters offer (spec section 3, structuredAreaInfo): the whole
 * tree for levels 0-1, its own areas deeper. Loaded by the screens that have an area filter, once
 * per page load (about 125 KB for levels 0-1, so it is not part of the agent info).
 */
export const structuredAreaInfoQuery = () =>
  queryOptions({
    queryKey: [queryStructuredAreaInfo.path],
    queryFn: async ({ signal }) => (await call(queryStructuredAreaInfo, {}, { silent: true, signal })).object,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The account behind the agent: security states, creation and last login times. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: [queryUserInfo.path],
    queryFn: async ({ signal }) => (await call(queryUserInfo, {}, { signal })).object,
  });

export const useUserInfo = () => useQuery(userInfoQuery());

/**
 * The onboarding tasks that apply to the agent, each with whether it is done (spec section 4).
 * Silent like every list load, unless a user's click waits for them (`silent: false`).
 */
export const unfinishedTasksQuery = ({ silent = true, ...options }: TasksCallOptions = {}) =>
  queryOptions({
    queryKey: [queryUnfinishedTask.path],
    queryFn: async ({ signal }) =>
      (await call(queryUnfinishedTask, {}, { ...options, silent, signal })).object,
    // Loaded by the guard; screens that mount later than this read it again.
    staleTime: 5_000,
  });

export const useUnfinishedTasks = () => useQuery(unfinishedTasksQuery());

/**
 * Whether this browser tab is logged in: asked once, then kept in session storage (spec section 4).
 * A 9996 reply means "no": the console is then on its way to /login anyway.
 */
export async function fetchLoginState(): Promise<boolean> {
  const cached = readLoginState();
  if (cached !== null) return cached;
  try {
    const { object } = await call(isLogin, {}, { silent: true, ignoreUnauthorized: true });
    writeLoginState(object);
    return object;
  } catch (error) {
    // 9996 is an answer, not a failure; anything else is the guard's to report.
    if (error instanceof ApiError && error.code === Codes.NOT_LOGGED_IN) {
      writeLoginState(false);
      return false;
    }
    throw error;
  }
}

/**
 * Spec section 4: after a dialog succeeds, the unfinished tasks, the agent info and the user info
 * are loaded again (with `also`, the other queries the change touched).
 */
export async function reloadSession(queryClient: QueryClient, also: readonly QueryKey[] = []): Promise<void> {
  const keys = [
    unfinishedTasksQuery().queryKey,
    agentInfoQuery().queryKey,
    userInfoQuery().queryKey,
    ...also,
  ];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** `reloadSession` for components. */
export function useReloadSession(): (also?: readonly QueryKey[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((also) => reloadSession(queryClient, also), [queryClient]);
}
