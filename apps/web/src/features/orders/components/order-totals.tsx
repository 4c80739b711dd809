import { formatYuan } from '@agent-console/contract/money';
import type { OrderFigures } from '@agent-console/contract/orders';

/** The totals row of a set of orders (the whole filtered set): counts and amounts in yuan. */
export function OrderTotals({ totals }: { totals: OrderFigures }) {
  return (
    <>
      <span>
        订单数 <strong>{totals.orderCount}</strong>
      </span>
      <span>
        订单金额 <strong>{formatYuan(totals.amountFen)}</strong> 元
      </span>
      <span>
        加价金额 <strong>{formatYuan(totals.priceIncreaseFen)}</strong> 元
      </span>
      <span>
        已支付 <strong>{totals.paidCount}</strong> 单 / <strong>{formatYuan(totals.paidAmountFen)}</strong> 元
      </span>
      <span>
        已完成 <strong>{totals.completedCount}</strong> 单 /{' '}
        <strong>{formatYuan(totals.completedAmountFen)}</strong> 元
      </span>
      <span>
        已取消 <strong>{totals.cancelledCount}</strong> 单
      </span>
    </>
  );
}
