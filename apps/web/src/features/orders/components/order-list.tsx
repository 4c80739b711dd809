import {
  exportOrderBar,
  type OrderBarItem,
  type OrderTimeType,
  queryOrderBarPage,
  totalOrderBarRecord,
} from '@agent-console/contract/orders';
import type { ReactNode } from 'react';
import { Suspense, useState } from 'react';
import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { ListPage } from '../../../components/list-page';
import { lazyComponent } from '../../../lib/lazy-chunk';
import { last30Days, RANGE_FIELDS } from '../../../lib/list-dates';
import { useAgentInfo } from '../../../lib/session';
import { useList } from '../../../lib/use-list';
import { ORDER_TABLE_WIDTH, orderColumns } from './order-columns';
import { OrderFilterFields } from './order-filter-fields';
import { OrderTotals } from './order-totals';
import '../orders.css';

/** The detail dialog loads when first opened. */
const OrderDetailDialog = lazyComponent(() =>
  import('./order-detail-dialog').then((m) => m.OrderDetailDialog),
);

/** The order list's start and what 重置 goes back to: created in the last 30 days. */
const orderDefaults = () => ({ timeType: '10' as OrderTimeType, ...last30Days() });

/** 订单明细: the bar retail orders of the subtree, with filters, totals, export and the order detail. */
export function OrderList({ extra }: { extra?: ReactNode }) {
  const agent = useAgentInfo();
  const list = useList(queryOrderBarPage, { totals: totalOrderBarRecord, defaults: orderDefaults });
  const [detail, setDetail] = useState<{ id: number; open: boolean } | null>(null);
  return (
    <>
      <ListPage
        title="订单明细"
        extra={extra}
        list={list}
        rowKey="id"
        filters={<OrderFilterFields agent={agent} />}
        ranges={RANGE_FIELDS}
        normalize={withoutTreeRoot}
        totals={list.totals ? <OrderTotals totals={list.totals} /> : null}
        exportEndpoint={exportOrderBar}
        columns={orderColumns((row: OrderBarItem) => setDetail({ id: row.id, open: true }))}
        scroll={{ x: ORDER_TABLE_WIDTH }}
      />
      {detail ? (
        <Suspense fallback={null}>
          <OrderDetailDialog
            key={detail.id}
            id={detail.id}
            open={detail.open}
            onClose={() => setDetail((d) => (d ? { ...d, open: false } : d))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
