import {
  queryOwnFinance,
  queryWithdrawChannels,
  queryWithdrawRecords,
  type WithdrawChannelCode,
  withdrawApply,
} from '@agent-console/contract/withdrawals';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';

/** The payout channels with the operator's rules (minimum, fee) and the caller's masked account. */
export const withdrawChannelsQuery = () =>
  queryOptions({
    queryKey: [queryWithdrawChannels.path, 'all'],
    queryFn: async ({ signal }) =>
      (await call(queryWithdrawChannels, {}, { signal, params: { channel: 'all' } })).object,
  });

/** Applies for a withdrawal of `amount` fen: the withdraw password travels as its MD5. */
export async function applyForWithdrawal(input: {
  amount: number;
  channel: WithdrawChannelCode;
  password: string;
  smsCode: string;
}) {
  const payPassword = await hashPassword(input.password);
  return (
    await call(withdrawApply, {
      amount: input.amount,
      channel: input.channel,
      payPassword,
      smsCode: input.smsCode,
    })
  ).object;
}

/** What an application changes: the balances and the withdraw records load again. */
export const withdrawalKeys = () => [[queryOwnFinance.path], [queryWithdrawRecords.path]];
