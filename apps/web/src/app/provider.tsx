import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import './global.css';

/**
 * The providers of every route: React Query. antd's ConfigProvider (zh_CN) wraps the screens that
 * use antd, through the lazily loaded antd shell route (app/shell/antd-shell.tsx), so the login
 * page's script stays small.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
