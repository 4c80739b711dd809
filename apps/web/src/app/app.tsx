import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { seedBootAnswers } from '../lib/boot';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { type AppRouter, createAppRouter } from './router';

/** The console's query cache, with what the page brought (the login state, the site and agent info...), and its router. */
export function createApp(): { queryClient: QueryClient; router: AppRouter } {
  const queryClient = createQueryClient();
  seedBootAnswers(queryClient);
  return { queryClient, router: createAppRouter(queryClient) };
}

/** Resolves once the router has loaded its first route (its chunks and loaders), redirects included. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
