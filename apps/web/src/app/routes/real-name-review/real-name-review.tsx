import { RealNameReviewList } from '../../../features/real-name-review/components/real-name-review-list';

/** /real-name-review (level 0): 实名审核. */
export default function RealNameReviewRoute() {
  return <RealNameReviewList />;
}
