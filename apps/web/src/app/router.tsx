import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { loadChunk } from '../lib/lazy-chunk';
import { createGuard } from './guard';
import type { RouteHandle, RouteModule } from './route-meta';
import { appRoutes } from './route-table';
import { BootScreen } from './shell/boot-screen';
import { RootShell } from './shell/root-shell';
import { RouteErrorView } from './shell/route-error';

/** A lazily loaded route module as React Router wants it: component plus optional loader. */
function lazyModule(queryClient: QueryClient, load: () => Promise<RouteModule>) {
  return async () => {
    const module = await loadChunk(load);
    return {
      Component: module.default,
      ...(module.clientLoader ? { loader: module.clientLoader(queryClient) } : {}),
    };
  };
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const screens: RouteObject[] = appRoutes.flatMap((route) =>
    route.load
      ? [
          {
            path: route.path,
            handle: { meta: route.meta } satisfies RouteHandle,
            lazy: lazyModule(queryClient, route.load),
            ErrorBoundary: RouteErrorView,
          },
        ]
      : [],
  );

  return [
    {
      id: 'root',
      loader: createGuard(queryClient),
      // The guard runs before every navigation, not only when params change.
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: BootScreen,
      ErrorBoundary: RouteErrorView,
      children: [
        {
          path: paths.login,
          handle: { meta: { title: '登录', hidden: true } } satisfies RouteHandle,
          lazy: lazyModule(queryClient, () => import('./routes/auth/login')),
        },
        {
          id: 'antd',
          lazy: lazyModule(queryClient, () => import('./shell/antd-shell')),
          children: [
            {
              path: paths.notFound,
              handle: { meta: { title: '页面不存在', hidden: true } } satisfies RouteHandle,
              lazy: lazyModule(queryClient, () => import('./routes/errors/not-found')),
            },
            {
              id: 'layout',
              lazy: lazyModule(queryClient, () => import('./layout/app-layout')),
              ErrorBoundary: RouteErrorView,
              children: [
                ...screens,
                {
                  path: `${paths.redirect}/*`,
                  lazy: lazyModule(queryClient, () => import('./routes/redirect/redirect')),
                },
              ],
            },
          ],
        },
        // Fixed last: anything else is the 404 page.
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));

export type AppRouter = ReturnType<typeof createAppRouter>;
