import * as z from 'zod/mini';
import type { Access, Owns } from './access';
import { envelope } from './envelope';

/**
 * One call of the wire contract: a fixed path (always POST with a JSON body), its request and reply,
 * and who may call it (`access`, required). A path may carry parameters (`/api/agent/query/:id`,
 * spec section 7 writes `{id}`), described by `params`; `pathOf` fills them in. `owns` names the
 * request and path fields that carry ids of a resource the caller must own (see access.ts).
 */
export interface Endpoint<
  P extends string,
  Req extends z.ZodMiniType,
  Obj extends z.ZodMiniType,
  Par extends z.ZodMiniType,
  A extends Access = Access,
> {
  readonly path: P;
  readonly params: Par;
  readonly request: Req;
  readonly object: Obj;
  readonly response: ReturnType<typeof envelope<Obj>>;
  readonly access: A;
  readonly owns: Owns;
}

export type AnyEndpoint = Endpoint<string, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, Access>;
export type RequestOf<E extends AnyEndpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends AnyEndpoint> = z.output<E['request']>;
export type ObjectOf<E extends AnyEndpoint> = z.output<E['object']>;
export type ParamsOf<E extends AnyEndpoint> = z.input<E['params']>;
export type ParsedParamsOf<E extends AnyEndpoint> = z.output<E['params']>;

/** The params of an endpoint whose path has none. */
export const NoParams = z.object({});
type NoParams = typeof NoParams;

export function endpoint<
  P extends string,
  Req extends z.ZodMiniType,
  Obj extends z.ZodMiniType,
  A extends Access,
>(def: { path: P; request: Req; object: Obj; access: A; owns?: Owns }): Endpoint<P, Req, Obj, NoParams, A>;
export function endpoint<
  P extends string,
  Req extends z.ZodMiniType,
  Obj extends z.ZodMiniType,
  Par extends z.ZodMiniType,
  A extends Access,
>(def: {
  path: P;
  params: Par;
  request: Req;
  object: Obj;
  access: A;
  owns?: Owns;
}): Endpoint<P, Req, Obj, Par, A>;
export function endpoint(def: {
  path: string;
  params?: z.ZodMiniType;
  request: z.ZodMiniType;
  object: z.ZodMiniType;
  access: Access;
  owns?: Owns;
}): AnyEndpoint {
  return {
    ...def,
    params: def.params ?? NoParams,
    owns: def.owns ?? {},
    response: envelope(def.object),
  };
}

/** The path of a call with its parameters filled in: pathOf(queryAgent, { id: 7 }) → '/api/agent/query/7'. */
export function pathOf(ep: { path: string }, params: Record<string, string | number> = {}): string {
  return ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name} for ${ep.path}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a value of the contract's exports is an endpoint (the access test walks them all). */
export const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  'request' in value &&
  'response' in value;

/** A request with no fields. Unknown keys are refused so typos never pass silently. */
export const EmptyRequest = z.strictObject({});
