import { AgentLevelLabels } from '@agent-console/contract/enums';
import { type ProfitShareLine, SharePartLabels } from '@agent-console/contract/finance';
import { formatYuan } from '@agent-console/contract/money';
import { Table, Tag } from 'antd';

/** A ratio of the wire (0..1) as a percentage with two decimals. */
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;

/**
 * 分润明细: who earned what on this order, from which ratio (the lines of the caller's subtree;
 * docs/domain.md "Profit shares"). A reversed line is struck through and tagged 已冲正; a booking
 * after a dispute shows as a new 第 N 次 generation.
 */
export function ProfitShareTable({ lines }: { lines: readonly ProfitShareLine[] }) {
  const generations = new Set(lines.map((l) => l.generation)).size;
  return (
    <Table<ProfitShareLine>
      className="profit-share-table"
      size="small"
      pagination={false}
      rowKey={(l) => `${l.generation}-${l.part}-${l.agentId}`}
      dataSource={[...lines]}
      locale={{ emptyText: '订单完成后结算分润，暂无分润明细' }}
      columns={[
        ...(generations > 1
          ? [
              {
                key: 'generation',
                title: '结算',
                render: (_: unknown, l: ProfitShareLine) => `第 ${l.generation} 次`,
              },
            ]
          : []),
        { key: 'agent', title: '代理', dataIndex: 'agentName' },
        {
          key: 'level',
          title: '级别',
          render: (_, l) => AgentLevelLabels[l.agentLevel as keyof typeof AgentLevelLabels] ?? l.agentLevel,
        },
        { key: 'part', title: '类型', render: (_, l) => SharePartLabels[l.part] },
        { key: 'ratio', title: '比例', align: 'right', render: (_, l) => percent(l.ratio) },
        { key: 'base', title: '计算金额(元)', align: 'right', render: (_, l) => formatYuan(l.partFen) },
        {
          key: 'amount',
          title: '分润金额(元)',
          align: 'right',
          render: (_, l) => (l.reversed ? <s>{formatYuan(l.amountFen)}</s> : formatYuan(l.amountFen)),
        },
        {
          key: 'state',
          title: '状态',
          render: (_, l) => (l.reversed ? <Tag color="red">已冲正</Tag> : <Tag color="green">已入账</Tag>),
        },
      ]}
    />
  );
}
