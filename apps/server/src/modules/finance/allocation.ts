/**
 * The profit split of one order (分润, issue 10 §1; the model and a worked example are in
 * docs/domain.md "Profit shares"). Pure: integers in, integers out, no floating point.
 */

export const RATIO_SCALE = 10_000;

/** An agent of the order's frozen chain with what it had at the order's completion. */
export interface ChainRatios {
  agentId: number;
  agentLevel: number;
  /** Effective ratio for the order's game (its special ratio, else its base ratio), 1/10000. */
  ratio: number;
  proportion: number;
  /** Earns from price-increase ranges instead (a later issue): no price-increase share here. */
  priceAddRange: boolean;
}

export interface AllocationLine {
  agentId: number;
  agentLevel: number;
  part: 'base' | 'price_increase';
  /** The (capped) ratio or proportion the line used. */
  ratio: number;
  partFen: number;
  amountFen: number;
}

/** ⌊amount × ratio / 10000⌋ in exact integer arithmetic (bigint: amount × ratio may pass 2^53). */
const share = (amountFen: number, ratio: number) =>
  Number((BigInt(amountFen) * BigInt(ratio)) / BigInt(RATIO_SCALE));

/**
 * One part shared differentially over the chain (level 0 first). Each agent's value is capped at
 * its parent's (the tree keeps that anyway, the cap makes every difference ≥ 0 whatever history
 * says). The order distributes ⌊part × r0⌋ (r0: the level 0 operator's value); agent i ≥ 1 earns
 * ⌊part × (ri − ri+1)⌋ (the deepest: ⌊part × rk⌋), and the level 0 operator gets what is left, its
 * own difference and every fen the rounding left: the lines add up to exactly what it distributes.
 */
function sharePart(
  chain: readonly ChainRatios[],
  part: 'base' | 'price_increase',
  partFen: number,
  valueFor: (c: ChainRatios) => number,
  earns: (c: ChainRatios) => boolean,
): AllocationLine[] {
  const capped: number[] = [];
  chain.forEach((c, i) => {
    const own = Math.max(0, Math.min(RATIO_SCALE, valueFor(c)));
    capped.push(i === 0 ? own : Math.min(own, capped[i - 1] as number));
  });
  const distributed = share(partFen, capped[0] ?? 0);
  const lines: AllocationLine[] = chain.map((c, i) => ({
    agentId: c.agentId,
    agentLevel: c.agentLevel,
    part,
    ratio: capped[i] as number,
    partFen,
    amountFen: 0,
  }));
  let given = 0;
  for (let i = 1; i < chain.length; i++) {
    const line = lines[i] as AllocationLine;
    if (!earns(chain[i] as ChainRatios)) continue;
    const diff = (capped[i] as number) - (i + 1 < chain.length ? (capped[i + 1] as number) : 0);
    line.amountFen = share(partFen, diff);
    given += line.amountFen;
  }
  if (lines[0]) lines[0].amountFen = distributed - given;
  return lines;
}

/**
 * The allocation lines of an order: `base` (the amount without the price increase, by the
 * effective ratios) and `price_increase` (by proportion; agents with price-increase ranges earn
 * nothing here, their difference stays with the level 0 operator). `chain` runs from the level 0
 * operator down to the order's agent.
 */
export function allocateOrder(
  order: { amountFen: number; priceIncreaseFen: number },
  chain: readonly ChainRatios[],
): AllocationLine[] {
  if (chain.length === 0 || chain[0]?.agentLevel !== 0)
    throw new Error('a chain starts at the level 0 operator');
  const baseFen = order.amountFen - order.priceIncreaseFen;
  return [
    ...sharePart(
      chain,
      'base',
      baseFen,
      (c) => c.ratio,
      () => true,
    ),
    ...sharePart(
      chain,
      'price_increase',
      order.priceIncreaseFen,
      (c) => c.proportion,
      (c) => !c.priceAddRange,
    ),
  ];
}
