import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Box, Skeleton } from '@mantine/core';
import { loadScript } from '@/lib/load-script';
import type { CredentialResponse, GsiButtonOptions, GsiButtonSize } from '../types/google-identity';

/** Heights of the rendered button, reserved before it appears so the card does not jump. */
export const buttonHeights: Record<GsiButtonSize, number> = { large: 40, medium: 32, small: 20 };

export interface GoogleSignInButtonProps {
  scriptUrl: string;
  clientId: string;
  size?: GsiButtonSize;
  theme?: GsiButtonOptions['theme'];
  type?: GsiButtonOptions['type'];
  /** Receives a response that carries a credential. */
  onCredential: (response: CredentialResponse & { credential: string }) => void;
  /** Runs when the script cannot be loaded or the provider returns no credential. */
  onError: (error: Error) => void;
}

type ScriptState = 'loading' | 'ready' | 'failed';

export function GoogleSignInButton({
  scriptUrl,
  clientId,
  size = 'large',
  theme = 'outline',
  type = 'standard',
  onCredential,
  onError,
}: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScriptState>('loading');

  const handleResponse = useEffectEvent((response: CredentialResponse) => {
    if (response.credential) onCredential({ ...response, credential: response.credential });
    else onError(new Error('The identity provider returned no credential'));
  });
  const handleError = useEffectEvent((error: Error) => onError(error));

  useEffect(() => {
    let cancelled = false;
    loadScript(scriptUrl).then(
      () => {
        if (cancelled) return;
        const identity = window.google?.accounts.id;
        if (!identity) {
          setState('failed');
          handleError(new Error('The identity provider script did not start'));
          return;
        }
        identity.initialize({ client_id: clientId, callback: handleResponse });
        setState('ready');
      },
      (error: Error) => {
        if (cancelled) return;
        setState('failed');
        handleError(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [scriptUrl, clientId]);

  useEffect(() => {
    if (state === 'ready' && container.current) {
      window.google?.accounts.id.renderButton(container.current, { size, theme, type });
    }
  }, [state, size, theme, type]);

  if (state === 'failed') return null;
  return (
    <Box pos="relative" mih={buttonHeights[size]}>
      {state === 'loading' && <Skeleton h={buttonHeights[size]} w={200} />}
      <div ref={container} data-testid="sign-in-button" />
    </Box>
  );
}
