import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    // Cached data stays fresh, so tests that seed the cache make no call.
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
}

export function renderWithProviders(ui: ReactNode, queryClient = createTestQueryClient()) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Renders routes in a memory router at `path`; the router exposes the resulting location. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  queryClient = createTestQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />, queryClient);
  return { ...result, router, queryClient };
}
