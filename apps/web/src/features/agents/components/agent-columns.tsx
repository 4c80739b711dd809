import { type AgentListItem, TaskTypeLabels, type UnfinishedTask } from '@agent-console/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { areasText, formatTime, levelLabel } from '../../../lib/format';
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

/** The columns of the agent list (the domain doc's) with its row actions; `id` and `createTime` sort. */
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
    { title: '代理ID', dataIndex: 'id', key: 'id', width: 84, fixed: 'left' },
    {
      title: '代理名称',
      dataIndex: 'agentName',
      width: 150,
      fixed: 'left',
      render: (name: string, row) => <AgentDetailPopover agentId={row.id}>{name}</AgentDetailPopover>,
    },
    { title: '代理等级', dataIndex: 'agentLevel', width: 90, render: (level: number) => levelLabel(level) },
    { title: '手机号', dataIndex: 'mobilePhone', width: 120 },
    {
      title: '代理地区',
      dataIndex: 'areaNames',
      width: 160,
      render: (names: string[]) => areasText(names),
    },
    { title: '分润设置', key: 'share', width: 150, render: (_, row) => <ShareSettings row={row} /> },
    { title: '下级代理数', dataIndex: 'subAgentCount', width: 96, align: 'right' },
    { title: '网吧数', dataIndex: 'netBarCount', width: 76, align: 'right' },
    {
      title: '账号完善',
      key: 'tasks',
      width: 100,
      render: (_, row) => <TaskStatus tasks={tasksById.get(row.id)} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 165,
      render: (t: string) => formatTime(t),
    },
    { title: '备注', dataIndex: 'remark', width: 140, ellipsis: true, render: (r: string) => r || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
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
