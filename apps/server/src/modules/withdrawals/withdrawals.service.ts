import {
  Codes,
  fenToYuan,
  type ListQueryOf,
  maskRealName,
  type OwnFinance,
  STATUS_OF_STAGE,
  WITHDRAW_CHANNEL_VALUES,
  type WithdrawAuditAction,
  type WithdrawAuditEntry,
  type WithdrawChannel,
  type WithdrawChannelCode,
  WithdrawChannelLabels,
  WithdrawMessages,
  type WithdrawRecord,
  type WithdrawReviewItem,
  type WithdrawStage,
  withdrawFeeOf,
  type withdrawRecordList,
  type withdrawReviewList,
} from '@agent-console/contract';
import { z } from 'zod';
import { type Database, sqlStateOf, type Tx } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { verifyPasswordDigest } from '../../shared/passwords';
import { chinaRange, formatChinaTime, hours } from '../../shared/time';
import type { OutboxService } from '../outbox/outbox.service';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit.service';
import type { RealNameService } from '../real-name/real-name.service';
import type { DataCipher } from '../security/data-key';
import { requireIdentityVerified, requirePhoneVerified } from '../security/gates';
import type { SettingsService } from '../settings/settings.service';
import type { SmsService } from '../sms/sms.service';
import type { UsersService } from '../users/users.service';
import { maskAlipayAccount, type WithdrawAccountService } from '../withdraw-account/withdraw-account.service';
import type { PayoutAdapter } from './payout-adapter';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

/** The entries a withdrawal writes into the ledger (the finance module's one way to move money). */
export type WithdrawLedgerKind = 'withdraw_hold' | 'withdraw_release' | 'withdraw_paid' | 'withdraw_fee';
export interface WithdrawLedgerEntry {
  agentId: number;
  kind: WithdrawLedgerKind;
  availableDeltaFen: number;
  frozenDeltaFen: number;
  withdrawalId: number;
  reason?: string;
  actorAgentId?: number;
}
/** What withdrawals need of the finance module: its `post` (the one way to move money) and the accounts. */
export interface WithdrawLedger {
  post(tx: Tx, entries: WithdrawLedgerEntry[]): Promise<unknown>;
  accounts(
    agentIds: readonly number[],
  ): Promise<
    { availableFen: number; frozenFen: number; totalIncomeFen: number; totalWithdrawnFen: number }[]
  >;
}

/** The outbox topic of payouts: one message per approved withdrawal. */
export const PAYOUT_TOPIC = 'payout';
const PayoutPayload = z.object({ withdrawalId: z.number().int().positive() });

/** Checks of the withdraw password per account: right or wrong, 10 an hour (then 1029). */
export const PAY_PASSWORD_RULE: RateRule = {
  name: 'withdraw-pay-password',
  limit: 10,
  windowMs: hours(1),
  message: WithdrawMessages.payPasswordLocked,
};

/** A balance below zero: the ledger's CHECK (23514) or its own refusal. */
const isInsufficient = (err: unknown): boolean =>
  sqlStateOf(err) === '23514' || (err instanceof AppError && err.code === Codes.INSUFFICIENT_BALANCE);

