import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are already reported by the api client (toast or silence per spec section 8), so
 * queries do not retry: a retry would repeat the toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
