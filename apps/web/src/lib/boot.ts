import { customSiteInfo, queryAgentInfo } from '@agent-console/contract/agent';
import { isLogin } from '@agent-console/contract/auth';
import { BOOT_ELEMENT_ID } from '@agent-console/contract/boot';
import type { AnyEndpoint, ObjectOf } from '@agent-console/contract/endpoint';
import { queryUnfinishedTask } from '@agent-console/contract/task';
import type { QueryClient } from '@tanstack/react-query';
import { writeLoginState } from './login-state';

/*
 * The boot answers the server put into the page (contract boot.ts): the answers of the first
 * calls, so that a cold load draws without waiting for them. Each is taken once, on the page's
 * first load: a later navigation asks the server as always.
 */

let answers: Map<string, unknown> | undefined;

function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID);
  if (element) {
    try {
      const parsed: unknown = JSON.parse(element.textContent ?? '');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        answers = new Map(Object.entries(parsed));
    } catch {
      // Not JSON (a proxy rewrote the page?): the console asks for everything itself.
    }
    element.remove();
  }
  return answers;
}

/**
 * The page's answer of `endpoint`, parsed as the api client parses a reply's object, once: later
 * calls get undefined. Undefined too when the page has none, or one that does not parse.
 */
export function takeBootAnswer<E extends AnyEndpoint>(endpoint: E): ObjectOf<E> | undefined {
  const all = pageAnswers();
  if (!all.has(endpoint.path)) return undefined;
  const answer = all.get(endpoint.path);
  all.delete(endpoint.path);
  const parsed = endpoint.object.safeParse(answer);
  return parsed.success ? (parsed.data as ObjectOf<E>) : undefined;
}

/** The session's answers, where the console reads them: cached under their path, as their queries. */
const SESSION_CALLS = [customSiteInfo, queryAgentInfo, queryUnfinishedTask] as const;

/**
 * At the start of the console: the login state (kept in session storage, as a call's answer is)
 * and the session's answers in the query cache. A screen's own answers (the workbench's totals)
 * are taken by its route.
 */
export function seedBootAnswers(queryClient: QueryClient): void {
  const loggedIn = takeBootAnswer(isLogin);
  if (loggedIn !== undefined) writeLoginState(loggedIn);
  for (const endpoint of SESSION_CALLS) {
    const object = takeBootAnswer(endpoint);
    if (object !== undefined) queryClient.setQueryData([endpoint.path], object);
  }
}
