import { queryMemberFinance, queryMemberFinanceTotal } from '@agent-console/contract/members';
import {
  adjustBalance,
  approveWithdrawal,
  markWithdrawalFailed,
  markWithdrawalPaid,
  queryOwnFinance,
  queryWithdrawAudit,
  queryWithdrawRecords,
  queryWithdrawReviews,
  queryWithdrawSetting,
  rejectWithdrawal,
  updateWithdrawSetting,
  type WithdrawSettingRequest,
  withdrawCancel,
} from '@agent-console/contract/withdrawals';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The withdrawal rules of 基础设置 (level 0). */
export const withdrawSettingQuery = () =>
  queryOptions({
    queryKey: [queryWithdrawSetting.path],
    queryFn: async ({ signal }) => (await call(queryWithdrawSetting, {}, { signal })).object,
  });

export const saveWithdrawSetting = async (input: WithdrawSettingRequest) =>
  (await call(updateWithdrawSetting, input)).object;

/** Every decision on one withdrawal (the operator's audit trail). */
export const withdrawAuditQuery = (id: number) =>
  queryOptions({
    queryKey: [queryWithdrawAudit.path, id],
    queryFn: async ({ signal }) => (await call(queryWithdrawAudit, { id }, { signal })).object,
  });

/** A change of a withdrawal: its lists and the balances load again. */
const useWithdrawalMutation = <T, R>(run: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all(
        [
          queryWithdrawRecords.path,
          queryWithdrawReviews.path,
          queryOwnFinance.path,
          queryWithdrawAudit.path,
        ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
      ),
  });
};

/** The agent takes back its withdrawal while it waits for the review. */
export const useCancelWithdrawal = () =>
  useWithdrawalMutation(async (id: number) => (await call(withdrawCancel, { id })).object);

export const useApproveWithdrawal = () =>
  useWithdrawalMutation(async (id: number) => (await call(approveWithdrawal, { id })).object);

export const useRejectWithdrawal = () =>
  useWithdrawalMutation(
    async ({ id, reason }: { id: number; reason: string }) =>
      (await call(rejectWithdrawal, { id, reason })).object,
  );

export const useMarkWithdrawalPaid = () =>
  useWithdrawalMutation(
    async ({ id, payoutRef }: { id: number; payoutRef: string }) =>
      (await call(markWithdrawalPaid, { id, ...(payoutRef ? { payoutRef } : {}) })).object,
  );

export const useMarkWithdrawalFailed = () =>
  useWithdrawalMutation(
    async ({ id, reason }: { id: number; reason: string }) =>
      (await call(markWithdrawalFailed, { id, reason })).object,
  );

/**
 * The operator's adjustment (调账) of a member's available balance: 成员财务 and the balances load
 * again. Answers the member's balances after it.
 */
export const useAdjustBalance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { agentId: number; amount: number; reason: string }) =>
      (await call(adjustBalance, input)).object,
    onSuccess: () =>
      Promise.all(
        [queryMemberFinance.path, queryMemberFinanceTotal.path, queryOwnFinance.path].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ),
  });
};
