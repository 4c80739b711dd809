import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, FilterTime, listEndpoint } from './list';
import { Fen, NonNegativeFen, PositiveFen } from './money';
import { OPERATOR_ACCESS } from './roles';
import { Id, PasswordDigest, SmsCode } from './validators';

/**
 * Withdrawals (issue 10 §3, spec sections 4, 5 and 7): an agent applies for a withdrawal to its
 * Alipay account (`/api/finance/withdraw/apply`), the amount is held at once, the operator (level 0)
 * reviews it on 提现审核 and the payout is made through a payout adapter. The rules are in
 * docs/domain.md#withdrawals-issue-10-3.
 */

/** Spec section 4: -1 processing, 1 success, 0 cancelled, 2 failed. */
export const WithdrawStatus = { PROCESSING: -1, SUCCESS: 1, CANCELLED: 0, FAILED: 2 } as const;
export type WithdrawStatus = (typeof WithdrawStatus)[keyof typeof WithdrawStatus];
export const WITHDRAW_STATUS_VALUES = [-1, 1, 0, 2] as const;
export const WithdrawStatusLabels: Readonly<Record<WithdrawStatus, string>> = {
  [-1]: '处理中',
  1: '提现成功',
  0: '已取消',
  2: '提现失败',
};

/**
 * Where a withdrawal stands, finer than its status: `pending` (applied, waiting for the review)
 * and `approved` (the payout is with the adapter) are both status -1; `paid` is 1; `cancelled` (by
 * the agent) is 0; `rejected` (by the operator) and `failed` (the payout failed) are 2.
 */
export const WITHDRAW_STAGE_VALUES = [
  'pending',
  'approved',
  'paid',
  'cancelled',
  'rejected',
  'failed',
] as const;
export type WithdrawStage = (typeof WITHDRAW_STAGE_VALUES)[number];
export const WithdrawStageLabels: Readonly<Record<WithdrawStage, string>> = {
  pending: '待审核',
  approved: '待打款',
  paid: '已打款',
  cancelled: '已取消',
  rejected: '已驳回',
  failed: '打款失败',
};
export const STATUS_OF_STAGE: Readonly<Record<WithdrawStage, WithdrawStatus>> = {
  pending: -1,
  approved: -1,
  paid: 1,
  cancelled: 0,
  rejected: 2,
  failed: 2,
};

/** The payout channels (`/withdraw/channel/{x}`): Alipay is the one a withdraw account holds. */
export const WITHDRAW_CHANNEL_VALUES = ['alipay'] as const;
export type WithdrawChannelCode = (typeof WITHDRAW_CHANNEL_VALUES)[number];
export const WithdrawChannelLabels: Readonly<Record<WithdrawChannelCode, string>> = { alipay: '支付宝' };

/** The refusals of a withdrawal, in the spec's style. */
export const WithdrawMessages = {
  amountRequired: '请输入提现金额',
  belowMinimum: (minYuan: string) => `提现金额不能低于${minYuan}元`,
  notAboveFee: '提现金额须大于手续费',
  insufficient: '可提现余额不足',
  payPasswordRequired: '请输入提现密码',
  payPasswordNotSet: '请先设置提现密码',
  payPasswordWrong: '提现密码错误',
  payPasswordLocked: '提现密码错误次数过多，请1小时后再试',
  withdrawAccountFirst: '请先设置提现账户',
  notFound: '提现记录不存在',
  notProcessing: '该提现已处理，不能再操作',
  notPending: '该提现不在待审核状态',
  notApproved: '该提现不在待打款状态',
  reasonRequired: '请输入原因',
  reasonTooLong: '原因最多100个字',
  feeRateRange: '手续费率须在0%到100%之间',
  minimumRange: '最低提现金额须大于0',
  feeFixedRange: '固定手续费不能为负',
} as const;

/** A stored fee rate in 1/10000 (60 = 0.60 %), as the ratios (docs/domain.md). */
export const FEE_RATE_MAX = 10000;

/** The fee of a withdrawal of `amount` fen: the rate's part rounded down to the fen, plus the fixed fee. */
export function withdrawFeeOf(amount: number, setting: { feeRate: number; feeFixed: number }): number {
  return Math.floor((amount * setting.feeRate) / FEE_RATE_MAX) + setting.feeFixed;
}

// ---- the operator's withdrawal settings (基础设置) ----

export const WithdrawSetting = z.object({
  /** The smallest amount an agent may apply for, in fen. */
  minAmount: PositiveFen,
  /** The fee rate in 1/10000 of the amount (60 = 0.60 %), rounded down to the fen. */
  feeRate: z.int().check(z.minimum(0), z.maximum(FEE_RATE_MAX)),
  /** A fixed fee per withdrawal, in fen. */
  feeFixed: NonNegativeFen,
  updateTime: z.nullable(z.string()),
});
export type WithdrawSetting = z.infer<typeof WithdrawSetting>;

