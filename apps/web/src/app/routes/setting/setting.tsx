import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { LoadFailed } from '../../../components/load-failed';
import { siteInfoQuery } from '../../../features/site/api/get-site-info';
import { SiteSettingsForm } from '../../../features/site/components/site-settings-form';
import { unfinishedTasksQuery } from '../../../lib/session';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(siteInfoQuery());
  return null;
};

/** /setting (level 0): the site name and logo shown by every console. */
export default function SettingRoute() {
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
