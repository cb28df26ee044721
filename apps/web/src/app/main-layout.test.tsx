import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { getToken, setToken } from '@/lib/session';
import { demoClaims, makeToken } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { MainLayout } from './main-layout';
import { routes as appRoutes } from './router';
import { ScreenBoundary } from './screen-boundary';

function Broken(): never {
  throw new Error('Render failed');
}

const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      {
        element: <ScreenBoundary />,
        children: [
          { path: '/', element: <p>Home screen</p> },
          { path: '/login', element: <p>Login screen</p> },
          { path: '/broken', element: <Broken /> },
        ],
      },
    ],
  },
];

describe('Shell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the store title, and Sign in for a signed-out visitor', () => {
    renderRoutes(routes, '/');
    expect(screen.getByRole('heading', { name: 'Xendit Demo Store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows app id and mode from the token, and Sign Out clears the session and goes to /login', async () => {
    setToken(makeToken({ ...demoClaims, app_id: 'demo-ph', mode: 'live' }));
    const { location } = renderRoutes(routes, '/');
    expect(screen.getByText('demo-ph')).toBeInTheDocument();
    expect(screen.getByText('live')).toBeInTheDocument();
    for (const [name, href] of [
      ['Orders', '/orders'],
      ['Payment Methods', '/payment_methods'],
      ['Subscriptions', '/subscriptions'],
      ['Cart', '/cart'],
      ['Home', '/'],
      ['Account Settings', '/settings/account'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }

    // Below 960 px (jsdom's media queries never match) these are plain buttons behind the burger.
    await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(getToken()).toBeNull();
    expect(location().pathname).toBe('/login');
    expect(screen.getByText('Login screen')).toBeInTheDocument();
  });

  it('shows the error fallback with the error inside the shell', () => {
    // React reports the caught error on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes(routes, '/broken');
    expect(
      screen.getByRole('heading', { name: 'Oops! Sorry, an unexpected error has occurred.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Render failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Xendit Demo Store' })).toBeInTheDocument();
  });

  it('takes /payments/failed, which the specification names beside its route, to /payments/failure', async () => {
    const { location } = renderRoutes(appRoutes, '/payments/failed?payment_id=pay_1');
    await waitFor(() => expect(location().pathname).toBe('/payments/failure'));
    expect(location().search).toBe('?payment_id=pay_1');
  });

  it('shows status and text for an unknown route', () => {
    renderRoutes(appRoutes, '/nowhere/at/all');
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Xendit Demo Store' })).toBeInTheDocument();
  });
});
