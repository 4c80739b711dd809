import { isLogin } from '@agent-console/contract/auth';
import {
  BOOT_ELEMENT_ID,
  BOOT_PUBLIC_CALLS,
  BOOT_SESSION_CALLS,
  type BootAnswers,
} from '@agent-console/contract/boot';
import type { AnyEndpoint, ObjectOf } from '@agent-console/contract/endpoint';
import type { QueryClient } from '@tanstack/react-query';
import { writeLoginState } from './login-state';

/*
 * The boot answers the server put into the page (contract boot.ts): the answers of the first
 * calls, so that a cold load draws without waiting for them. Each is taken once, on the page's
 * first load: a later navigation asks the server as always. The server's render of the first
 * screen (first-screen.tsx) seeds its own query cache from the same answers, given to it.
 */

/** Answers not taken yet: a call's path → the `object` of its answer. */
export type BootAnswerSource = Map<string, unknown>;

/** Answers given as they are (the server's render of the first screen): taken from this map. */
export const bootAnswersOf = (given: BootAnswers): BootAnswerSource => new Map(Object.entries(given));

let answers: BootAnswerSource | undefined;

function pageAnswers(): BootAnswerSource {
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
export function takeBootAnswer<E extends AnyEndpoint>(
  endpoint: E,
  all: BootAnswerSource = pageAnswers(),
): ObjectOf<E> | undefined {
  if (!all.has(endpoint.path)) return undefined;
  const answer = all.get(endpoint.path);
  all.delete(endpoint.path);
  const parsed = endpoint.object.safeParse(answer);
  return parsed.success ? (parsed.data as ObjectOf<E>) : undefined;
}

/**
 * At the start of the console: the login state (kept in session storage, as a call's answer is)
 * and the session's answers in the query cache. A screen's own answers (the workbench's totals)
 * are taken by its route.
 */
export function seedBootAnswers(queryClient: QueryClient, from: BootAnswerSource = pageAnswers()): void {
  const loggedIn = takeBootAnswer(isLogin, from);
  if (loggedIn !== undefined && typeof window !== 'undefined') writeLoginState(loggedIn);
  // The others where the console reads them: cached under their path, as their queries.
  for (const endpoint of [...BOOT_PUBLIC_CALLS, ...BOOT_SESSION_CALLS]) {
    if (endpoint === isLogin) continue;
    const object = takeBootAnswer(endpoint, from);
    if (object !== undefined) queryClient.setQueryData([endpoint.path], object);
  }
}
