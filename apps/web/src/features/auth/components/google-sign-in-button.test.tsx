import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import type { CredentialResponse } from '../types/google-identity';
import { GoogleSignInButton } from './google-sign-in-button';

function scriptFor(url: string): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`);
  if (!script) throw new Error('script not added');
  return script;
}

describe('GoogleSignInButton', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'google');
  });

  it('calls onError and shows no button when the script fails to load', async () => {
    const url = 'http://identity.test/fails.js';
    const onError = vi.fn();
    renderWithProviders(
      <GoogleSignInButton scriptUrl={url} clientId="c" onCredential={vi.fn()} onError={onError} />,
    );
    fireEvent.error(scriptFor(url));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('sign-in-button')).not.toBeInTheDocument();
  });

  it('hands over a credential, and calls onError when none is returned', async () => {
    const url = 'http://identity.test/works.js';
    let callback: ((response: CredentialResponse) => void) | undefined;
    Object.assign(window, {
      google: {
        accounts: {
          id: {
            initialize: (config: { callback: typeof callback }) => (callback = config.callback),
            renderButton: vi.fn(),
          },
        },
      },
    });
    const onCredential = vi.fn();
    const onError = vi.fn();
    renderWithProviders(
      <GoogleSignInButton
        scriptUrl={url}
        clientId="c"
        size="small"
        onCredential={onCredential}
        onError={onError}
      />,
    );
    fireEvent.load(scriptFor(url));
    await waitFor(() => expect(callback).toBeDefined());
    // The button is drawn by an effect after the render that initialize's 'ready' brings, which a
    // busy machine may run later than initialize itself.
    await waitFor(() =>
      expect(window.google?.accounts.id.renderButton).toHaveBeenCalledWith(
        screen.getByTestId('sign-in-button'),
        { size: 'small', theme: 'outline', type: 'standard' },
      ),
    );

    act(() => callback?.({ credential: 'jwt', select_by: 'btn', clientId: 'c' }));
    expect(onCredential).toHaveBeenCalledWith({
      credential: 'jwt',
      select_by: 'btn',
      clientId: 'c',
    });
    expect(onError).not.toHaveBeenCalled();

    act(() => callback?.({ select_by: 'btn' }));
    expect(onError).toHaveBeenCalledOnce();
  });
});
