/**
 * How an approved withdrawal's money reaches the agent's Alipay account. The adapter is called
 * after the approval has committed, through the outbox (topic `payout`, idempotency key
 * `payout:<withdrawal id>`), never inside a transaction; it may be called again for the same
 * withdrawal after a crash or a failure, and must then do the transfer at most once.
 */
export interface PayoutRequest {
  withdrawalId: number;
  channel: string;
  /** What the agent receives: the amount minus the fee, in fen. */
  netAmountFen: number;
  /** Whole (decrypted): the adapter transfers to them. */
  accountNo: string;
  realName: string;
}

/**
 * `recorded`: the transfer is recorded and will be confirmed later (by the operator, who marks
 * the withdrawal paid or failed). `paid` / `failed`: the adapter knows the outcome now.
 */
export type PayoutOutcome =
  | { kind: 'recorded'; ref: string | null }
  | { kind: 'paid'; ref: string }
  | { kind: 'failed'; reason: string };

export interface PayoutAdapter {
  /** Stored with the withdrawal: which adapter took its payout. */
  readonly name: string;
  /** How the console describes it (`/withdraw/channel/{x}`'s payoutMode). */
  readonly mode: 'manual' | 'automatic';
  transfer(request: PayoutRequest, context: { idempotencyKey: string }): Promise<PayoutOutcome>;
}

/**
 * The default adapter: no transfer API is called. It records the transfer for the operator, who
 * carries it out by hand in Alipay and then marks the withdrawal paid (with the transfer's
 * reference) or failed on 提现审核.
 */
export const manualPayoutAdapter: PayoutAdapter = {
  name: 'manual',
  mode: 'manual',
  async transfer() {
    return { kind: 'recorded', ref: null };
  },
};
