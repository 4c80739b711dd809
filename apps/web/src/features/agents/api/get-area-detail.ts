import { queryAgentAreaDetail } from '@agent-console/contract/agent-mgt';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The areas a new agent under `parentId` may cover: the parent's trimmed region tree. */
export const areaDetailQuery = (parentId: number | undefined) =>
  queryOptions({
    queryKey: [queryAgentAreaDetail.path, parentId ?? null],
    queryFn: async ({ signal }) =>
      (await call(queryAgentAreaDetail, parentId === undefined ? {} : { parentId }, { signal })).object,
    staleTime: 60_000,
  });
