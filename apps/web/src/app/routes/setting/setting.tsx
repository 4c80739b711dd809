import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { siteInfoQuery } from '../../../features/site/api/get-site-info';
import { SiteSettingsForm } from '../../../features/site/components/site-settings-form';
import { unfinishedTasksQuery } from '../../../features/tasks/api/get-unfinished-tasks';

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
        <Result
          status="error"
          title="站点信息加载失败"
          extra={
            <Button type="primary" loading={isFetching} onClick={() => void refetch()}>
              重新加载
            </Button>
          }
        />
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
