import { Segmented } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FinanceSummary } from '../../../features/finance/components/finance-summary';
import { FundDetailList } from '../../../features/finance/components/fund-detail-list';
import { WithdrawRecordList } from '../../../features/finance/components/withdraw-record-list';
import { openSecurityDialog } from '../../../features/security/dialog-store';

type View = 'withdraw' | 'details';
const VIEWS = [
  { value: 'withdraw' as const, label: '提现记录' },
  { value: 'details' as const, label: '资金明细' },
];

/**
 * /financial-mgt (everyone): the caller's own balances with 提现, whose dialog goes through the
 * account-security gates (phone, identity, withdraw information), then its withdraw records or its
 * own ledger entries (资金明细). One list shows at a time and both keep their search in the URL:
 * switching starts the other from its defaults.
 */
export default function FinancialMgtRoute() {
  const [view, setView] = useState<View>('withdraw');
  const [, setParams] = useSearchParams();
  const toggle = (
    <Segmented<View>
      options={VIEWS}
      value={view}
      onChange={(v) => {
        setParams({});
        setView(v);
      }}
    />
  );
  return (
    <>
      <FinanceSummary onWithdraw={() => openSecurityDialog({ kind: 'withdrawApply' })} />
      {view === 'details' ? (
        <FundDetailList members={false} extra={toggle} />
      ) : (
        <WithdrawRecordList extra={toggle} />
      )}
    </>
  );
}
