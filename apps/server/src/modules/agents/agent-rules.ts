import { AGENT_FLAG_KEYS, AGENT_FLAG_LABELS, type AgentFlags } from '@agent-console/contract';
import { areasWithin } from '../regions/region-tree';

/** Ratios are stored as integers in 1/10000 (basis points): 10000 = 100 %. */
export const RATIO_SCALE = 10_000;

export type { AgentFlags };
/** The flags in a fixed order. */
export const FLAG_KEYS = AGENT_FLAG_KEYS;

export const NO_FLAGS: AgentFlags = {
  setTopAuthority: false,
  addPricePermission: false,
  isHbpush: false,
  xuanhaoApp: false,
  hasMemberFinanceMenu: false,
  setSettleAuthority: false,
  hasPriceAddRangeFlag: false,
};

/** Level ≤ 1 covers (and sees) the whole region tree; deeper levels only their own areas (spec section 6). */
export const WHOLE_TREE_MAX_LEVEL = 1;
export const MAX_AGENT_LEVEL = 5;

/** What the rules between an agent and its parent look at. Ratios in 1/10000. */
export interface Placement {
  agentLevel: number;
  areaInfo: readonly string[];
  proportion: number;
  baseProfitRatio: number;
  /** Game id → special ratio; a game without one falls back to the base ratio. */
  gameRatios: ReadonlyMap<number, number>;
  flags: AgentFlags;
}

export type Violation =
  | { kind: 'level' }
  | { kind: 'areas' }
  | { kind: 'flag'; flag: keyof AgentFlags }
  | { kind: 'proportion' | 'base'; child: number; parent: number }
  | { kind: 'game'; gameId: number; child: number; parent: number; childFallsBack: boolean };

const effective = (p: Placement, gameId: number) => p.gameRatios.get(gameId) ?? p.baseProfitRatio;

/**
 * The first rule a child breaks against its parent, or null: a deeper level, areas inside the
 * parent's, only flags the parent holds, and no ratio above the parent's (proportion, base, and
 * each game's effective ratio, which falls back to the base ratio where no special one is set).
 */
export function firstViolation(child: Placement, parent: Placement): Violation | null {
  if (child.agentLevel <= parent.agentLevel) return { kind: 'level' };
  if (!areasWithin(child.areaInfo, parent.areaInfo)) return { kind: 'areas' };
  for (const flag of FLAG_KEYS) if (child.flags[flag] && !parent.flags[flag]) return { kind: 'flag', flag };
  if (child.proportion > parent.proportion)
    return { kind: 'proportion', child: child.proportion, parent: parent.proportion };
  if (child.baseProfitRatio > parent.baseProfitRatio)
    return { kind: 'base', child: child.baseProfitRatio, parent: parent.baseProfitRatio };
  const games = [...new Set([...child.gameRatios.keys(), ...parent.gameRatios.keys()])].sort((a, b) => a - b);
  for (const gameId of games) {
    const c = effective(child, gameId);
    const p = effective(parent, gameId);
    if (c > p)
      return { kind: 'game', gameId, child: c, parent: p, childFallsBack: !child.gameRatios.has(gameId) };
  }
  return null;
}

/** 3500 → "35%", 1234 → "12.34%". */
export const percent = (ratio: number): string => `${Number((ratio / 100).toFixed(2))}%`;

/** The message for a new or changed agent that breaks a rule against its parent. */
export function violationAgainstParent(v: Violation, gameName: (id: number) => string): string {
  switch (v.kind) {
    case 'level':
      return '下级代理的等级必须低于上级';
    case 'areas':
      return '代理地区必须在上级代理的地区之内';
    case 'flag':
      return `上级代理没有「${AGENT_FLAG_LABELS[v.flag]}」权限，不能授予下级代理`;
    case 'proportion':
      return `分润占比不能高于上级代理（${percent(v.parent)}）`;
    case 'base':
      return `基础分润比例不能高于上级代理（${percent(v.parent)}）`;
    case 'game':
      return v.childFallsBack
        ? `「${gameName(v.gameId)}」的分润比例（沿用基础分润比例 ${percent(v.child)}）不能高于上级代理（${percent(v.parent)}）`
        : `「${gameName(v.gameId)}」的分润比例不能高于上级代理（${percent(v.parent)}）`;
  }
}

/** The message when a change of an agent would leave one of its sub-agents above it. */
export function violationOfChild(v: Violation, childName: string, gameName: (id: number) => string): string {
  const fix = '，请先调整该下级代理';
  switch (v.kind) {
    case 'level':
      return `下级代理「${childName}」的等级不低于该代理${fix}`;
    case 'areas':
      return `下级代理「${childName}」的地区不在修改后的地区之内${fix}`;
    case 'flag':
      return `下级代理「${childName}」拥有「${AGENT_FLAG_LABELS[v.flag]}」权限，不能取消${fix}`;
    case 'proportion':
      return `下级代理「${childName}」的分润占比（${percent(v.child)}）高于修改后的值（${percent(v.parent)}）${fix}`;
    case 'base':
      return `下级代理「${childName}」的基础分润比例（${percent(v.child)}）高于修改后的值（${percent(v.parent)}）${fix}`;
    case 'game':
      return `下级代理「${childName}」的「${gameName(v.gameId)}」分润比例（${percent(v.child)}）高于修改后的值（${percent(v.parent)}）${fix}`;
  }
}

/** A wire ratio (a fraction 0..1 with at most 4 decimals) as stored: 0.35 → 3500. */
export const ratioToStored = (fraction: number): number => Math.round(fraction * RATIO_SCALE);
/** A stored ratio on the wire: 3500 → 0.35. */
export const ratioToWire = (stored: number): number => stored / RATIO_SCALE;
