import {
  changeDeviceSettlementStatus,
  type DeviceDetailQuery,
  type DeviceSettingRequest,
  queryDeviceDetail,
  queryDeviceMonthStatistic,
  queryDeviceSetting,
  totalDeviceMonthStatistic,
  updateDeviceSetting,
} from '@agent-console/contract/devices';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** 基础设置 › 设备结算设置 (level 0). */
export const deviceSettingQuery = () =>
  queryOptions({
    queryKey: [queryDeviceSetting.path],
    queryFn: async ({ signal }) => (await call(queryDeviceSetting, {}, { signal })).object,
  });

export const saveDeviceSetting = async (input: DeviceSettingRequest) =>
  (await call(updateDeviceSetting, input)).object;

/** One agent month's devices, a page at a time (the detail dialog). */
export const deviceDetailQuery = (query: DeviceDetailQuery) =>
  queryOptions({
    queryKey: [queryDeviceDetail.path, query],
    queryFn: async ({ signal }) => call(queryDeviceDetail, query, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

/** Settles an agent's closed month (the operator); the list and its totals load again. */
export const useSettleDeviceMonth = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { agentId: number; month: string }) =>
      (await call(changeDeviceSettlementStatus, { ...input, status: 1 })).object,
    onSuccess: () =>
      Promise.all(
        [queryDeviceMonthStatistic.path, totalDeviceMonthStatistic.path].map((path) =>
          queryClient.invalidateQueries({ queryKey: [path] }),
        ),
      ),
  });
};
