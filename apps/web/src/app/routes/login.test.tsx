import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientConfigGlobalName } from '@store/contract/client';
import type { RouteObject } from 'react-router';
import { endSession, setToken } from '@/lib/session';
import { demoClaims, makeToken } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { LoginRoute } from './login';

const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/:appId/login', element: <LoginRoute /> },
  { path: '/:appId', element: <p>Home of the app</p> },
];

let scriptCounter = 0;
let scriptUrl = '';

function identityScript(): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${scriptUrl}"]`);
  if (!script) throw new Error('the identity script was not requested');
  return script;
}

describe('Login', () => {
  beforeEach(() => {
    // A fresh URL per test: the loader remembers scripts it has already added.
    scriptUrl = `http://identity.test/gsi-${++scriptCounter}.js`;
    Object.assign(window, {
      [clientConfigGlobalName]: {
        api_base_url: '/api',
        identity: { script_url: scriptUrl, client_id: 'demo-client' },
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
    Reflect.deleteProperty(window, 'google');
  });

  it('shows the example app id as an example, not as a value, so an empty field reads empty', async () => {
    renderRoutes(routes, '/login');
    const field = await screen.findByLabelText(/Enter App Id/);
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('placeholder', 'for example demo-id');
  });

  it('redirects the literal app id undefined to /login', async () => {
    const { location } = renderRoutes(routes, '/undefined/login');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByLabelText(/Enter App Id/)).toBeInTheDocument();
  });

  it('says why the store ended the session, and says nothing after a Sign Out', async () => {
    setToken(makeToken(demoClaims));
    endSession('TOKEN_EXPIRED_ERROR');
    const ended = renderRoutes(routes, '/demo-id/login');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session has ended: it expired, or you signed out everywhere from another device. Sign in again to carry on. (TOKEN_EXPIRED_ERROR)',
    );
    ended.unmount();
    setToken(makeToken(demoClaims));
    endSession();
    renderRoutes(routes, '/demo-id/login');
    expect(await screen.findByText('Sign In')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('redirects an existing session to /{appId}', async () => {
    setToken(makeToken({ ...demoClaims, app_id: 'demo-ph' }));
    const { location } = renderRoutes(routes, '/login');
    expect(await screen.findByText('Home of the app')).toBeInTheDocument();
    expect(location().pathname).toBe('/demo-ph');
  });

  it('asks for the app id only when the route has none', async () => {
    renderRoutes(routes, '/demo-id/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('demo-id')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Enter App Id/)).not.toBeInTheDocument();
  });

  it('hides the button and reports an error when the identity script fails to load', async () => {
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.getByTestId('sign-in-button')).toBeInTheDocument();

    fireEvent.error(identityScript());

    expect(await screen.findByText(/Sign-in is unavailable/)).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-button')).not.toBeInTheDocument();
  });

  it('renders the provider button large, outline and standard with the configured client id', async () => {
    const initialize = vi.fn();
    const renderButton = vi.fn();
    renderRoutes(routes, '/demo-id/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    Object.assign(window, { google: { accounts: { id: { initialize, renderButton } } } });

    fireEvent.load(identityScript());

    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'demo-client' }));
    expect(renderButton).toHaveBeenCalledWith(screen.getByTestId('sign-in-button'), {
      size: 'large',
      theme: 'outline',
      type: 'standard',
    });
  });

  it('says the App Id is required before the provider button opens its chooser', async () => {
    const opened = vi.fn();
    const renderButton = vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Sign in with Google';
      button.addEventListener('click', opened);
      parent.append(button);
    });
    renderRoutes(routes, '/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    Object.assign(window, { google: { accounts: { id: { initialize: vi.fn(), renderButton } } } });
    fireEvent.load(identityScript());

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('App Id is required.')).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Enter App Id/), { target: { value: 'demo-id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
