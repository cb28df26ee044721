import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useRoutes,
  type InitialEntry,
  type Location,
  type RouteObject,
} from 'react-router';

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

/** Renders routes in a memory router at `path`; `location()` reads where the router is now. */
export function renderRoutes(
  routes: RouteObject[],
  path: InitialEntry,
  queryClient = createTestQueryClient(),
) {
  let current: Location | undefined;
  function Routes() {
    current = useLocation();
    return useRoutes(routes);
  }
  const result = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
    queryClient,
  );
  const location = () => {
    if (!current) throw new Error('the routes have not rendered');
    return current;
  };
  return { ...result, location, queryClient };
}
