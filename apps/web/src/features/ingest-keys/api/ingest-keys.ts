import { createIngestKey, queryIngestKeys, revokeIngestKey } from '@agent-console/contract/ingest-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Every ingest key (level 0): the environment's, then the console's newest first. */
export const useIngestKeys = () =>
  useQuery({
    queryKey: [queryIngestKeys.path],
    queryFn: async ({ signal }) => (await call(queryIngestKeys, {}, { signal })).object ?? [],
  });

const useKeyMutation = <T, R>(run: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryIngestKeys.path] }),
  });
};

/** A new key; its secret is in this answer only. */
export const useCreateIngestKey = () =>
  useKeyMutation(async (name: string) => (await call(createIngestKey, { name })).object);

export const useRevokeIngestKey = () =>
  useKeyMutation(async (id: string) => (await call(revokeIngestKey, { id })).object);
