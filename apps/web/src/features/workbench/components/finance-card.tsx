import { formatYuan } from '@agent-console/contract/money';
import { queryWithdrawRecords } from '@agent-console/contract/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { ownFinanceQuery } from '../../../lib/own-finance';
import { firstRowsQuery } from '../api/get-first-rows';
import { LIST_CARD_TITLES } from '../list-cards';
import { withdrawColumns } from './list-columns';
import { MiniTable } from './mini-table';
import { CardFailed, cardLoad, WorkbenchCard } from './workbench-card';

/** How many of the latest withdrawals the card lists. */
const WITHDRAWALS_SHOWN = 3;

/**
 * 财务: the caller's own balances (available and frozen by withdrawals still processing, the same
 * query as 财务管理's summary) and its latest withdrawals, each part with its own call.
 */
export function FinanceCard({ to }: { to: string }) {
  const finance = useQuery(ownFinanceQuery());
  const withdrawals = useQuery(firstRowsQuery(queryWithdrawRecords, {}, WITHDRAWALS_SHOWN));
  const withdrawalsLoad = cardLoad(withdrawals);
  const figures = [
    { key: 'available', label: '可提现余额(元)', value: finance.data?.available, strong: true },
    { key: 'frozen', label: '提现中冻结(元)', value: finance.data?.frozen, strong: false },
  ];
  return (
    <WorkbenchCard
      title={LIST_CARD_TITLES.finance}
      to={to}
      load={cardLoad(finance)}
      testId="workbench-finance"
    >
      <div className="workbench-figures">
        {figures.map((f) => (
          <div key={f.key} className="workbench-figure" data-testid={`workbench-finance-${f.key}`}>
            <div className="workbench-figure-label">{f.label}</div>
            <div className={f.strong ? 'workbench-figure-value is-strong' : 'workbench-figure-value'}>
              {f.value === undefined ? '—' : formatYuan(f.value)}
            </div>
          </div>
        ))}
      </div>
      <div className="workbench-subtitle">最近提现</div>
      {withdrawalsLoad.failed ? (
        <CardFailed load={withdrawalsLoad} />
      ) : (
        <MiniTable
          columns={withdrawColumns}
          rows={withdrawals.data?.rows ?? []}
          rowKey={(r) => r.id}
          empty={withdrawalsLoad.pending ? '加载中…' : '暂无提现记录'}
          busy={withdrawalsLoad.pending}
        />
      )}
    </WorkbenchCard>
  );
}
