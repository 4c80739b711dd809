import * as z from 'zod/mini';
import type { Access, Owns } from './access';
import { DATE_TIME_RE, isRealDateTime } from './dates';
import { type Endpoint, endpoint, type NoParams } from './endpoint';
import { PageRequest } from './paging';

/**
 * The list pipeline, contract side: a list is declared once (its filters, its row, its sort
 * whitelist, the row field that names the owning agent) and its calls are made from it: the page
 * call, an optional totals call over the whole filtered set, and an optional export opened by
 * browser navigation with the same filters in the query string. The console keeps the same
 * filters in its URL; `filtersFromStrings` reads them back for all three.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

type SortShape<S extends string> = {
  /** A field of the list's whitelist; absent: the list's default order. */
  orderBy: z.ZodMiniOptional<z.core.$ZodType<S, S>>;
  order: z.ZodMiniOptional<z.core.$ZodType<SortOrder, SortOrder>>;
};

export interface ListDef<F extends z.core.$ZodLooseShape, R extends z.ZodMiniType, S extends string> {
  /** The filter fields (strict, every one optional): body, console URL and export query string. */
  readonly filters: z.ZodMiniObject<F, z.core.$strict>;
  readonly row: R;
  readonly sortFields: readonly [S, ...S[]];
  readonly defaultSort: { readonly field: S; readonly order: SortOrder };
  /** The row field holding the id of the agent the row belongs to (its scope); null for operator-only lists. */
  readonly owner: string | null;
  /** The filter fields that carry ids of a resource the caller must own (see access.ts). */
  readonly owns: Owns;
  /** Filters and sort, no page: what totals and export take. */
  readonly query: z.ZodMiniObject<F & SortShape<S>, z.core.$strict>;
  /** Filters, sort and page: what the page call takes. */
  readonly request: z.ZodMiniObject<F & SortShape<S> & typeof PageRequest.shape, z.core.$strict>;
}

export type AnyListDef = ListDef<z.core.$ZodLooseShape, z.ZodMiniType, string>;
export type ListQueryOf<L extends AnyListDef> = z.output<L['query']>;
export type ListRowOf<L extends AnyListDef> = z.output<L['row']>;

export function defineList<F extends z.core.$ZodLooseShape, R extends z.ZodMiniType, S extends string>(def: {
  filters: F;
  row: R;
  sort: readonly [S, ...S[]];
  defaultSort: { field: S; order: SortOrder };
  owner: string | null;
  owns?: Owns;
}): ListDef<F, R, S> {
  const sortShape = {
    orderBy: z.optional(z.enum(def.sort as unknown as [S, ...S[]])),
    order: z.optional(z.enum(SORT_ORDERS)),
  } as unknown as SortShape<S>;
  return {
    filters: z.strictObject(def.filters),
    row: def.row,
    sortFields: def.sort,
    defaultSort: def.defaultSort,
    owner: def.owner,
    owns: def.owns ?? {},
    query: z.strictObject({ ...def.filters, ...sortShape }),
    request: z.strictObject({ ...def.filters, ...sortShape, ...PageRequest.shape }),
  };
}

/** Filter fields shared by every list. Times are China time, "YYYY-MM-DD HH:mm:ss" (or a bare date). */
export const FilterTime = z
  .string()
  .check(
    z.regex(DATE_TIME_RE, '时间格式应为 YYYY-MM-DD HH:mm:ss'),
    z.refine(isRealDateTime, { error: (issue) => `时间不存在：${String(issue.input)}` }),
  );

/** The page call of a list: its filters, sort and page in, a page of rows and `totalCount` out. */
export function listEndpoint<P extends string, L extends AnyListDef, A extends Access>(def: {
  path: P;
  list: L;
  access: A;
}): Endpoint<P, L['request'], z.ZodMiniArray<L['row']>, typeof NoParams, A> & { readonly list: L } {
  return {
    ...endpoint({
      path: def.path,
      request: def.list.request,
      object: z.array(def.list.row),
      access: def.access,
      owns: def.list.owns,
    }),
    list: def.list,
  };
}

/** The totals call of a list: the same filters (no page), figures over the whole filtered set. */
export function totalsEndpoint<
  P extends string,
  L extends AnyListDef,
  T extends z.ZodMiniType,
  A extends Access,
>(def: {
  path: P;
  list: L;
  totals: T;
  access: A;
}): Endpoint<P, L['query'], T, typeof NoParams, A> & { readonly list: L } {
  return {
    ...endpoint({
      path: def.path,
      request: def.list.query,
      object: def.totals,
      access: def.access,
      owns: def.list.owns,
    }),
    list: def.list,
  };
}

