import { formatYuan } from '@agent-console/contract/money';
import {
  ApplyStateLabels,
  ChannelKindLabels,
  type ChannelListItem,
  downloadIniHref,
  downloadPackageHref,
  PackingStateLabels,
  type PackingStatus,
} from '@agent-console/contract/promotion';
import { Button, Popconfirm, Progress, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import './promotion.css';

const APPLY_COLORS = { applied: 'warning', passed: 'success', rejected: 'error' } as const;

/** A channel's packing: its state, a bar while it runs (the live status when polled), the file when done. */
function Packing({ row, live }: { row: ChannelListItem; live: PackingStatus | undefined }) {
  const state = live?.packingState ?? row.packingState;
  const progress = live?.packingProgress ?? row.packingProgress;
  if (row.kind !== 'client') return <span className="promotion-muted">—</span>;
  if (state === 'queued' || state === 'packing')
    return (
      <div className="promotion-packing" data-testid={`packing-${row.channelId}`}>
        <span>{PackingStateLabels[state]}</span>
        <Progress percent={progress} size="small" status="active" />
      </div>
    );
  if (state === 'done')
    return (
      <a href={downloadPackageHref(row.code)} data-testid={`package-${row.channelId}`}>
        {PackingStateLabels.done}（下载）
      </a>
    );
  if (state === 'failed')
    return (
      <Tooltip title={live?.packingError ?? row.packingError}>
        <Tag color="error">{PackingStateLabels.failed}</Tag>
      </Tooltip>
    );
  return <span className="promotion-muted">{PackingStateLabels.none}</span>;
}

/** The width the channel table needs (its scroll.x): it fits 1440 px with the sidebar open. */
export const CHANNEL_TABLE_WIDTH = 1082;

/** The columns of the channel list with its row actions; `createTime` sorts. */
export function channelColumns({
  selfId,
  selfLevel,
  statuses,
  onEdit,
  onDecide,
  onPack,
  onCopy,
}: {
  selfId: number;
  selfLevel: number;
  statuses: ReadonlyMap<number, PackingStatus>;
  onEdit: (row: ChannelListItem) => void;
  onDecide: (row: ChannelListItem, passed: boolean) => Promise<void>;
  onPack: (row: ChannelListItem) => Promise<void>;
  onCopy: (row: ChannelListItem) => Promise<void>;
}): TableColumnsType<ChannelListItem> {
  return [
    { title: '渠道ID', dataIndex: 'channelId', key: 'id', width: 64, fixed: 'left' },
    {
      title: '渠道名称 / 编号',
      dataIndex: 'channelName',
      width: 136,
      fixed: 'left',
      render: (name: string, row) => (
        <div className="promotion-name">
          <div>{name}</div>
          <div className="promotion-muted" data-testid={`code-${row.channelId}`}>
            {row.code} · {ChannelKindLabels[row.kind]}
          </div>
        </div>
      ),
    },
    {
      title: '网吧 / 域名',
      key: 'target',
      width: 120,
      render: (_, row) => ellipsisCell(row.kind === 'client' ? row.netBarName : row.domain),
    },
    { title: '所属代理', dataIndex: 'agentName', width: 96, render: ellipsisCell },
    {
      title: '审核状态',
      dataIndex: 'applyState',
      width: 78,
      render: (s: ChannelListItem['applyState'], row) => (
        <Tooltip title={row.passedByName ? `审核人：${row.passedByName}` : undefined}>
          <Tag color={APPLY_COLORS[s]}>{ApplyStateLabels[s]}</Tag>
        </Tooltip>
      ),
    },
    {
      title: '安装包',
      key: 'packing',
      width: 112,
      render: (_, row) => <Packing row={row} live={statuses.get(row.channelId)} />,
    },
    { title: '用户数', dataIndex: 'userCount', width: 60, align: 'right' },
    { title: '订单数', dataIndex: 'orderCount', width: 60, align: 'right' },
    {
      title: '订单金额（元）',
      dataIndex: 'orderAmount',
      width: 96,
      align: 'right',
      render: (fen: number) => formatYuan(fen),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 92,
      render: (t: string) => <TimeCell value={t} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 168,
      fixed: 'right',
      render: (_, row) => {
        const above = selfLevel === 0 || row.agentId !== selfId;
        const live = statuses.get(row.channelId)?.packingState ?? row.packingState;
        const running = live === 'queued' || live === 'packing';
        return (
          <Space size={0} wrap className="promotion-actions">
            <Button type="link" size="small" onClick={() => onEdit(row)}>
              编辑
            </Button>
            {row.applyState === 'applied' && above ? (
              <>
                <Popconfirm
                  title="审核通过"
                  description={`确定通过渠道「${row.channelName}」吗？`}
                  okText="通过"
                  cancelText="取消"
                  onConfirm={() => onDecide(row, true)}
                >
                  <Button type="link" size="small">
                    通过
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title="驳回申请"
                  description={`确定驳回渠道「${row.channelName}」吗？`}
                  okText="驳回"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDecide(row, false)}
                >
                  <Button type="link" size="small" danger>
                    驳回
                  </Button>
                </Popconfirm>
              </>
            ) : null}
            {row.kind === 'client' && row.applyState === 'passed' ? (
              <Button type="link" size="small" disabled={running} onClick={() => void onPack(row)}>
                {live === 'done' || live === 'failed' ? '重新打包' : '自动打包'}
              </Button>
            ) : null}
            <Button type="link" size="small" onClick={() => void onCopy(row)}>
              复制短链
            </Button>
            {row.kind === 'client' ? (
              <Button type="link" size="small" href={downloadIniHref(row.code)}>
                下载ini
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];
}