export function createWithdrawalsService(deps: {
  db: Database;
  repo: WithdrawalsRepository;
  ledger: WithdrawLedger;
  users: UsersService;
  realName: RealNameService;
  withdrawAccount: WithdrawAccountService;
  settings: SettingsService;
  sms: SmsService;
  limiter: RateLimiter;
  outbox: OutboxService;
  payout: PayoutAdapter;
  cipher: DataCipher;
  clock: Clock;
}) {
  const { db, repo, ledger, users, realName, withdrawAccount, settings, sms, limiter, outbox, payout } = deps;
  const { cipher, clock } = deps;
  const time = (d: Date | null) => (d ? formatChinaTime(d) : null);

  const toRecord = (r: WithdrawalRow): WithdrawRecord => ({
    id: r.id,
    agentId: r.agentId,
    amount: r.amountFen,
    fee: r.feeFen,
    actualAmount: r.amountFen - r.feeFen,
    channel: r.channel as WithdrawChannelCode,
    accountNo: maskAlipayAccount(cipher.decrypt(r.accountNoEnc)),
    realName: maskRealName(cipher.decrypt(r.realNameEnc)),
    status: r.status,
    stage: r.stage,
    reason: r.reason,
    createTime: formatChinaTime(r.createdAt),
    reviewTime: time(r.reviewedAt),
    finishTime: time(r.finishedAt),
  });
  type Joined = NonNullable<Awaited<ReturnType<WithdrawalsRepository['reviewRow']>>>;
  const toReviewItem = (j: Joined): WithdrawReviewItem => ({
    ...toRecord(j.withdrawal),
    accountNo: cipher.decrypt(j.withdrawal.accountNoEnc),
    realName: cipher.decrypt(j.withdrawal.realNameEnc),
    userId: j.userId,
    agentName: j.agentName,
    agentLevel: j.agentLevel,
    reviewerName: j.reviewerName,
    payoutRef: j.withdrawal.payoutRef,
  });
  const reviewItem = async (id: number): Promise<WithdrawReviewItem> => {
    const row = await repo.reviewRow(id);
    if (!row) throw new AppError(Codes.NOT_FOUND, WithdrawMessages.notFound);
    return toReviewItem(row);
  };

  /** Why a compare-and-set found nothing: no such withdrawal (of this agent), or another stage. */
  async function refuse(id: number, notInStage: string, agentId?: number): Promise<never> {
    const row = await repo.findById(id);
    if (!row || (agentId !== undefined && row.agentId !== agentId))
      throw new AppError(Codes.NOT_FOUND, WithdrawMessages.notFound);
    throw new AppError(Codes.INVALID_STATE, row.status === -1 ? notInStage : WithdrawMessages.notProcessing);
  }

  /**
   * One decision: the stage moves by compare-and-set, the ledger entries and the audit line are
   * written in the same transaction. Null when the withdrawal was not in `from`.
   */
  async function decide(
    tx: Tx,
    input: {
      id: number;
      from: WithdrawStage;
      to: WithdrawStage;
      action: WithdrawAuditAction;
      actorAgentId: number;
      reason?: string | null;
      ownerAgentId?: number;
      patch?: { reviewerAgentId?: number; reviewedAt?: Date; finishedAt?: Date; payoutRef?: string | null };
      entries?: (
        row: WithdrawalRow,
      ) => Omit<WithdrawLedgerEntry, 'agentId' | 'withdrawalId' | 'actorAgentId'>[];
    },
  ): Promise<WithdrawalRow | null> {
    const now = clock();
    const row = await repo.transition(
      tx,
      input.id,
      input.from,
      {
        stage: input.to,
        status: STATUS_OF_STAGE[input.to],
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
        ...input.patch,
      },
      input.ownerAgentId,
    );
    if (!row) return null;
    const entries = input.entries?.(row) ?? [];
    if (entries.length > 0)
      await ledger.post(
        tx,
        entries.map((e) => ({
          ...e,
          agentId: row.agentId,
          withdrawalId: row.id,
          actorAgentId: input.actorAgentId,
        })),
      );
    await repo.audit(tx, {
      withdrawalId: row.id,
      actorAgentId: input.actorAgentId,
      action: input.action,
      stageBefore: input.from,
      stageAfter: input.to,
      reason: input.reason ?? null,
      at: now,
    });
    return row;
  }

  const release = (reason: string) => (row: WithdrawalRow) => [
    {
      kind: 'withdraw_release' as const,
      availableDeltaFen: row.amountFen,
      frozenDeltaFen: -row.amountFen,
      reason,
    },
  ];
  const paidEntries = (row: WithdrawalRow) => [
    { kind: 'withdraw_paid' as const, availableDeltaFen: 0, frozenDeltaFen: -(row.amountFen - row.feeFen) },
    ...(row.feeFen > 0
      ? [{ kind: 'withdraw_fee' as const, availableDeltaFen: 0, frozenDeltaFen: -row.feeFen }]
      : []),
  ];

  async function settlePaid(id: number, actorAgentId: number, payoutRef: string | null) {
    return db.transaction((tx) =>
      decide(tx, {
        id,
        from: 'approved',
        to: 'paid',
        action: 'paid',
        actorAgentId,
        patch: { finishedAt: clock(), payoutRef },
        entries: paidEntries,
      }),
    );
  }
  async function settleFailed(id: number, actorAgentId: number, reason: string) {
    return db.transaction((tx) =>
      decide(tx, {
        id,
        from: 'approved',
        to: 'failed',
        action: 'failed',
        actorAgentId,
        reason,
        patch: { finishedAt: clock() },
        entries: release(reason),
      }),
    );
  }

  // The payout of an approved withdrawal, after the approval's commit (and again by the outbox
  // dispatcher when that delivery did not happen). A withdrawal no longer approved is left alone.
  outbox.register(PAYOUT_TOPIC, {
    payload: PayoutPayload,
    async deliver({ withdrawalId }, { idempotencyKey }) {
      const row = await repo.findById(withdrawalId);
      if (row?.stage !== 'approved' || row.payoutRecordedAt) return;
      const outcome = await payout.transfer(
        {
          withdrawalId,
          channel: row.channel,
          netAmountFen: row.amountFen - row.feeFen,
          accountNo: cipher.decrypt(row.accountNoEnc),
          realName: cipher.decrypt(row.realNameEnc),
        },
        { idempotencyKey },
      );
      await repo.recordPayout(
        withdrawalId,
        payout.name,
        outcome.kind === 'failed' ? null : outcome.ref,
        clock(),
      );
      const actor = row.reviewerAgentId ?? row.agentId;
      if (outcome.kind === 'paid') await settlePaid(withdrawalId, actor, outcome.ref);
      if (outcome.kind === 'failed') await settleFailed(withdrawalId, actor, outcome.reason);
    },
  });

  /** An agent's balances; an agent that never had money has no account: zero everywhere. */
  async function accountOf(agentId: number): Promise<OwnFinance> {
    const [a] = await ledger.accounts([agentId]);
    return {
      available: a?.availableFen ?? 0,
      frozen: a?.frozenFen ?? 0,
      totalIncome: a?.totalIncomeFen ?? 0,
      totalWithdrawn: a?.totalWithdrawnFen ?? 0,
    };
  }

  async function channels(
    caller: AuthContext,
    which: 'all' | WithdrawChannelCode,
  ): Promise<WithdrawChannel[]> {
    const setting = await settings.withdrawSetting();
    const account = await withdrawAccount.query(caller.accountId);
    return WITHDRAW_CHANNEL_VALUES.filter((c) => which === 'all' || which === c).map((channel) => ({
      channel,
      channelName: WithdrawChannelLabels[channel],
      payoutMode: payout.mode,
      minAmount: setting.minAmount,
      feeRate: setting.feeRate,
      feeFixed: setting.feeFixed,
      accountNo: account?.accountNo ?? null,
      realName: account?.realName ?? null,
    }));
  }

  return {
    channels,

    /** The caller's own finance summary (财务管理, the withdraw dialog). */
    ownFinance: (caller: AuthContext): Promise<OwnFinance> => accountOf(caller.agentId),

    /**
     * Applies for a withdrawal. The gates of issue 3 in the dialog's order (phone, identity, withdraw
     * account), then the withdraw password, the amount's rules (minimum, above the fee, within the
     * available balance), and last the `WITHDRAW` SMS code; then the withdrawal row and its hold
     * (available −amount, frozen +amount) in one transaction. A balance that a parallel
     * application took meanwhile makes the ledger refuse, and nothing is written.
     */
    async apply(
      caller: AuthContext,
      input: { amount: number; channel: WithdrawChannelCode; payPassword: string; smsCode: string },
    ): Promise<WithdrawRecord> {
      const account = await users.findById(caller.accountId);
      if (!account) throw new AppError(Codes.NOT_LOGGED_IN);
      requirePhoneVerified(caller, account);
      requireIdentityVerified(caller, await realName.statusOf(account.id));
      const sealed = await withdrawAccount.sealedCopy(account.id);
      if (!sealed) throw new AppError(Codes.PRECONDITION_REQUIRED, WithdrawMessages.withdrawAccountFirst);
      if (account.payPasswordHash === null)
        throw new AppError(Codes.PRECONDITION_REQUIRED, WithdrawMessages.payPasswordNotSet);
      await limiter.take(String(account.id), PAY_PASSWORD_RULE);
      if (!(await verifyPasswordDigest(account.payPasswordHash, input.payPassword)))
        throw new AppError(Codes.INVALID_PARAMS, WithdrawMessages.payPasswordWrong);
      const setting = await settings.withdrawSetting();
      if (input.amount < setting.minAmount)
        throw new AppError(Codes.INVALID_PARAMS, WithdrawMessages.belowMinimum(fenToYuan(setting.minAmount)));
      const fee = withdrawFeeOf(input.amount, setting);
      if (fee >= input.amount) throw new AppError(Codes.INVALID_PARAMS, WithdrawMessages.notAboveFee);
      if ((await accountOf(caller.agentId)).available < input.amount)
        throw new AppError(Codes.INSUFFICIENT_BALANCE, WithdrawMessages.insufficient);
      await sms.consume(account.mobilePhone, 'WITHDRAW', input.smsCode);
      return toRecord(
        await this.hold(caller.agentId, { amount: input.amount, fee, channel: input.channel, ...sealed }),
      );
    },

    /**
     * The money part of an application, after every check: the withdrawal row, its hold and the
     * audit line in one transaction. A balance below the amount (a parallel application took it)
     * is refused with 4005 and nothing is written.
     */
    async hold(
      agentId: number,
      input: {
        amount: number;
        fee: number;
        channel: WithdrawChannelCode;
        accountNoEnc: string;
        realNameEnc: string;
      },
    ): Promise<WithdrawalRow> {
      try {
        return await db.transaction(async (tx) => {
          const now = clock();
          const row = await repo.insert(tx, {
            agentId,
            amountFen: input.amount,
            feeFen: input.fee,
            channel: input.channel,
            accountNoEnc: input.accountNoEnc,
            realNameEnc: input.realNameEnc,
            stage: 'pending',
            status: STATUS_OF_STAGE.pending,
            createdAt: now,
          });
          await ledger.post(tx, [
            {
              agentId,
              kind: 'withdraw_hold',
              availableDeltaFen: -input.amount,
              frozenDeltaFen: input.amount,
              withdrawalId: row.id,
              actorAgentId: agentId,
            },
          ]);
          await repo.audit(tx, {
            withdrawalId: row.id,
            actorAgentId: agentId,
            action: 'apply',
            stageBefore: null,
            stageAfter: 'pending',
            reason: null,
            at: now,
          });
          return row;
        });
      } catch (err) {
        if (isInsufficient(err))
          throw new AppError(Codes.INSUFFICIENT_BALANCE, WithdrawMessages.insufficient);
        throw err;
      }
    },

    async records(
      caller: AuthContext,
      query: ListQueryOf<typeof withdrawRecordList>,
      page: { pageNum: number; pageSize: number },
    ) {
      const { rows, total } = await repo.page(
        {
          agentId: caller.agentId,
          status: query.status,
          range: chinaRange(query.startTime, query.endTime),
          orderBy: query.orderBy ?? 'createTime',
          order: query.order ?? 'desc',
        },
        page,
      );
      return { items: rows.map((r) => toRecord(r.withdrawal)), total };
    },

    /** The agent takes back its own withdrawal while it waits for the review: the hold is released. */
    async cancel(caller: AuthContext, id: number): Promise<WithdrawRecord> {
      const row = await db.transaction((tx) =>
        decide(tx, {
          id,
          from: 'pending',
          to: 'cancelled',
          action: 'cancel',
          actorAgentId: caller.agentId,
          ownerAgentId: caller.agentId,
          patch: { finishedAt: clock() },
          entries: release('取消提现'),
        }),
      );
      if (!row) return refuse(id, WithdrawMessages.notPending, caller.agentId);
      return toRecord(row);
    },

    // ---- the operator ----

    async reviews(
      query: ListQueryOf<typeof withdrawReviewList>,
      page: { pageNum: number; pageSize: number },
    ) {
      const { rows, total } = await repo.page(
        {
          status: query.status,
          stage: query.stage,
          agentName: query.agentName || undefined,
          range: chinaRange(query.startTime, query.endTime),
          orderBy: query.orderBy ?? 'createTime',
          order: query.order ?? 'desc',
        },
        page,
      );
      return { items: rows.map(toReviewItem), total };
    },

    /** Approves a pending withdrawal and hands its payout to the adapter (through the outbox). */
    async approve(caller: AuthContext, id: number): Promise<WithdrawReviewItem> {
      const done = await db.transaction(async (tx) => {
        const now = clock();
        const row = await decide(tx, {
          id,
          from: 'pending',
          to: 'approved',
          action: 'approve',
          actorAgentId: caller.agentId,
          patch: { reviewerAgentId: caller.agentId, reviewedAt: now },
        });
        if (!row) return null;
        return outbox.enqueue(tx, {
          topic: PAYOUT_TOPIC,
          idempotencyKey: `payout:${row.id}`,
          payload: { withdrawalId: row.id },
        });
      });
      if (!done) return refuse(id, WithdrawMessages.notPending);
      // After the commit; a failure stays in the outbox for the dispatcher to try again.
      await outbox.deliver(done);
      return reviewItem(id);
    },

    async reject(caller: AuthContext, id: number, reason: string): Promise<WithdrawReviewItem> {
      const row = await db.transaction((tx) =>
        decide(tx, {
          id,
          from: 'pending',
          to: 'rejected',
          action: 'reject',
          actorAgentId: caller.agentId,
          reason,
          patch: { reviewerAgentId: caller.agentId, reviewedAt: clock(), finishedAt: clock() },
          entries: release(reason),
        }),
      );
      if (!row) return refuse(id, WithdrawMessages.notPending);
      return reviewItem(id);
    },

    /** The operator made the transfer: the hold leaves for good (paid to the agent, the fee to the platform). */
    async markPaid(
      caller: AuthContext,
      id: number,
      payoutRef: string | undefined,
    ): Promise<WithdrawReviewItem> {
      const row = await settlePaid(id, caller.agentId, payoutRef || null);
      if (!row) return refuse(id, WithdrawMessages.notApproved);
      return reviewItem(id);
    },

    /** The transfer could not be made: the hold goes back to the available balance. */
    async markFailed(caller: AuthContext, id: number, reason: string): Promise<WithdrawReviewItem> {
      const row = await settleFailed(id, caller.agentId, reason);
      if (!row) return refuse(id, WithdrawMessages.notApproved);
      return reviewItem(id);
    },

    async audit(id: number): Promise<WithdrawAuditEntry[]> {
      if (!(await repo.findById(id))) throw new AppError(Codes.NOT_FOUND, WithdrawMessages.notFound);
      return (await repo.auditOf(id)).map(({ entry, actorName }) => ({
        action: entry.action,
        actorName,
        stageBefore: entry.stageBefore as WithdrawStage | null,
        stageAfter: entry.stageAfter as WithdrawStage,
        reason: entry.reason,
        time: formatChinaTime(entry.at),
      }));
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