/**
 * The export of a list: GET by browser navigation (spec section 7) with the list's filters and sort
 * in the query string, answered with an .xlsx of the whole filtered set. `downloadToken` (optional)
 * comes back as the cookie `ac_export` when the file starts, so the console can tell it is running.
 */
export interface ExportEndpoint<P extends string = string, L extends AnyListDef = AnyListDef> {
  readonly kind: 'export';
  readonly path: P;
  readonly list: L;
  readonly access: Access;
  /** The file's name without its extension. */
  readonly fileName: string;
}

export const EXPORT_TOKEN_PARAM = 'downloadToken';
export const EXPORT_TOKEN_COOKIE = 'ac_export';
export const ExportToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

export function exportEndpoint<P extends string, L extends AnyListDef>(def: {
  path: P;
  list: L;
  access: Access;
  fileName: string;
}): ExportEndpoint<P, L> {
  return { kind: 'export', ...def };
}

export const isExportEndpoint = (value: unknown): value is ExportEndpoint =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'export';

// ---- filters as strings (the console's URL, the export's query string) ----

type Kind = 'string' | 'number' | 'boolean' | { array: Kind } | 'other';

interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  values?: unknown[];
  in?: z.ZodMiniType;
  entries?: Record<string, unknown>;
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a filter field holds, looking through optional, default, nullable and pipes. */
function kindOf(schema: z.ZodMiniType): Kind {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return def.type;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? kindOf(def.innerType) : 'other';
    case 'pipe':
      return def.in ? kindOf(def.in) : 'other';
    case 'array':
      return def.element ? { array: kindOf(def.element) } : 'other';
    case 'literal': {
      const kinds = new Set((def.values ?? []).map((v) => typeof v));
      return kinds.size === 1 && kinds.has('number') ? 'number' : kinds.has('boolean') ? 'boolean' : 'string';
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return values.every((v) => typeof v === 'number') ? 'number' : 'string';
    }
    case 'union': {
      const kinds = (def.options ?? []).map(kindOf);
      const first = kinds[0];
      return typeof first === 'string' && kinds.every((k) => k === first) ? first : 'other';
    }
    default:
      return 'other';
  }
}

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

function fromString(kind: Kind, raw: string): unknown {
  if (typeof kind === 'object')
    return raw === '' ? [] : raw.split(',').map((part) => fromString(kind.array, part));
  if (kind === 'number') return NUMBER_RE.test(raw) ? Number(raw) : raw;
  if (kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/**
 * The values of a list query read from strings (URL search params, a query string): each field of
 * the shape takes the JSON type its schema wants (numbers, booleans, comma-separated arrays);
 * empty strings and unknown keys are left out. The result still has to pass the schema.
 */
export function filtersFromStrings(
  shape: z.core.$ZodLooseShape,
  strings: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const value = strings[key];
    const raw = Array.isArray(value) ? value.join(',') : value;
    if (typeof raw !== 'string' || raw === '') continue;
    out[key] = fromString(kindOf(schema as z.ZodMiniType), raw);
  }
  return out;
}

/** A list query as strings (the reverse of `filtersFromStrings`): empty values are left out. */
export function filtersToStrings(values: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.map(String).join(',');
    } else out[key] = String(value);
  }
  return out;
}

/**
 * Reads a list query from strings keeping only the fields that are valid on their own (the console
 * restores what it can of a hand-edited URL); `parse` of the whole query then cannot fail on them.
 */
export function validFilters<L extends AnyListDef>(
  list: L,
  strings: Readonly<Record<string, string | readonly string[] | undefined>>,
): Partial<ListQueryOf<L>> {
  const shape = list.query.shape as z.core.$ZodLooseShape;
  const values = filtersFromStrings(shape, strings);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = shape[key] as z.ZodMiniType | undefined;
    const parsed = field?.safeParse(value);
    if (parsed?.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return out as Partial<ListQueryOf<L>>;
}

/** The address of an export with these filters (and a token the console watches for). */
export function exportHref(
  ep: ExportEndpoint,
  query: Readonly<Record<string, unknown>>,
  token?: string,
): string {
  const params = new URLSearchParams(filtersToStrings(query));
  if (token) params.set(EXPORT_TOKEN_PARAM, token);
  const qs = params.toString();
  return qs ? `${ep.path}?${qs}` : ep.path;
}
