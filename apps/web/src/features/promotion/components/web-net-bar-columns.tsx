import { formatYuan } from '@agent-console/contract/money';
import type { WebNetBarItem } from '@agent-console/contract/promotion';
import { Button, type TableColumnsType } from 'antd';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { columnsWidth } from '../../../lib/table-width';

/** The columns of the web promotion net bar list: the bar, its agent, and its figures in the range. */
export function webNetBarColumns({
  onCopyLink,
}: {
  onCopyLink: (row: WebNetBarItem) => Promise<void>;
}): TableColumnsType<WebNetBarItem> {
  return [
    { title: '网吧ID', dataIndex: 'netBarId', key: 'id', width: 72, fixed: 'left' },
    { title: '网吧名称', dataIndex: 'netBarName', width: 140, fixed: 'left', render: ellipsisCell },
    { title: '网吧用户ID', dataIndex: 'barUserId', width: 110 },
    { title: '地址', dataIndex: 'address', width: 160, ellipsis: { showTitle: false }, render: ellipsisCell },
    { title: '所属代理', dataIndex: 'agentName', width: 100, render: ellipsisCell },
    { title: '终端数', dataIndex: 'terminalCount', width: 70, align: 'right' },
    { title: '用户数', dataIndex: 'userCount', width: 70, align: 'right' },
    { title: '订单数', dataIndex: 'orderCount', width: 70, align: 'right' },
    {
      title: '订单金额（元）',
      dataIndex: 'orderAmount',
      width: 110,
      align: 'right',
      render: (fen: number) => formatYuan(fen),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'createTime',
      width: 100,
      render: (t: string) => <TimeCell value={t} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 108,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => void onCopyLink(row)}>
          复制推广链接
        </Button>
      ),
    },
  ];
}

/** The web net bar table's scroll width: its columns side by side. */
export const WEB_NET_BAR_TABLE_WIDTH = columnsWidth(webNetBarColumns({ onCopyLink: async () => undefined }));
