import { queryOrderBarDetail } from '@agent-console/contract/orders';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** One order of the caller's subtree with its status history. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [queryOrderBarDetail.path, id],
    queryFn: async ({ signal }) => (await call(queryOrderBarDetail, { id }, { signal })).object,
  });
