import { realAuthPersonalInfo } from '@agent-console/contract/real-name';
import { queryWithdrawAccount } from '@agent-console/contract/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/*
 * The records the dialogs read besides the session (lib/session.ts: agent info, user info, tasks).
 * A dialog's success reloads both: the session and these.
 */

/** The agent's real-name record (null before the first submission). */
export const realNameRecordQuery = () =>
  queryOptions({
    queryKey: [realAuthPersonalInfo.path],
    queryFn: async ({ signal }) => (await call(realAuthPersonalInfo, {}, { signal })).object,
  });

/** The withdraw (Alipay) account (null before the first setup). */
export const withdrawAccountQuery = () =>
  queryOptions({
    queryKey: [queryWithdrawAccount.path],
    queryFn: async ({ signal }) => (await call(queryWithdrawAccount, {}, { signal })).object,
  });

/** What a dialog's success changes besides the session: reloaded with it. */
export const securityRecordKeys = () => [realNameRecordQuery().queryKey, withdrawAccountQuery().queryKey];

export const useRealNameRecord = () => useQuery(realNameRecordQuery());
export const useWithdrawAccount = () => useQuery(withdrawAccountQuery());
