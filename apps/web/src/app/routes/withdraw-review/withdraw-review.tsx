import { WithdrawReviewList } from '../../../features/finance/components/withdraw-review-list';

/** /withdraw-review (level 0): 提现审核. */
export default function WithdrawReviewRoute() {
  return <WithdrawReviewList />;
}
