import {
  LEDGER_KIND_VALUES,
  type LedgerKindCode,
  LedgerKindLabels,
} from '@agent-console/contract/fund-details';
import { formatYuan } from '@agent-console/contract/money';

/** The kind filter's options, in the ledger's order. */
export const kindOptions = LEDGER_KIND_VALUES.map((value) => ({ value, label: LedgerKindLabels[value] }));

/** The antd Tag color of a kind: money in green, money out red, holds and releases blue. */
export const KIND_COLORS: Readonly<Record<LedgerKindCode, string>> = {
  order_share: 'success',
  share_reversal: 'error',
  withdraw_hold: 'processing',
  withdraw_release: 'cyan',
  withdraw_paid: 'default',
  withdraw_fee: 'warning',
  device_settlement: 'green',
  adjustment: 'purple',
};

/** A change of a balance in yuan with two decimals and its sign: +12.30, -0.05, 0.00. */
export const signedYuan = (fen: number): string => (fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen));

/** The date range filter of 资金明细, sent as `startTime` / `endTime`. */
export const FUND_DETAIL_RANGES = { range: ['startTime', 'endTime'] } as const;
