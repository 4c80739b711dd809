import { formatYuan } from '@agent-console/contract/money';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { ownFinanceQuery } from '../../../lib/own-finance';
import './finance.css';

/**
 * 财务管理's head: the caller's own money in yuan (available, frozen by withdrawals still
 * processing, withdrawn, income) and the 提现 button, whose dialog the screen opens through the
 * account-security gates.
 */
export function FinanceSummary({ onWithdraw }: { onWithdraw: () => void }) {
  const { data, isPending } = useQuery(ownFinanceQuery());
  const figure = (fen: number | undefined) => (fen === undefined ? '—' : formatYuan(fen));
  const items = [
    { key: 'available', label: '可提现余额', value: data?.available, strong: true },
    { key: 'frozen', label: '提现中（冻结）', value: data?.frozen },
    { key: 'withdrawn', label: '累计提现', value: data?.totalWithdrawn },
    { key: 'income', label: '累计收益', value: data?.totalIncome },
  ];
  return (
    <section className="finance-summary" aria-busy={isPending}>
      <div className="finance-summary-figures">
        {items.map((item) => (
          <div key={item.key} className="finance-figure" data-testid={`finance-${item.key}`}>
            <div className="finance-figure-label">{item.label}</div>
            <div className={item.strong ? 'finance-figure-value is-strong' : 'finance-figure-value'}>
              <span className="finance-figure-unit">¥</span>
              {figure(item.value)}
            </div>
          </div>
        ))}
      </div>
      <Button type="primary" size="large" onClick={onWithdraw} className="finance-withdraw-button">
        提现
      </Button>
    </section>
  );
}
