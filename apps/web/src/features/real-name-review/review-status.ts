import { RealNameRecordStatus } from '@agent-console/contract/real-name';

/** The review states of spec section 4 (0 under review, 1 verified) and the rejection (2). */
export const ReviewStatusLabels: Record<number, string> = {
  [RealNameRecordStatus.UNDER_REVIEW]: '审核中',
  [RealNameRecordStatus.VERIFIED]: '已通过',
  [RealNameRecordStatus.REJECTED]: '已驳回',
};

export const reviewStatusColor = (status: number): string =>
  status === RealNameRecordStatus.VERIFIED
    ? 'success'
    : status === RealNameRecordStatus.UNDER_REVIEW
      ? 'processing'
      : 'error';
