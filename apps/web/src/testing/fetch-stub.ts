import type { AgentInfo } from '@agent-console/contract/agent';
import type { AnyEndpoint, ObjectOf, ParsedRequestOf } from '@agent-console/contract/endpoint';
import type { Envelope } from '@agent-console/contract/envelope';
import { vi } from 'vitest';

/** What a handler answers: an envelope typed by the endpoint, or a raw Response for transport cases. */
export type Reply<E extends AnyEndpoint> = Envelope<ObjectOf<E>> | Response;

export interface Route {
  path: string;
  handle: (body: unknown) => Reply<AnyEndpoint> | Promise<Reply<AnyEndpoint>>;
}

/**
 * A handler for one contract endpoint. The request body is parsed with the endpoint's own schema
 * first, so a test fails when the console sends something the contract refuses.
 */
export function on<E extends AnyEndpoint>(
  endpoint: E,
  reply: (body: ParsedRequestOf<E>) => Reply<E> | Promise<Reply<E>>,
): Route {
  return {
    path: endpoint.path,
    handle: (body) => reply(endpoint.request.parse(body) as ParsedRequestOf<E>),
  };
}

export const ok = <T>(object: T, totalCount?: number): Envelope<T> => ({
  responseCode: '0000',
  responseMsg: '成功',
  object,
  ...(totalCount === undefined ? {} : { totalCount }),
});

export const fail = (
  responseCode: string,
  responseMsg: string,
  extra: { codeUrl?: string } = {},
): Envelope<never> => ({
  responseCode,
  responseMsg,
  object: null,
  ...extra,
});

export interface RecordedCall {
  path: string;
  body: unknown;
  init: RequestInit | undefined;
}

/**
 * Replaces fetch with the given contract-typed routes. Unknown paths answer 404. Returns the
 * calls made, in order.
 */
export function stubApi(...routes: Route[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://console.test')
      .pathname;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path, body, init });
    const route = routes.find((r) => r.path === path);
    if (!route) return new Response('not found', { status: 404 });
    const reply = await route.handle(body);
    return reply instanceof Response
      ? reply
      : new Response(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** A complete agent as /api/agent/query returns it. */
export const agentFixture = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({
  id: 4,
  userId: 10003,
  parentId: 3,
  agentLevel: 3,
  agentName: '鹏城电竞网咖联盟',
  mobilePhone: '138****0003',
  completeMobilePhone: '13800000003',
  areaInfo: '["440000-440300"]',
  areaNames: ['广东省-深圳市'],
  structuredPid: [],
  structuredChannelOption: '[]',
  hasPriceAddRangeFlag: false,
  isHbpush: false,
  setTopAuthority: false,
  addPricePermission: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  createTime: '2026-01-02 03:04:05',
  ...overrides,
});
