import { queryUserInfo } from '@agent-console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The account behind the agent: security states, creation and last login times. */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: [queryUserInfo.path],
    queryFn: async ({ signal }) => (await call(queryUserInfo, {}, { signal })).object,
  });

export const useUserInfo = () => useQuery(userInfoQuery());
