import type { SummaryStatsTotals } from '@agent-console/contract/summary-stats';
import { formatTime } from '../../../lib/format';
import type { Measure, MeasureKey } from '../summary-measures';
import { valueText } from '../summary-measures';

/** Counts shown with their amount: "订单 12 单 / 1,234.00 元". */
const PAIRS: Readonly<Partial<Record<MeasureKey, { label: string; amount: MeasureKey }>>> = {
  orderCount: { label: '订单', amount: 'orderAmountFen' },
  paidCount: { label: '支付', amount: 'paidAmountFen' },
  completedCount: { label: '完成', amount: 'completedAmountFen' },
  refundCount: { label: '退款', amount: 'refundAmountFen' },
};
const PAIRED = new Set(Object.values(PAIRS).map((p) => p.amount));

/**
 * The totals row (合计) of the whole range and filters, and when the figures were last brought up
 * to date (数据更新时间: the rollups are kept by a catch-up step, not read at request time).
 */
export function SummaryTotals({
  totals,
  measures,
}: {
  totals: SummaryStatsTotals;
  measures: readonly Measure[];
}) {
  const figures = totals.summaryData;
  const byKey = new Map(measures.map((m) => [m.key, m]));
  return (
    <>
      <span className="summary-total-label">合计</span>
      {measures
        .filter((m) => !PAIRED.has(m.key))
        .map((m) => {
          const pair = PAIRS[m.key];
          const amount = pair ? byKey.get(pair.amount) : undefined;
          return (
            <span key={m.key}>
              {pair?.label ?? m.label} <strong>{valueText(m, figures[m.key])}</strong>
              {pair ? ` ${m.unit}` : m.money ? ' 元' : ''}
              {pair && amount ? (
                <>
                  {' / '}
                  <strong>{valueText(amount, figures[amount.key])}</strong> 元
                </>
              ) : null}
            </span>
          );
        })}
      <span className="summary-update-time">
        数据更新时间 {totals.updateTime ? formatTime(totals.updateTime) : '尚未统计'}
      </span>
    </>
  );
}
