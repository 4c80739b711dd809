import type { AgentListItem } from '@agent-console/contract/agent-mgt';
import { TaskTypeLabels } from '@agent-console/contract/enums';
import type { UnfinishedTask } from '@agent-console/contract/task';
import { Button, Popconfirm, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { levelLabel } from '../../../lib/format';
import { formatRatio } from '../ratio';
import { AgentDetailPopover } from './agent-detail-popover';
import './agents.css';

/** "3/4": finished tasks over the tasks that apply. */
export const taskProgress = (tasks: readonly UnfinishedTask[]): string =>
  `${tasks.filter((t) => t.finished).length}/${tasks.length}`;

function TaskStatus({ tasks }: { tasks: readonly UnfinishedTask[] | undefined }) {
  if (!tasks) return <span className="agent-ratio-muted">—</span>;
  const done = tasks.every((t) => t.finished);
  return (
    <Tooltip
      title={
        <ul className="agent-task-list">
          {tasks.map((t) => (
            <li key={t.type}>
              {TaskTypeLabels[t.type]}：{t.finished ? '已完成' : '未完成'}
            </li>
          ))}
        </ul>
      }
    >
      <Tag color={done ? 'success' : 'warning'} className="agent-task-tag">
        {taskProgress(tasks)}
      </Tag>
    </Tooltip>
  );
}

/** The share settings of a row, as percentages; hidden when the row's hasPriceAddRangeFlag is set (spec section 6). */
function ShareSettings({ row }: { row: AgentListItem }) {
  if (row.hasPriceAddRangeFlag) return <span className="agent-ratio-muted">—</span>;
  return (
    <div className="agent-ratio-lines">
      <div>分润比例：{formatRatio(row.proportion)}</div>
      <div>基础分润：{formatRatio(row.baseProfitRatio)}</div>
      {row.gameProfitRatios.map((g) => (
        <div key={g.gameId}>
          {g.gameName}：{formatRatio(g.profitRatio)}
        </div>
      ))}
    </div>
  );
}

/** An agent's areas, one per line, wrapping at their dashes; no area means the whole country. */
function Areas({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span>全国</span>;
  return (
    <div className="agent-areas">
      {names.map((name) => (
        <div key={name}>{name}</div>
      ))}
    </div>
  );
}

/** The width the agent table needs (its scroll.x): the columns' widths and 78 px or more for 备注. */
export const AGENT_TABLE_WIDTH = 1140;

/**
 * The columns of the agent list (the domain doc's) with its row actions; `id` and `createTime`
 * sort. Their widths add up to {@link AGENT_TABLE_WIDTH} with 备注 taking what is left, so every
 * column shows without a sideways scroll on a 1440 px screen with the sidebar open (issue 8):
 * names, areas and share settings wrap, times wrap between date and time, the remark is cut with
 * its whole text in a tooltip. Narrower screens scroll, with ID, name and actions fixed.
 */
export function agentColumns({
  tasksById,
  onEdit,
  onDelete,
  deletingId,
}: {
  tasksById: ReadonlyMap<number, readonly UnfinishedTask[]>;
  onEdit: (row: AgentListItem) => void;
  onDelete: (row: AgentListItem) => Promise<void>;
  deletingId: number | null;
}): TableColumnsType<AgentListItem> {
  return [
    { title: '代理ID', dataIndex: 'id', key: 'id', width: 76, fixed: 'left' },
    {
      title: '代理名称',
      dataIndex: 'agentName',
      width: 112,
      fixed: 'left',
      render: (name: string, row) => <AgentDetailPopover agentId={row.id}>{name}</AgentDetailPopover>,
    },
    { title: '代理等级', dataIndex: 'agentLevel', width: 72, render: (level: number) => levelLabel(level) },
    { title: '手机号', dataIndex: 'mobilePhone', width: 98 },
    {
      title: '代理地区',
      dataIndex: 'areaNames',
      width: 116,
      render: (names: string[]) => <Areas names={names} />,
    },
    { title: '分润设置', key: 'share', width: 142, render: (_, row) => <ShareSettings row={row} /> },
    { title: '下级代理数', dataIndex: 'subAgentCount', width: 86, align: 'right' },
    { title: '网吧数', dataIndex: 'netBarCount', width: 60, align: 'right' },
    {
      title: '账号完善',
      key: 'tasks',
      width: 76,
      render: (_, row) => <TaskStatus tasks={tasksById.get(row.id)} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 100,
      render: (t: string) => <TimeCell value={t} />,
    },
    { title: '备注', dataIndex: 'remark', ellipsis: { showTitle: false }, render: ellipsisCell },
    {
      title: '操作',
      key: 'actions',
      width: 124,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} className="agent-actions">
          <Button type="link" size="small" onClick={() => onEdit(row)}>
            编辑
          </Button>
          <Popconfirm
            title="删除代理"
            description={`确定删除代理「${row.agentName}」吗？`}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true, loading: deletingId === row.id }}
            onConfirm={() => onDelete(row)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
          <AgentDetailPopover agentId={row.id}>
            <Button type="link" size="small">
              详情
            </Button>
          </AgentDetailPopover>
        </Space>
      ),
    },
  ];
}
