import type { QueryClient } from '@tanstack/react-query';
import { Card, Col, Row } from 'antd';
import { LoadFailed } from '../../../components/load-failed';
import { SecurityActions } from '../../../features/security/components/security-actions';
import { AccountInfo } from '../../../features/user/components/account-info';
import { AccountSecurity } from '../../../features/user/components/account-security';
import { useAgentInfo, userInfoQuery, useUserInfo } from '../../../lib/session';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(userInfoQuery());
  return null;
};

/** /user-center: account facts, the state of every account-security item and the actions that change them. */
export default function UserCenterRoute() {
  const agent = useAgentInfo();
  const { data: user, isPending, isError, refetch, isFetching } = useUserInfo();

  if (isError) {
    return (
      <Card variant="borderless">
        <LoadFailed title="个人信息加载失败" retrying={isFetching} onRetry={() => void refetch()} />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={11}>
        <Card title="账号信息" variant="borderless" loading={isPending}>
          {user && <AccountInfo agent={agent} user={user} />}
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card title="账号安全" variant="borderless" loading={isPending}>
          {user && <AccountSecurity user={user} />}
        </Card>
      </Col>
      <Col xs={24}>
        <Card title="安全设置" variant="borderless" loading={isPending} data-testid="security-actions">
          {user && <SecurityActions user={user} />}
        </Card>
      </Col>
    </Row>
  );
}
