import { type AgentListItem, queryAgentInfoPage } from '@agent-console/contract';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { useAgentInfo } from '../../../features/agent/api/get-agent-info';
import {
  AGENT_FILTER_KEYS,
  type AgentFilterValues,
  fromFilters,
  toAgentListQuery,
  toFilters,
} from '../../../features/agents/agent-list-filters';
import { subAgentTaskStatusQuery } from '../../../features/agents/api/get-sub-agent-task-status';
import { useDeleteAgent } from '../../../features/agents/api/save-agent';
import { AgentFilters } from '../../../features/agents/components/agent-filters';
import { type AgentDialogMode, AgentFormDialog } from '../../../features/agents/components/agent-form-dialog';
import { AgentsTable } from '../../../features/agents/components/agents-table';
import { notifySuccess } from '../../../lib/notify';
import { useResourceTable } from '../../../lib/use-resource-table';

/** /agent-mgt (levels 0-4): the caller's sub-agents, with filters, create, edit, delete and details. */
export default function AgentMgtRoute() {
  const agent = useAgentInfo();
  const table = useResourceTable({
    endpoint: queryAgentInfoPage,
    filterKeys: AGENT_FILTER_KEYS,
    toRequest: toAgentListQuery,
  });
  const filterValues = useMemo(() => fromFilters(table.filters), [table.filters]);

  const ids = useMemo(() => table.rows.map((r: AgentListItem) => r.id), [table.rows]);
  const { data: statuses } = useQuery(subAgentTaskStatusQuery(ids));
  const tasksById = useMemo(() => new Map((statuses ?? []).map((s) => [s.agentId, s.tasks])), [statuses]);

  const [dialog, setDialog] = useState<{ open: boolean; mode: AgentDialogMode; key: number }>({
    open: false,
    mode: { kind: 'create' },
    key: 0,
  });
  const openDialog = (mode: AgentDialogMode) => setDialog((d) => ({ open: true, mode, key: d.key + 1 }));

  const remove = useDeleteAgent();
  const onDelete = async (row: AgentListItem) => {
    try {
      await remove.mutateAsync(row.id);
      notifySuccess('删除成功');
    } catch {
      // Refused (sub-agents, net bars, balance): the api client has shown the server's reason.
    }
  };

  return (
    <Card
      title="代理管理"
      variant="borderless"
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog({ kind: 'create' })}>
            新增代理
          </Button>
        </Space>
      }
    >
      <AgentFilters
        agent={agent}
        values={filterValues}
        loading={table.loading}
        onSubmit={(values: AgentFilterValues) => table.submit(toFilters(values))}
        onClear={() => table.clear()}
      />
      <AgentsTable
        tableProps={table.tableProps}
        tasksById={tasksById}
        onEdit={(row) => openDialog({ kind: 'edit', row })}
        onDelete={onDelete}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
      />
      <ListPager {...table.pager} />
      <AgentFormDialog
        key={dialog.key}
        open={dialog.open}
        mode={dialog.mode}
        agent={agent}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Card>
  );
}
