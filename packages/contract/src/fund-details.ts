import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { Fen } from './money';
import { Id } from './validators';

/**
 * 资金明细 (issue 10 §2, spec sections 2 and 7: `/api/finance/details/query`, `/api/finance/details`,
 * `/api/finance/details/export`; screen /amount-details, and the 资金明细 tab of /financial-mgt):
 * the entries of the append-only ledger, on the list pipeline. Who sees whose entries:
 * docs/domain.md#fund-details-资金明细.
 */

/** What a ledger entry records (the server's `ledger_entries.kind`; a test keeps both lists equal). */
export const LEDGER_KIND_VALUES = [
  'order_share',
  'share_reversal',
  'withdraw_hold',
  'withdraw_release',
  'withdraw_paid',
  'withdraw_fee',
  'device_settlement',
  'adjustment',
] as const;
export type LedgerKindCode = (typeof LEDGER_KIND_VALUES)[number];
export const LedgerKind = z.enum(LEDGER_KIND_VALUES);

export const LedgerKindLabels: Readonly<Record<LedgerKindCode, string>> = {
  order_share: '订单分润',
  share_reversal: '分润冲正',
  withdraw_hold: '提现冻结',
  withdraw_release: '提现解冻',
  withdraw_paid: '提现打款',
  withdraw_fee: '提现手续费',
  device_settlement: '有效设备结算',
  adjustment: '人工调账',
};

/** At most this many agents in one `agentIds` filter. */
export const FUND_DETAIL_MAX_AGENTS = 200;

export const FundDetailMessages = {
  membersDenied: '无权查看下级代理的资金明细',
} as const;

/** One ledger entry as 资金明细 shows it: amounts in signed integer fen, time in China time. */
export const FundDetailItem = z.object({
  id: z.int(),
  createTime: z.string(),
  agentId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  kind: LedgerKind,
  /** The change of the available balance (signed). */
  availableChangeFen: Fen,
  /** The change of the frozen balance (signed). */
  frozenChangeFen: Fen,
  availableAfterFen: Fen,
  frozenAfterFen: Fen,
  /** The order a share or a reversal refers to. */
  orderId: z.nullable(z.int()),
  orderNo: z.nullable(z.string()),
  /** The withdrawal a hold, release, payout or fee refers to. */
  withdrawalId: z.nullable(z.int()),
  deviceSettlementId: z.nullable(z.int()),
  /** The operator's reason of an adjustment (or the system's note). */
  reason: z.nullable(z.string()),
});
export type FundDetailItem = z.infer<typeof FundDetailItem>;

export const fundDetailList = defineList({
  filters: {
    /** Booked from / to, China time. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
    /** Only these kinds; absent or empty: every kind. */
    kinds: z.optional(z.array(LedgerKind).check(z.maxLength(LEDGER_KIND_VALUES.length))),
    /**
     * Nodes of the agent tree: the entries of each node's subtree (the node included). Absent or
     * empty: the caller's own entries. Naming an agent other than the caller needs the member menu.
     */
    agentIds: z.optional(
      z.array(Id).check(z.maxLength(FUND_DETAIL_MAX_AGENTS, `最多选择${FUND_DETAIL_MAX_AGENTS}个代理`)),
    ),
    /** The whole order number of a share or a reversal. */
    orderNo: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  },
  row: FundDetailItem,
  sort: ['createTime'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'agentId',
  owns: { agentIds: 'agent' },
});
export type FundDetailQuery = z.input<typeof fundDetailList.query>;

/** details/query: a page of the entries, newest first. */
export const queryFundDetails = listEndpoint({
  path: '/api/finance/details/query',
  list: fundDetailList,
  access: SIGNED_IN,
});

/** What the entries of one kind add up to. */
export const FundDetailKindTotal = z.object({
  kind: LedgerKind,
  count: z.int().check(z.nonnegative()),
  availableChangeFen: Fen,
  frozenChangeFen: Fen,
});
export type FundDetailKindTotal = z.infer<typeof FundDetailKindTotal>;

/**
 * amountDetailTotal: the whole filtered set. `incomeFen` adds the entries that raised the
 * available balance, `expenseFen` (≥ 0) what the others took from it, `netFen` = income − expense
 * (the available balance's change over the set); `frozenNetFen` the frozen balance's change.
 * `byKind`: every kind with entries, in the order of LEDGER_KIND_VALUES.
 */
export const AmountDetailTotal = z.object({
  count: z.int().check(z.nonnegative()),
  incomeFen: Fen,
  expenseFen: Fen,
  netFen: Fen,
  frozenNetFen: Fen,
  byKind: z.array(FundDetailKindTotal),
});
export type AmountDetailTotal = z.infer<typeof AmountDetailTotal>;

/** `/api/finance/details`: the totals of the filtered entries (amountDetailTotal). */
export const totalFundDetails = totalsEndpoint({
  path: '/api/finance/details',
  list: fundDetailList,
  totals: AmountDetailTotal,
  access: SIGNED_IN,
});

export const exportFundDetails = exportEndpoint({
  path: '/api/finance/details/export',
  list: fundDetailList,
  access: SIGNED_IN,
  fileName: '资金明细',
});
