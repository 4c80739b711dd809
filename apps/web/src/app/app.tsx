import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { seedBootAnswers } from '../lib/boot';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedBootAnswers(client); // what the page brought: the login state, the site and agent info...
    return client;
  });
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
