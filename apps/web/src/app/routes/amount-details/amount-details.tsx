import { FundDetailList } from '../../../features/finance/components/fund-detail-list';

/**
 * /amount-details 资金明细 (route meta roles: hasMemberFinanceMenu): the ledger entries of the
 * caller's subtree, node by node through the agent tree, with totals and export.
 */
export default function AmountDetailsRoute() {
  return <FundDetailList members />;
}
