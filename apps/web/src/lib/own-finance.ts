import { queryOwnFinance } from '@agent-console/contract/withdrawals';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * The caller's own balances (available, frozen, withdrawn, income), in fen: 财务管理's summary and
 * the withdraw dialog read the same query, and a withdrawal's change invalidates it.
 */
export const ownFinanceQuery = () =>
  queryOptions({
    queryKey: [queryOwnFinance.path],
    queryFn: async ({ signal }) => (await call(queryOwnFinance, {}, { signal, silent: true })).object,
  });
