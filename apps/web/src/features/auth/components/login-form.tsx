import { useState } from 'react';
import { Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { isAppId } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { getClientConfig } from '@/lib/config';
import { useLogin } from '../api/login';
import { GoogleSignInButton } from './google-sign-in-button';

function readIdentityConfig() {
  try {
    return { config: getClientConfig().identity, error: null };
  } catch (error) {
    return { config: null, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

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
  const login = useLogin({ onSuccess: ({ app_id }) => onSignedIn(app_id) });

  function handleCredential({ credential }: { credential: string }) {
    setSignInError(null);
    const appId = (routeAppId ?? typedAppId).trim();
    if (!isAppId(appId)) {
      setAppIdError('Enter an app id (letters, digits, - and _) before signing in.');
      return;
    }
    login.mutate({ credential, app_id: appId });
  }

  return (
    <Card withBorder shadow="sm" padding="lg" maw={420} mx="auto" mt="xl">
      <Stack>
        <Title order={2}>Sign In</Title>
        {routeAppId === undefined ? (
          <TextInput
            label="Enter App Id"
            placeholder="demo-id"
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
          <GoogleSignInButton
            scriptUrl={identity.config.script_url}
            clientId={identity.config.client_id}
            onCredential={handleCredential}
            onError={setSignInError}
          />
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
