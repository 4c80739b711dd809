import {
  applyPassed,
  automaticPacking,
  type CreateChannelRequest,
  channelShortUrl,
  createChannel,
  queryChannelPage,
  queryChannelTotalData,
  queryPackingStatus,
  queryWebNetBarPage,
  queryWebPromotionConfig,
  type UpdateChannelRequest,
  updateChannel,
  updateWebPromotionConfig,
} from '@agent-console/contract/promotion';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** After a change: the channel list and its totals. */
const invalidateChannels = (queryClient: QueryClient) =>
  Promise.all(
    [queryChannelPage, queryChannelTotalData].map((ep) =>
      queryClient.invalidateQueries({ queryKey: [ep.path] }),
    ),
  );

export const useCreateChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateChannelRequest) => (await call(createChannel, body)).object,
    onSuccess: () => invalidateChannels(queryClient),
  });
};

export const useUpdateChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateChannelRequest) => (await call(updateChannel, body)).object,
    onSuccess: () => invalidateChannels(queryClient),
  });
};

export const useApplyPassed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { channelId: number; passed: boolean }) =>
      (await call(applyPassed, body)).object,
    onSuccess: () => invalidateChannels(queryClient),
  });
};

export const useStartPacking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channelId: number) => (await call(automaticPacking, { channelId })).object,
    onSuccess: () => invalidateChannels(queryClient),
  });
};

/** The short URL of a channel (made on first ask). */
export const fetchShortUrl = async (channelId: number) => (await call(channelShortUrl, { channelId })).object;

/** Where the packings of these channels stand: polled each second while one is queued or packing. */
export const packingStatusQuery = (channelIds: readonly number[]) =>
  queryOptions({
    queryKey: [queryPackingStatus.path, channelIds],
    queryFn: async ({ signal }) =>
      (await call(queryPackingStatus, { channelIds: [...channelIds] }, { silent: true, signal })).object,
    enabled: channelIds.length > 0,
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.packingState === 'queued' || s.packingState === 'packing') === false
        ? false
        : 1000,
  });

/** Net bars of the caller's subtree whose name holds the keyword: the create dialog's choices. */
export const netBarOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: [queryWebNetBarPage.path, 'options', keyword],
    queryFn: async ({ signal }) =>
      (
        await call(
          queryWebNetBarPage,
          { netBarName: keyword || undefined, pageSize: 30 },
          { silent: true, signal },
        )
      ).object,
  });

export const webConfigQuery = () =>
  queryOptions({
    queryKey: [queryWebPromotionConfig.path],
    queryFn: async ({ signal }) => (await call(queryWebPromotionConfig, {}, { signal })).object,
  });

export const useSetWebConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) => (await call(updateWebPromotionConfig, { domain })).object,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryWebPromotionConfig.path] }),
  });
};
