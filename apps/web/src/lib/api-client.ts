import { REQUEST_TIMEOUT_MS } from '@agent-console/contract/constants';
import { type AnyEndpoint, type ObjectOf, pathOf, type RequestOf } from '@agent-console/contract/endpoint';
import { Codes } from '@agent-console/contract/envelope';
import { loginPath, paths } from '../config/paths';
import { browser } from './browser';
import { parseJson } from './json';
import { beginCall, endCall } from './loading-store';
import { clearLoginState } from './login-state';
import { notifyError } from './notify';

/** Messages saying the agent is set in a price-increase plan are never toasted (spec section 8). */
export const PRICE_PLAN_MARKER = '加价计划';
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';
export const TIMEOUT_MESSAGE = '请求超时，请稍后重试';
export const BAD_RESPONSE_MESSAGE = '服务器响应格式错误，请稍后重试';

/** Transport failures get codes of their own, next to the server's business codes. */
export const TransportCodes = {
  NETWORK: 'NETWORK',
  TIMEOUT: 'TIMEOUT',
  BAD_RESPONSE: 'BAD_RESPONSE',
  ABORTED: 'ABORTED',
} as const;

/** A call that did not succeed: a business code from the server or a transport failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    /** Whether an error toast was shown for it. */
    readonly toasted: boolean,
    /**
     * Whether the api client has done all that spec section 8 asks for this failure: the toast, the
     * way to /login (9996), the redirect (3001), or the silence of R9998 and of price-increase plan
     * messages. Callers then have nothing left to say (`runAction` drops it). A failure of a silent
     * call, or a 9996 the caller keeps for itself, is not reported: it is the caller's to handle.
     */
    readonly reported: boolean = toasted,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** Do not toast failures (list loads fail silently, spec section 8). */
  silent?: boolean;
  /** Leave code 9996 to the caller instead of clearing the login state and going to /login. */
  ignoreUnauthorized?: boolean;
  /** Cancels the call (React Query passes its own). */
  signal?: AbortSignal;
  /** Values of the path's parameters, for endpoints such as `/api/agent/query/:id`. */
  params?: Record<string, string | number>;
}

export interface CallResult<T> {
  object: T;
  totalCount: number | undefined;
}

interface RawReply {
  ok: boolean;
  status: number;
  json: unknown;
}

export interface BaseEnvelope {
  responseCode: string;
  responseMsg: string;
  codeUrl?: string;
}

export function readBase(json: unknown): BaseEnvelope | null {
  if (typeof json !== 'object' || json === null) return null;
  const { responseCode, responseMsg, codeUrl } = json as Record<string, unknown>;
  if (typeof responseCode !== 'string' || responseCode === '') return null;
  return {
    responseCode,
    responseMsg: typeof responseMsg === 'string' ? responseMsg : '',
    ...(typeof codeUrl === 'string' ? { codeUrl } : {}),
  };
}

function isOnLoginPage(): boolean {
  const here = browser.currentPath();
  return here === paths.login || here.startsWith(`${paths.login}?`);
}

/** Code 9996: forget the login state and go to /login, coming back here afterwards. */
function toLogin(): void {
  clearLoginState();
  if (!isOnLoginPage()) browser.assign(loginPath(browser.currentPath()));
}

/** Builds the error and shows its toast unless the call is silent or the message must not be toasted. */
function failure(code: string, message: string, opts: CallOptions): ApiError {
  const pricePlan = message.includes(PRICE_PLAN_MARKER);
  const toast = !opts.silent && message !== '' && !pricePlan;
  if (toast) notifyError(message);
  return new ApiError(code, message, toast, toast || (!opts.silent && pricePlan));
}

/**
 * Applies the error catalogue of spec section 8 to a reply's envelope: nothing on success, else the
 * catalogue's effect (9996 to /login, 3001 to codeUrl, R9998 silent, otherwise a toast) and a throw.
 */
export function rejectFailure(base: BaseEnvelope, opts: CallOptions = {}): void {
  const { responseCode, responseMsg, codeUrl } = base;
  switch (responseCode) {
    case Codes.SUCCESS:
      return;
    case Codes.NOT_LOGGED_IN:
      if (!opts.ignoreUnauthorized) toLogin();
      throw new ApiError(responseCode, responseMsg, false, !opts.ignoreUnauthorized);
    case Codes.REDIRECT:
      if (codeUrl) browser.setHref(codeUrl);
      throw new ApiError(responseCode, responseMsg, false, true);
    case Codes.SILENT_REJECT:
      throw new ApiError(responseCode, responseMsg, false, true);
    default:
      throw failure(responseCode, responseMsg, opts);
  }
}

async function post(path: string, body: unknown, opts: CallOptions): Promise<RawReply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    // The body is read inside the timeout too: a server may stall after sending the headers.
    // Not JSON (a proxy's error page) is a transport failure below.
    const json = parseJson(await response.text());
    return { ok: response.ok, status: response.status, json };
  } catch {
    // fetch and the body read reject only for transport reasons (network, abort): say which.
    if (timedOut) throw failure(TransportCodes.TIMEOUT, TIMEOUT_MESSAGE, opts);
    if (opts.signal?.aborted) throw new ApiError(TransportCodes.ABORTED, '请求已取消', false);
    throw failure(TransportCodes.NETWORK, NETWORK_ERROR_MESSAGE, opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The one way the console talks to the server: POST the JSON body with the session cookie
 * (10 s timeout), apply the error catalogue of spec section 8, and return the endpoint's object
 * as the contract parses it. Every call moves the global loading counter up, then down.
 */
export async function call<E extends AnyEndpoint>(
  endpoint: E,
  body: RequestOf<E>,
  opts: CallOptions = {},
): Promise<CallResult<ObjectOf<E>>> {
  beginCall();
  try {
    const reply = await post(pathOf(endpoint, opts.params), body, opts);
    const base = readBase(reply.json);
    if (!base) {
      const message = reply.ok ? BAD_RESPONSE_MESSAGE : `${NETWORK_ERROR_MESSAGE}（${reply.status}）`;
      throw failure(reply.ok ? TransportCodes.BAD_RESPONSE : TransportCodes.NETWORK, message, opts);
    }
    rejectFailure(base, opts);
    const parsed = endpoint.response.safeParse(reply.json);
    if (!parsed.success) throw failure(TransportCodes.BAD_RESPONSE, BAD_RESPONSE_MESSAGE, opts);
    const { object, totalCount } = parsed.data;
    if (object === null && !endpoint.object.safeParse(null).success) {
      throw failure(TransportCodes.BAD_RESPONSE, BAD_RESPONSE_MESSAGE, opts);
    }
    return { object: object as ObjectOf<E>, totalCount };
  } finally {
    endCall();
  }
}

/** The Chinese text of any failure, for inline display. */
export const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
