import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { LoadFailed } from '../../../components/load-failed';
import { deviceSettingQuery } from '../../../features/devices/api/devices';
import { DeviceSettingForm } from '../../../features/devices/components/device-setting-form';
import { withdrawSettingQuery } from '../../../features/finance/api/finance';
import { WithdrawSettingForm } from '../../../features/finance/components/withdraw-setting-form';
import { siteInfoQuery } from '../../../features/site/api/get-site-info';
import { SiteSettingsForm } from '../../../features/site/components/site-settings-form';
import { unfinishedTasksQuery } from '../../../lib/session';
import './setting.css';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await Promise.all([
    queryClient.prefetchQuery(siteInfoQuery()),
    queryClient.prefetchQuery(withdrawSettingQuery()),
    queryClient.prefetchQuery(deviceSettingQuery()),
  ]);
  return null;
};

/** 提现设置: the minimum and the fee of every withdrawal (issue 10). */
function WithdrawSettingCard() {
  const { data, isPending, isError, refetch, isFetching, dataUpdatedAt } = useQuery(withdrawSettingQuery());
  return (
    <Card title="提现设置" variant="borderless" loading={isPending} className="withdraw-setting-card">
      {isError && (
        <LoadFailed title="提现设置加载失败" retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {data && <WithdrawSettingForm key={dataUpdatedAt} setting={data} />}
    </Card>
  );
}

/** 设备结算设置: the valid-device rule and the amount per valid device (issue 10 §4). */
function DeviceSettingCard() {
  const { data, isPending, isError, refetch, isFetching, dataUpdatedAt } = useQuery(deviceSettingQuery());
  return (
    <Card title="设备结算设置" variant="borderless" loading={isPending} className="device-setting-card">
      {isError && (
        <LoadFailed title="设备结算设置加载失败" retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {data && <DeviceSettingForm key={dataUpdatedAt} setting={data} />}
    </Card>
  );
}

/** /setting (level 0): the site name and logo shown by every console, the withdrawal and the device settlement rules. */
export default function SettingRoute() {
  return (
    <div className="setting-page">
      <SiteSettingCard />
      <WithdrawSettingCard />
      <DeviceSettingCard />
    </div>
  );
}

function SiteSettingCard() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch, isFetching, dataUpdatedAt } = useQuery(siteInfoQuery());

  return (
    <Card title="基础设置" variant="borderless" loading={isPending}>
      {isError && (
        <LoadFailed title="站点信息加载失败" retrying={isFetching} onRetry={() => void refetch()} />
      )}
      {data && (
        <SiteSettingsForm
          key={dataUpdatedAt}
          site={data}
          // Content configuration is an onboarding task: saving may complete it.
          onSaved={() => void queryClient.invalidateQueries({ queryKey: unfinishedTasksQuery().queryKey })}
        />
      )}
    </Card>
  );
}
