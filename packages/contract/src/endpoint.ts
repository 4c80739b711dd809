import { z } from 'zod';
import { envelope } from './envelope';

/** One call of the wire contract: a fixed path (always POST with a JSON body), its request and reply. */
export interface Endpoint<P extends string, Req extends z.ZodType, Obj extends z.ZodType> {
  readonly path: P;
  readonly request: Req;
  readonly object: Obj;
  readonly response: ReturnType<typeof envelope<Obj>>;
}

export type AnyEndpoint = Endpoint<string, z.ZodType, z.ZodType>;
export type RequestOf<E extends AnyEndpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends AnyEndpoint> = z.output<E['request']>;
export type ObjectOf<E extends AnyEndpoint> = z.output<E['object']>;

export function endpoint<P extends string, Req extends z.ZodType, Obj extends z.ZodType>(def: {
  path: P;
  request: Req;
  object: Obj;
}): Endpoint<P, Req, Obj> {
  return { ...def, response: envelope(def.object) };
}

/** A request with no fields. Unknown keys are refused so typos never pass silently. */
export const EmptyRequest = z.strictObject({});
