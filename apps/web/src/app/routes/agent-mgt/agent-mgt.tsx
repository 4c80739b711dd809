import {
  type AgentListItem,
  type AgentListTotals,
  exportAgentInfoPage,
  queryAgentInfoPage,
  queryAgentInfoTotal,
} from '@agent-console/contract/agent-mgt';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { ListPage } from '../../../components/list-page';
import { subAgentTaskStatusQuery } from '../../../features/agents/api/get-sub-agent-task-status';
import { useDeleteAgent } from '../../../features/agents/api/save-agent';
import { AGENT_TABLE_WIDTH, agentColumns } from '../../../features/agents/components/agent-columns';
import {
  AGENT_FILTER_RANGES,
  AgentFilterFields,
} from '../../../features/agents/components/agent-filter-fields';
import type { AgentDialogMode } from '../../../features/agents/components/agent-form-dialog';
import { useUnavailableAgentFilter } from '../../../features/agents/use-unavailable-agent-filter';
import { levelLabel } from '../../../lib/format';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { useAgentInfo } from '../../../lib/session';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';

/** The create and edit dialog loads when first opened (or pointed at: 新增代理). */
const AgentFormDialog = lazyComponent(() =>
  import('../../../features/agents/components/agent-form-dialog').then((m) => m.AgentFormDialog),
);

/** 共 N 个代理：each level's count; and the sub-agents those agents have. */
function AgentTotals({ totals }: { totals: AgentListTotals }) {
  return (
    <>
      <span>
        共 <strong>{totals.agentCount}</strong> 个代理
      </span>
      {totals.byLevel.map((l) => (
        <span key={l.agentLevel}>
          {levelLabel(l.agentLevel)} <strong>{l.count}</strong>
        </span>
      ))}
      <span>
        其下级代理 <strong>{totals.subAgentCount}</strong> 个
      </span>
    </>
  );
}

/** /agent-mgt (levels 0-4): the caller's sub-agents, with filters, totals, export, create, edit, delete and details. */
export default function AgentMgtRoute() {
  const agent = useAgentInfo();
  const list = useList(queryAgentInfoPage, { totals: queryAgentInfoTotal });
  useUnavailableAgentFilter(list, agent.id);

  const ids = useMemo(() => list.rows.map((r: AgentListItem) => r.id), [list.rows]);
  const { data: statuses } = useQuery(subAgentTaskStatusQuery(ids));
  const tasksById = useMemo(() => new Map((statuses ?? []).map((s) => [s.agentId, s.tasks])), [statuses]);

  const [dialog, setDialog] = useState<{ open: boolean; mode: AgentDialogMode; key: number }>({
    open: false,
    mode: { kind: 'create' },
    key: 0,
  });
  const openDialog = (mode: AgentDialogMode) => setDialog((d) => ({ open: true, mode, key: d.key + 1 }));

  const remove = useDeleteAgent();
  // Refused (sub-agents, net bars, balance): the api client shows the server's reason.
  const onDelete = async (row: AgentListItem) => {
    await runAction(() => remove.mutateAsync(row.id), { success: '删除成功' });
  };

  return (
    <>
      <ListPage
        title="代理管理"
        list={list}
        rowKey="id"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDialog({ kind: 'create' })}
            onPointerEnter={AgentFormDialog.preload}
            onFocus={AgentFormDialog.preload}
          >
            新增代理
          </Button>
        }
        filters={<AgentFilterFields agent={agent} />}
        ranges={AGENT_FILTER_RANGES}
        normalize={withoutTreeRoot}
        totals={list.totals ? <AgentTotals totals={list.totals} /> : null}
        exportEndpoint={exportAgentInfoPage}
        columns={agentColumns({
          tasksById,
          onEdit: (row) => openDialog({ kind: 'edit', row }),
          onDelete,
          deletingId: remove.isPending ? (remove.variables ?? null) : null,
        })}
        scroll={{ x: AGENT_TABLE_WIDTH }}
      />
      {dialog.key > 0 ? (
        <Suspense fallback={null}>
          <AgentFormDialog
            key={dialog.key}
            open={dialog.open}
            mode={dialog.mode}
            agent={agent}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
