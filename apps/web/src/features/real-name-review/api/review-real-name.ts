import { approveRealName, queryRealNameReviews, rejectRealName } from '@agent-console/contract/real-name';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

const useReviewMutation = <T>(run: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryRealNameReviews.path] }),
  });
};

/** Approves a submission under review. */
export const useApproveRealName = () =>
  useReviewMutation(async (id: number) => (await call(approveRealName, { id })).object);

/** Rejects a submission with the reason the agent sees. */
export const useRejectRealName = () =>
  useReviewMutation(
    async ({ id, reason }: { id: number; reason: string }) =>
      (await call(rejectRealName, { id, reason })).object,
  );
