import { Segmented } from 'antd';
import { useState } from 'react';
import { OrderList } from '../../../features/orders/components/order-list';
import { OrderStats } from '../../../features/orders/components/order-stats';
import { useAgentInfo } from '../../../lib/session';

type View = 'list' | 'stats';
const VIEWS = [
  { value: 'list' as const, label: '订单明细' },
  { value: 'stats' as const, label: '订单统计' },
];

/** /order-details: 订单明细 (the orders) and 订单统计 (by day or month); each view keeps its search while the other shows. */
export default function OrderDetailsRoute() {
  const agent = useAgentInfo();
  const [view, setView] = useState<View>('list');
  const [statsOpened, setStatsOpened] = useState(false);
  const toggle = (
    <Segmented<View>
      options={VIEWS}
      value={view}
      onChange={(v) => {
        setView(v);
        if (v === 'stats') setStatsOpened(true);
      }}
    />
  );
  return (
    <>
      <div className={view === 'list' ? undefined : 'order-view-hidden'}>
        <OrderList extra={toggle} />
      </div>
      {statsOpened ? (
        <section className={view === 'stats' ? 'list-page' : 'list-page order-view-hidden'}>
          <div className="list-page-head">
            <div className="list-page-title">订单统计</div>
            <div className="list-page-extra">{toggle}</div>
          </div>
          <div className="list-page-body">
            <OrderStats agent={agent} />
          </div>
        </section>
      ) : null}
    </>
  );
}
