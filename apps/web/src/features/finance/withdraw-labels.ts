import {
  FEE_RATE_MAX,
  WITHDRAW_STATUS_VALUES,
  type WithdrawStage,
  WithdrawStageLabels,
  WithdrawStatusLabels,
} from '@agent-console/contract/withdrawals';

/** The tag colour of a withdrawal's stage. */
export const stageColor = (stage: WithdrawStage): string =>
  ({
    pending: 'processing',
    approved: 'warning',
    paid: 'success',
    cancelled: 'default',
    rejected: 'error',
    failed: 'error',
  })[stage];

/** The tag text: the spec's status (处理中…), with where a processing one stands (待审核 / 待打款). */
export const stageText = (stage: WithdrawStage, status: number): string => {
  const label = WithdrawStatusLabels[status as keyof typeof WithdrawStatusLabels] ?? String(status);
  return stage === 'pending' || stage === 'approved' || stage === 'rejected'
    ? `${label}·${WithdrawStageLabels[stage]}`
    : label;
};

export const statusOptions = WITHDRAW_STATUS_VALUES.map((value) => ({
  value,
  label: WithdrawStatusLabels[value],
}));

/** A fee rate in 1/10000 as a percentage with two decimals: 60 → "0.60%". */
export const feeRateText = (rate: number): string =>
  `${Math.floor((rate * 100) / FEE_RATE_MAX)}.${String(rate % (FEE_RATE_MAX / 100)).padStart(2, '0')}%`;

/** "0.6" or "0.60" (a percentage typed with at most two decimals) → 60 (1/10000); null when not one. */
export function percentToFeeRate(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const rate = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return rate <= FEE_RATE_MAX ? rate : null;
}
