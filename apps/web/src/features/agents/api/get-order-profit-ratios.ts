import { getOrderProfitRatios } from '@agent-console/contract/agent-mgt';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The ratios and flags of `agentId` (default: the caller): the upper bounds of its children's. */
export const orderProfitRatiosQuery = (agentId: number | undefined) =>
  queryOptions({
    queryKey: [getOrderProfitRatios.path, agentId ?? null],
    queryFn: async ({ signal }) =>
      (await call(getOrderProfitRatios, agentId === undefined ? {} : { agentId }, { signal })).object,
    staleTime: 30_000,
  });
