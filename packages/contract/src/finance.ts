import * as z from 'zod/mini';
import { Fen } from './money';

/** The two parts of an order's split (docs/domain.md "Profit shares"). */
export const SHARE_PARTS = ['base', 'price_increase'] as const;
export const SharePart = z.enum(SHARE_PARTS);
export type SharePart = z.infer<typeof SharePart>;

export const SharePartLabels: Record<SharePart, string> = { base: '订单分润', price_increase: '加价分润' };

/**
 * One line of an order's split (分润明细): who earned what, from which ratio. `ratio` is the
 * effective ratio (base part) or proportion (price-increase part) used, a fraction 0..1 as every
 * ratio on the wire; `partFen` what the part was computed from; `reversed` when the order left
 * completed afterwards (a `share_reversal` took it back). A new booking is a new `generation`.
 */
export const ProfitShareLine = z.object({
  agentId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  part: SharePart,
  ratio: z.number(),
  partFen: Fen,
  amountFen: Fen,
  generation: z.int(),
  reversed: z.boolean(),
});
export type ProfitShareLine = z.infer<typeof ProfitShareLine>;
