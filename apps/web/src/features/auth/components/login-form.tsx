import { useState, type SyntheticEvent } from 'react';
import { Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorCodes, isAppId } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { getClientConfig } from '@/lib/config';
import { sessionEndedBecause } from '@/lib/session';
import { useLogin } from '../api/login';
import { GoogleSignInButton } from './google-sign-in-button';

function readIdentityConfig() {
  try {
    return { config: getClientConfig().identity, error: null };
  } catch (error) {
    return { config: null, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Why the store ended the session, in words, by the code it answered. */
const sessionEndWords: Record<string, string> = {
  [errorCodes.tokenExpired]:
    'Your session has ended: it expired, or you signed out everywhere from another device.',
  [errorCodes.customerNotFound]: 'This store no longer has your account.',
  [errorCodes.unauthorized]: 'Your session could not be verified any more.',
};

export interface LoginFormProps {
  /** The app id from the route; when absent the customer types it. */
  routeAppId: string | undefined;
  onSignedIn: (appId: string) => void;
}

export function LoginForm({ routeAppId, onSignedIn }: LoginFormProps) {
  const [typedAppId, setTypedAppId] = useState('');
  const [appIdError, setAppIdError] = useState<string | null>(null);
  const [signInError, setSignInError] = useState<Error | null>(null);
  const [identity] = useState(readIdentityConfig);
  const [endedBecause] = useState(sessionEndedBecause);
  const login = useLogin({ onSuccess: ({ app_id }) => onSignedIn(app_id) });

  /** Whether the app id can be signed in to; if not, says why under the field. */
  function checkAppId(): string | null {
    const appId = (routeAppId ?? typedAppId).trim();
    if (appId === '') {
      setAppIdError('App Id is required.');
      return null;
    }
    if (!isAppId(appId)) {
      setAppIdError('Enter an app id (letters, digits, - and _) before signing in.');
      return null;
    }
    return appId;
  }

  function handleCredential({ credential }: { credential: string }) {
    setSignInError(null);
    const appId = checkAppId();
    if (appId !== null) login.mutate({ credential, app_id: appId });
  }

  /**
   * The sign-in button belongs to the identity provider's script and opens its account chooser
   * itself: a press is stopped on its way there while the app id is missing or malformed, so the
   * field says what is wrong before any account is chosen. (Google's own button lives in a frame
   * whose presses never pass here; handleCredential checks again after the chooser.)
   */
  function holdPressWithoutAppId(event: SyntheticEvent) {
    if (routeAppId !== undefined || checkAppId() !== null) return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <Card withBorder shadow="sm" padding="lg" maw={420} mx="auto" mt="xl">
      <Stack>
        <Title order={2}>Sign In</Title>
        {endedBecause && (
          <Text role="status">
            {sessionEndWords[endedBecause] ?? 'Your session has ended.'} Sign in again to carry on.{' '}
            <Text span size="xs" c="dimmed">
              ({endedBecause})
            </Text>
          </Text>
        )}
        {routeAppId === undefined ? (
          <TextInput
            label="Enter App Id"
            placeholder="for example demo-id"
            value={typedAppId}
            error={appIdError}
            onChange={(event) => {
              setTypedAppId(event.currentTarget.value);
              setAppIdError(null);
            }}
            required
          />
        ) : (
          <Text>
            App Id: <strong>{routeAppId}</strong>
          </Text>
        )}
        {identity.config ? (
          // A key press on the button reaches here as a click too.
          <div onClickCapture={holdPressWithoutAppId}>
            <GoogleSignInButton
              scriptUrl={identity.config.script_url}
              clientId={identity.config.client_id}
              onCredential={handleCredential}
              onError={setSignInError}
            />
          </div>
        ) : (
          <ErrorPanel error={identity.error} />
        )}
        {login.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Signing in...</Text>
          </Group>
        )}
        {signInError && (
          <ErrorPanel
            error={new Error(`Sign-in is unavailable: ${signInError.message}.`)}
            onClose={() => setSignInError(null)}
          />
        )}
        {login.error && <ErrorPanel error={login.error} onClose={login.reset} />}
      </Stack>
    </Card>
  );
}
