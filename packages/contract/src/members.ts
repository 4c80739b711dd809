import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { Fen, NonNegativeFen } from './money';

/**
 * 财务管理 › 成员财务 (issue 10 §3, spec section 7: `/api/finance/query-member-finance` and
 * `query-member-finance-total`): the money of every member of the caller's subtree (the caller's
 * own row included), with what each earned in a time range. The rules are in
 * docs/domain.md#member-finance-issue-10-3.
 */

/** One member's money, integer fen. */
export const MemberFinanceItem = z.object({
  agentId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  /** Masked. */
  mobilePhone: z.string(),
  /** What may be withdrawn. */
  available: NonNegativeFen,
  /** Held by withdrawals still processing. */
  frozen: NonNegativeFen,
  /** Paid out by withdrawals (fees not included). */
  totalWithdrawn: NonNegativeFen,
  /** Every income entry of all time: shares, their reversals, device settlements, adjustments. */
  totalIncome: NonNegativeFen,
  /** The same entries inside the range (may be negative: a reversal of an earlier share). */
  rangeIncome: Fen,
});
export type MemberFinanceItem = z.infer<typeof MemberFinanceItem>;

export const memberFinanceList = defineList({
  filters: {
    /** The range of `rangeIncome`, China time; absent: the last 30 days (today included). */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
    /** A node of the agent tree (structuredPid): its subtree; -1 (全部) or absent: the whole scope. */
    pid: z.optional(z.int()),
    /** Part of the agent's name. */
    agentName: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    /** The whole phone or its last digits. */
    mobilePhone: z.optional(z.string().check(z.trim(), z.maxLength(11))),
    agentLevel: z.optional(z.int().check(z.minimum(0), z.maximum(5))),
  },
  row: MemberFinanceItem,
  sort: ['agentId', 'available', 'frozen', 'totalWithdrawn', 'totalIncome', 'rangeIncome'],
  defaultSort: { field: 'agentId', order: 'asc' },
  owner: 'agentId',
  owns: { pid: 'agent' },
});
export const MemberFinanceQuery = memberFinanceList.request;
export type MemberFinanceQuery = z.input<typeof MemberFinanceQuery>;

export const queryMemberFinance = listEndpoint({
  path: '/api/finance/query-member-finance',
  list: memberFinanceList,
  access: SIGNED_IN,
});

/** The figures of the whole filtered set (the spec's `amountData`). */
export const MemberFinanceTotals = z.object({
  memberCount: z.int().check(z.nonnegative()),
  available: NonNegativeFen,
  frozen: NonNegativeFen,
  totalWithdrawn: NonNegativeFen,
  totalIncome: NonNegativeFen,
  rangeIncome: Fen,
});
export type MemberFinanceTotals = z.infer<typeof MemberFinanceTotals>;

export const queryMemberFinanceTotal = totalsEndpoint({
  path: '/api/finance/query-member-finance-total',
  list: memberFinanceList,
  totals: MemberFinanceTotals,
  access: SIGNED_IN,
});

export const exportMemberFinance = exportEndpoint({
  path: '/api/finance/exportMemberFinance',
  list: memberFinanceList,
  access: SIGNED_IN,
  fileName: '成员财务',
});
