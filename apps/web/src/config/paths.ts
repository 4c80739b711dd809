/** Every client route of the console. Screens, menus, guards and links take their paths from here. */
export const paths = {
  login: '/login',
  notFound: '/404',
  redirect: '/redirect',
  home: '/',
  userCenter: '/user-center',
  netBarMgt: '/net-bar-mgt',
  webMgt: '/web-mgt',
  setting: '/setting',
  agentMgt: '/agent-mgt',
  summaryStats: '/summary-stats',
  webSummaryStats: '/web-summary-stats',
  appSummaryStats: '/APP-summary-stats',
  userDetails: '/user-details',
  orderDetails: '/order-details',
  realNameReview: '/real-name-review',
  smsOutbox: '/sms-outbox',
  ingestKeys: '/ingest-keys',
  financialMgt: '/financial-mgt',
  amountDetails: '/amount-details',
  deviceStats: '/device-stats',
  withdrawReview: '/withdraw-review',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The query parameter that carries the page to return to after logging in. */
export const REDIRECT_PARAM = 'redirect';

/** /login?redirect=<wanted>, or plain /login when the wanted page is the home page. */
export function loginPath(wanted?: string): string {
  if (!wanted || wanted === paths.home) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: wanted }).toString()}`;
}

/** Only same-origin absolute paths are followed after login: never '//host' or a full URL. */
export function safeReturnPath(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return paths.home;
  if (raw === paths.login || raw.startsWith(`${paths.login}?`)) return paths.home;
  return raw;
}

/** The path a tab refresh goes through: /redirect/<path>. */
export const redirectPath = (fullPath: string): string => `${paths.redirect}${fullPath}`;