export const WithdrawSettingRequest = z.strictObject({
  minAmount: z
    .int({ error: '请输入最低提现金额（以分为单位的整数）' })
    .check(z.minimum(1, WithdrawMessages.minimumRange), z.maximum(100_000_000_00, '最低提现金额超出范围')),
  feeRate: z
    .int({ error: '请输入手续费率（以万分之一为单位的整数）' })
    .check(
      z.minimum(0, WithdrawMessages.feeRateRange),
      z.maximum(FEE_RATE_MAX, WithdrawMessages.feeRateRange),
    ),
  feeFixed: z
    .int({ error: '请输入固定手续费（以分为单位的整数）' })
    .check(z.minimum(0, WithdrawMessages.feeFixedRange), z.maximum(100_000_00, '固定手续费超出范围')),
});
export type WithdrawSettingRequest = z.input<typeof WithdrawSettingRequest>;

/** 基础设置: the withdrawal rules every agent's withdrawal follows (level 0). */
export const queryWithdrawSetting = endpoint({
  path: '/api/setting/withdrawSetting',
  access: OPERATOR_ACCESS,
  request: EmptyRequest,
  object: WithdrawSetting,
});
export const updateWithdrawSetting = endpoint({
  path: '/api/setting/updateWithdrawSetting',
  access: OPERATOR_ACCESS,
  request: WithdrawSettingRequest,
  object: WithdrawSetting,
});

// ---- the agent's calls ----

/** The caller's own money (财务管理's summary, spec: "amountData"), in fen. */
export const OwnFinance = z.object({
  /** What may be withdrawn. */
  available: NonNegativeFen,
  /** Held by withdrawals still processing. */
  frozen: NonNegativeFen,
  /** Shares and settlements credited, reversals taken back. */
  totalIncome: NonNegativeFen,
  /** Paid out by withdrawals (fees not included). */
  totalWithdrawn: NonNegativeFen,
});
export type OwnFinance = z.infer<typeof OwnFinance>;
export const queryOwnFinance = endpoint({
  path: '/api/finance/withdraw',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: OwnFinance,
});

export const WithdrawChannel = z.object({
  channel: z.enum(WITHDRAW_CHANNEL_VALUES),
  channelName: z.string(),
  /** How the payout is made: `manual`, the operator transfers by hand and marks it paid. */
  payoutMode: z.string(),
  minAmount: PositiveFen,
  feeRate: z.int(),
  feeFixed: NonNegativeFen,
  /** The caller's withdraw account for this channel, masked; null when none is set. */
  accountNo: z.nullable(z.string()),
  realName: z.nullable(z.string()),
});
export type WithdrawChannel = z.infer<typeof WithdrawChannel>;

/** `{x}`: a channel code, or `all`. The channels with the rules of a withdrawal through each. */
export const queryWithdrawChannels = endpoint({
  path: '/api/finance/withdraw/channel/:channel',
  params: z.object({ channel: z.enum(['all', ...WITHDRAW_CHANNEL_VALUES]) }),
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.array(WithdrawChannel),
});

export const WithdrawApplyRequest = z.strictObject({
  /** In fen. */
  amount: PositiveFen,
  channel: z._default(z.enum(WITHDRAW_CHANNEL_VALUES), 'alipay'),
  /** The withdraw password's MD5, as every password travels. */
  payPassword: PasswordDigest,
  /** The `WITHDRAW` code sent to the caller's own phone. */
  smsCode: SmsCode,
});
export type WithdrawApplyRequest = z.input<typeof WithdrawApplyRequest>;

export const WithdrawRecord = z.object({
  id: z.int(),
  agentId: z.int(),
  /** What leaves the balance, in fen. */
  amount: PositiveFen,
  fee: NonNegativeFen,
  /** What reaches the account: amount − fee. */
  actualAmount: NonNegativeFen,
  channel: z.enum(WITHDRAW_CHANNEL_VALUES),
  /** Masked copies taken when the agent applied. */
  accountNo: z.string(),
  realName: z.string(),
  status: z.int(),
  stage: z.enum(WITHDRAW_STAGE_VALUES),
  /** Why it was rejected or failed. */
  reason: z.nullable(z.string()),
  createTime: z.string(),
  reviewTime: z.nullable(z.string()),
  finishTime: z.nullable(z.string()),
});
export type WithdrawRecord = z.infer<typeof WithdrawRecord>;

export const withdrawApply = endpoint({
  path: '/api/finance/withdraw/apply',
  access: SIGNED_IN,
  request: WithdrawApplyRequest,
  object: WithdrawRecord,
});

const StatusFilter = z.optional(z.union(WITHDRAW_STATUS_VALUES.map((v) => z.literal(v))));

