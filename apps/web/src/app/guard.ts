import { Codes } from '@agent-console/contract/envelope';
import type { RoleSubject } from '@agent-console/contract/roles';
import type { UnfinishedTask } from '@agent-console/contract/task';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, matchPath, redirect } from 'react-router';
import { loginPath, paths } from '../config/paths';
import { siteInfoQuery } from '../features/site/api/get-site-info';
import { ApiError } from '../lib/api-client';
import { clearLoginState } from '../lib/login-state';
import { agentInfoQuery, fetchLoginState, unfinishedTasksQuery } from '../lib/session';
import { canAccess } from './menu';
import { appRoutes, menuGroups } from './route-table';

/** A failed call gives `fallback`; anything that is not a failed call (a bug) still throws. */
const orElse =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof ApiError) return fallback;
    throw error;
  };

/** Reachable without logging in (spec section 2). */
const PUBLIC_PATHS: readonly string[] = [paths.login, paths.notFound];

/**
 * Logged in but agent info still empty (first navigation, or just after logging in): load the
 * agent info and the unfinished tasks; the routes the agent may see follow from it.
 */
async function ensureAgent(queryClient: QueryClient, wanted: string): Promise<RoleSubject> {
  const known = queryClient.getQueryData(agentInfoQuery().queryKey);
  if (known) return known;
  try {
    const [agent] = await Promise.all([
      queryClient.fetchQuery(agentInfoQuery({ ignoreUnauthorized: true })),
      // Tasks only feed the header's badge: a failure there must not block the console.
      queryClient
        .fetchQuery(unfinishedTasksQuery({ ignoreUnauthorized: true }))
        .catch(orElse<UnfinishedTask[]>([])),
    ]);
    return agent;
  } catch (error) {
    if (error instanceof ApiError && error.code === Codes.NOT_LOGGED_IN) {
      clearLoginState();
      throw redirect(loginPath(wanted));
    }
    throw error;
  }
}

/**
 * The navigation guard of spec section 2, run before every navigation (the root route's loader,
 * revalidated on each one): check login, load site info, then agent info when still empty, and
 * keep the agent out of routes its permissions do not generate (they are the 404 page).
 */
export function createGuard(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const wanted = `${url.pathname}${url.search}`;
    // Without site info the console shows its default name and logo.
    const site = queryClient.ensureQueryData(siteInfoQuery()).catch(orElse(null));
    const loggedIn = await fetchLoginState();
    await site;

    if (!loggedIn) {
      if (PUBLIC_PATHS.includes(url.pathname)) return null;
      throw redirect(loginPath(wanted));
    }
    if (url.pathname === paths.login) throw redirect(paths.home);
    if (url.pathname === paths.notFound) return null;

    const agent = await ensureAgent(queryClient, wanted);
    const route = appRoutes.find((r) => r.load && matchPath({ path: r.path, end: true }, url.pathname));
    if (route && !canAccess(route, menuGroups, agent)) throw redirect(paths.notFound);
    return null;
  };
}
