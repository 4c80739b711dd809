import type { QueryClient } from '@tanstack/react-query';
import { Card, Col, Row } from 'antd';
import { AgentProfile } from '../../../features/agent/components/agent-profile';
import { OnboardingProgress } from '../../../features/tasks/components/onboarding-progress';
import { unfinishedTasksQuery, useAgentInfo, useUnfinishedTasks } from '../../../lib/session';
import { openTaskDialog } from '../../task-dialog';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(unfinishedTasksQuery());
  return null;
};

/** /: the workbench, starting with the agent's own card and its onboarding progress. */
export default function WorkbenchRoute() {
  const agent = useAgentInfo();
  const { data: tasks = [], isPending } = useUnfinishedTasks();
  return (
    <Card title="我的代理信息" variant="borderless">
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={14}>
          <AgentProfile agent={agent} />
        </Col>
        <Col xs={24} lg={10}>
          <Card type="inner" title="账号完善" size="small" loading={isPending}>
            <OnboardingProgress tasks={tasks} agentLevel={agent.agentLevel} onOpenDialog={openTaskDialog} />
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