/** The caller's own withdraw records, newest first. */
export const withdrawRecordList = defineList({
  filters: {
    status: StatusFilter,
    /** Applied from / to, China time. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
  },
  row: WithdrawRecord,
  sort: ['createTime', 'amount'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'agentId',
});
export const queryWithdrawRecords = listEndpoint({
  path: '/api/finance/withdraw/detail/query',
  list: withdrawRecordList,
  access: SIGNED_IN,
});

/** The agent cancels its own withdrawal while it waits for the review; the hold is released. */
export const withdrawCancel = endpoint({
  path: '/api/finance/withdraw/cancel',
  access: SIGNED_IN,
  request: z.strictObject({ id: Id }),
  object: WithdrawRecord,
});

// ---- the operator's review (level 0) ----

export const WithdrawReviewItem = z.extend(WithdrawRecord, {
  userId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  /** Whole: the operator transfers to it by hand. */
  accountNo: z.string(),
  realName: z.string(),
  reviewerName: z.nullable(z.string()),
  /** The adapter's reference of the transfer, when it gave one or the operator typed it. */
  payoutRef: z.nullable(z.string()),
});
export type WithdrawReviewItem = z.infer<typeof WithdrawReviewItem>;

export const withdrawReviewList = defineList({
  filters: {
    status: StatusFilter,
    stage: z.optional(z.enum(WITHDRAW_STAGE_VALUES)),
    /** Part of the agent's name. */
    agentName: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
  },
  row: WithdrawReviewItem,
  sort: ['createTime', 'amount'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: null,
});
export const queryWithdrawReviews = listEndpoint({
  path: '/api/finance/withdraw/review/queryPage',
  list: withdrawReviewList,
  access: OPERATOR_ACCESS,
});

const Reason = z
  .string({ error: WithdrawMessages.reasonRequired })
  .check(
    z.trim(),
    z.minLength(1, WithdrawMessages.reasonRequired),
    z.maxLength(100, WithdrawMessages.reasonTooLong),
  );

export const approveWithdrawal = endpoint({
  path: '/api/finance/withdraw/review/approve',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: Id }),
  object: WithdrawReviewItem,
});
export const rejectWithdrawal = endpoint({
  path: '/api/finance/withdraw/review/reject',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: Id, reason: Reason }),
  object: WithdrawReviewItem,
});
/** The operator made the transfer by hand: the hold leaves the balance for good. */
export const markWithdrawalPaid = endpoint({
  path: '/api/finance/withdraw/review/paid',
  access: OPERATOR_ACCESS,
  request: z.strictObject({
    id: Id,
    /** The transfer's reference (Alipay order number), optional. */
    payoutRef: z.optional(z.string().check(z.trim(), z.maxLength(64, '转账单号最多64个字'))),
  }),
  object: WithdrawReviewItem,
});
/** The transfer could not be made: the hold goes back to the available balance. */
export const markWithdrawalFailed = endpoint({
  path: '/api/finance/withdraw/review/failed',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: Id, reason: Reason }),
  object: WithdrawReviewItem,
});

export const WITHDRAW_AUDIT_ACTIONS = ['apply', 'cancel', 'approve', 'reject', 'paid', 'failed'] as const;
export type WithdrawAuditAction = (typeof WITHDRAW_AUDIT_ACTIONS)[number];
export const WithdrawAuditActionLabels: Readonly<Record<WithdrawAuditAction, string>> = {
  apply: '申请提现',
  cancel: '取消提现',
  approve: '审核通过',
  reject: '驳回',
  paid: '标记已打款',
  failed: '标记打款失败',
};
export const WithdrawAuditEntry = z.object({
  action: z.enum(WITHDRAW_AUDIT_ACTIONS),
  actorName: z.string(),
  stageBefore: z.nullable(z.enum(WITHDRAW_STAGE_VALUES)),
  stageAfter: z.enum(WITHDRAW_STAGE_VALUES),
  reason: z.nullable(z.string()),
  time: z.string(),
});
export type WithdrawAuditEntry = z.infer<typeof WithdrawAuditEntry>;
/** Every decision on one withdrawal, oldest first. */
export const queryWithdrawAudit = endpoint({
  path: '/api/finance/withdraw/review/audit',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: Id }),
  object: z.array(WithdrawAuditEntry),
});

// ---- the operator's manual adjustment (level 0) ----

/** The longest reason of an adjustment (the ledger's `reason` holds 200 characters). */
export const ADJUST_REASON_MAX = 200;

/**
 * The operator credits or debits an agent's available balance by hand, with the reason the ledger
 * keeps (kind `adjustment`): a correction, a payment made outside the platform, a test balance.
 * Adjustments count as income (累计收益, and 成员财务's income in a range): docs/domain.md.
 */
export const adjustBalance = endpoint({
  path: '/api/finance/adjust',
  access: OPERATOR_ACCESS,
  owns: { agentId: 'agent' },
  request: z.strictObject({
    agentId: Id,
    /** Signed fen: positive credits, negative debits; never 0. */
    amount: Fen.check(z.refine((n) => n !== 0, '调整金额不能为0')),
    reason: z
      .string({ error: '请输入调整原因' })
      .check(
        z.trim(),
        z.minLength(1, '请输入调整原因'),
        z.maxLength(ADJUST_REASON_MAX, `调整原因最多${ADJUST_REASON_MAX}个字`),
      ),
  }),
  object: OwnFinance,
});
