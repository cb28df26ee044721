import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { MainLayout } from './main-layout';
import { RequireSession } from './require-session';

// Each screen is its own chunk, loaded when its route is first visited.
const login = async () => ({ Component: (await import('./routes/login')).LoginRoute });
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute });
const product = async () => ({ Component: (await import('./routes/product')).ProductRoute });
const cart = async () => ({ Component: (await import('./routes/cart')).CartRoute });
const accountSettings = async () => ({
  Component: (await import('./routes/account-settings')).AccountSettingsRoute,
});

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Errors inside a screen keep the shell (top bar and navigation) around the fallback.
        errorElement: <RouteError />,
        children: [
          { path: 'login', lazy: login },
          { path: 'login/:appId', lazy: login },
          { path: ':appId/login', lazy: login },
          {
            element: <RequireSession />,
            children: [
              { index: true, lazy: home },
              { path: ':appId', lazy: home },
              { path: 'products', lazy: home },
              { path: 'products/:productId', lazy: product },
              { path: 'cart', lazy: cart },
              { path: 'settings/account', lazy: accountSettings },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
