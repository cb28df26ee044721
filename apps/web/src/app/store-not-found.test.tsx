import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clientConfigGlobalName } from '@store/contract/client';
import type { RouteObject } from 'react-router';
import { getVouchersQueryOptions } from '@/features/vouchers/api/get-vouchers';
import { getToken, setToken } from '@/lib/session';
import { demoClaims, makeToken } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';

const routes: RouteObject[] = [
  { path: '/:appId/login', element: <LoginRoute /> },
  { path: '/:appId', element: <HomeRoute /> },
];

describe('Another store', () => {
  beforeEach(() => {
    Object.assign(window, {
      [clientConfigGlobalName]: {
        api_base_url: '/api',
        identity: { script_url: 'http://identity.test/gsi-other-store.js', client_id: 'demo' },
        xendit: { cards_session_script_url: '' },
        trace_links: {
          apm_trace_base_url: '',
          log_search_base_url: '',
          admin_dashboard_base_url: '',
        },
        mobile_app_scheme: 'store',
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, clientConfigGlobalName);
    vi.restoreAllMocks();
  });

  it("leads to the other store's sign-in, not back to the store signed in to", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 204 }));
    const signedIn = makeToken(demoClaims);
    setToken(signedIn);
    const queryClient = createTestQueryClient();
    // demo-ph exists: its open voucher list answers.
    queryClient.setQueryData(getVouchersQueryOptions('demo-ph').queryKey, { vouchers: [] });
    queryClient.setQueryData(['payments'], { pages: [] });
    const { location } = renderRoutes(routes, '/demo-ph', queryClient);

    expect(await screen.findByRole('heading', { name: 'Another store' })).toBeInTheDocument();
    expect(screen.getByText('Signing in to demo-ph signs you out of demo-id.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in to demo-ph' }));

    await waitFor(() => expect(location().pathname).toBe('/demo-ph/login'));
    expect(await screen.findByText('demo-ph')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    // Nothing of the customer who left stays cached for the next one.
    expect(queryClient.getQueryData(['payments'])).toBeUndefined();
    // Signed out on the server too, with the token of the session that ended.
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/logout');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${signedIn}`);
  });
});
