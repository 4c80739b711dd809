import { customSiteInfo, queryAgentInfo } from './agent';
import { isLogin } from './auth';
import { homeIndex } from './summary-stats';
import { queryUnfinishedTask } from './task';

/*
 * The boot answers: the server puts into the console's page (index.html, for any path of the
 * console) the answers of the calls its first screen makes before it can draw anything — the site
 * info, the login state and, signed in, the agent info, the unfinished tasks and on the workbench
 * its totals — so that a cold load does not wait for those calls behind the scripts. Each answer
 * is the `object` of its call, exactly as the call answers it, keyed by the call's path.
 * docs/architecture.md#boot-answers.
 */

/** The id of the page's JSON data block (`<script type="application/json">`) that holds them. */
export const BOOT_ELEMENT_ID = 'boot';

/** The answers of a page: a call's path → the `object` of its answer. Calls that failed are absent. */
export type BootAnswers = Readonly<Record<string, unknown>>;

/** For every visitor. */
export const BOOT_PUBLIC_CALLS = [customSiteInfo, isLogin] as const;

/** For a signed-in visitor, on every page of the console. */
export const BOOT_SESSION_CALLS = [queryAgentInfo, queryUnfinishedTask] as const;

/** For a signed-in visitor, on one page: the workbench's totals on `/`. */
export const BOOT_PAGE_CALLS: Readonly<Record<string, readonly { path: string }[]>> = {
  '/': [homeIndex],
};
