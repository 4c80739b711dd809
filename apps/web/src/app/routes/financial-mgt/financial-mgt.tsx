import { FinanceSummary } from '../../../features/finance/components/finance-summary';
import { WithdrawRecordList } from '../../../features/finance/components/withdraw-record-list';
import { openSecurityDialog } from '../../../features/security/dialog-store';

/**
 * /financial-mgt (everyone): the caller's own balances with 提现, whose dialog goes through the
 * account-security gates (phone, identity, withdraw information), and its withdraw records.
 */
export default function FinancialMgtRoute() {
  return (
    <>
      <FinanceSummary onWithdraw={() => openSecurityDialog({ kind: 'withdrawApply' })} />
      <WithdrawRecordList />
    </>
  );
}
