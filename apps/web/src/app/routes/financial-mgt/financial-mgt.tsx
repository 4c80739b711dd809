import { Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FinanceSummary } from '../../../features/finance/components/finance-summary';
import { FundDetailList } from '../../../features/finance/components/fund-detail-list';
import { MemberFinanceList } from '../../../features/finance/components/member-finance-list';
import { WithdrawRecordList } from '../../../features/finance/components/withdraw-record-list';
import { openSecurityDialog } from '../../../features/security/dialog-store';
import { useAgentInfo } from '../../../lib/session';

/**
 * /financial-mgt (everyone): the caller's own balances with 提现 (its dialog goes through the
 * account-security gates), then tabs: 提现记录 (its withdrawals), 资金明细 (its own ledger entries) and 成员财务 (its
 * subtree's money).
 * Each tab's list keeps its search in the URL, so only the shown tab is mounted and a switch starts
 * the other from its defaults.
 */
export default function FinancialMgtRoute() {
  const agent = useAgentInfo();
  const [tab, setTab] = useState('withdraw');
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <FinanceSummary onWithdraw={() => openSecurityDialog({ kind: 'withdrawApply' })} />
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => {
          setSearchParams(new URLSearchParams());
          setTab(key);
        }}
        items={[
          { key: 'withdraw', label: '提现记录', children: <WithdrawRecordList /> },
          { key: 'details', label: '资金明细', children: <FundDetailList members={false} /> },
          { key: 'members', label: '成员财务', children: <MemberFinanceList agent={agent} /> },
        ]}
      />
    </>
  );
}
