import { formatYuan } from '@agent-console/contract/money';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Tag, Timeline } from 'antd';
import { formatTime } from '../../../lib/format';
import { orderDetailQuery } from '../api/get-order-detail';
import {
  durationText,
  rentTypeLabel,
  STATUS_COLORS,
  sourceLabel,
  statusLabel,
  terminalLabel,
} from '../order-labels';
import { ProfitShareTable } from './profit-share-table';

/** 订单详情: every field of an order, its status history and its split (loaded when opened). */
export function OrderDetailDialog({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { data, isLoading } = useQuery(orderDetailQuery(id));
  return (
    <Modal title="订单详情" open={open} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      {isLoading || !data ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'orderNo', label: '订单号', children: data.orderNo, span: 2 },
              {
                key: 'status',
                label: '订单状态',
                children: <Tag color={STATUS_COLORS[data.status]}>{statusLabel(data.status)}</Tag>,
              },
              { key: 'source', label: '订单来源', children: sourceLabel(data.orderSource) },
              { key: 'userId', label: '用户ID', children: data.userId },
              { key: 'phone', label: '手机号', children: data.mobilePhone },
              { key: 'game', label: '游戏', children: data.gameName },
              { key: 'goods', label: '商品ID', children: data.goodsId },
              { key: 'rent', label: '租赁方式', children: rentTypeLabel(data.rentType) },
              { key: 'duration', label: '租赁时长', children: durationText(data.rentMinutes) },
              { key: 'amount', label: '支付金额', children: `${formatYuan(data.amountFen)} 元` },
              { key: 'increase', label: '加价金额', children: `${formatYuan(data.priceIncreaseFen)} 元` },
              { key: 'terminal', label: '终端类型', children: terminalLabel(data.terminalType) },
              { key: 'agent', label: '所属代理', children: data.agentName },
              { key: 'bar', label: '网吧', children: data.netBarName },
              { key: 'channel', label: '渠道', children: data.channelName ?? '—' },
              { key: 'area', label: '地区', children: data.areaName || '—', span: 2 },
              { key: 'created', label: '下单时间', children: formatTime(data.createTime) },
              { key: 'paid', label: '支付时间', children: formatTime(data.payTime) },
              { key: 'rentStart', label: '租赁开始', children: formatTime(data.rentStartTime) },
              { key: 'rentEnd', label: '租赁结束', children: formatTime(data.rentEndTime) },
              { key: 'completed', label: '完成时间', children: formatTime(data.completeTime), span: 2 },
            ]}
          />
          <h4 className="order-history-title">状态记录</h4>
          <Timeline
            items={data.history.map((h) => ({
              key: `${h.status}-${h.time}`,
              color: STATUS_COLORS[h.status] === 'default' ? 'gray' : 'blue',
              title: h.time,
              content: statusLabel(h.status),
            }))}
          />
          <h4 className="order-history-title">分润明细</h4>
          {/* An order without a price increase has nothing to share in that part: its lines are left out. */}
          <ProfitShareTable lines={data.profitShares.filter((l) => l.partFen > 0)} />
        </>
      )}
    </Modal>
  );
}
