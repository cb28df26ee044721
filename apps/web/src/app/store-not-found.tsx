import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { errorCodes, screenPath, screenPaths } from '@store/contract/client';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useVouchers } from '@/features/vouchers/api/get-vouchers';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export type StoreLookup = 'checking' | 'found' | 'missing';

/**
 * Whether the store has an app with this id. The open voucher list is the one call a signed-out
 * browser may make, and it answers APP_NOT_FOUND for an app that does not exist. A failed lookup
 * counts as found: sign-in then gives its own answer, as it did before the lookup.
 */
export function useStoreLookup(appId: string): StoreLookup {
  const vouchers = useVouchers(appId);
  if (vouchers.isPending) return 'checking';
  const missing =
    isApiError(vouchers.error) && vouchers.error.error_code === errorCodes.appNotFound;
  return missing ? 'missing' : 'found';
}

/**
 * An app id in the address that is not a store to show: one that does not exist, or (signed in)
 * another store than the customer's. Never a product grid under a name that is not its own.
 */
export function StoreNotFound({ appId, exists }: { appId: string; exists: boolean }) {
  const session = useSession();
  return (
    <Center py="xl">
      <Card withBorder padding="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>{exists ? 'Another store' : 'Store not found'}</Title>
          <Text>
            {exists
              ? `“${appId}” is not the store you are signed in to.`
              : `There is no store “${appId}” here. Check the address for a typing mistake.`}
          </Text>
          {exists && session && (
            <Text size="sm" c="dimmed">
              Signing in to {appId} signs you out of {session.claims.app_id}.
            </Text>
          )}
          <Group justify="center">
            <Button component={Link} to={screenPaths.home}>
              Back to Home
            </Button>
            {exists && <SignInToOtherStore appId={appId} />}
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}

/**
 * Another store's sign-in, from a browser signed in to this one. The sign-in page sends a
 * signed-in customer back to their own store, so this store's session ends first, as Sign Out
 * ends it (on the server too, and nothing of this customer left cached); a plain link to the
 * page led straight back here.
 */
function SignInToOtherStore({ appId }: { appId: string }) {
  const signOut = useSignOut();
  return (
    <Button
      component={Link}
      to={screenPath('appLogin', { appId })}
      variant="default"
      onClick={() => signOut('elsewhere')}
    >
      Sign in to {appId}
    </Button>
  );
}

/** A mistyped store address gets a page that says so, not the sign-in of a store that is not. */
export function SignInToStore({ appId, target }: { appId: string; target: string }) {
  const store = useStoreLookup(appId);
  if (store === 'checking') return <PageLoader />;
  if (store === 'missing') return <StoreNotFound appId={appId} exists={false} />;
  return <Navigate to={target} replace />;
}

/** Signed in, an address naming another store: whether it exists decides what the page offers. */
export function OtherStore({ appId }: { appId: string }) {
  const store = useStoreLookup(appId);
  if (store === 'checking') return <PageLoader />;
  return <StoreNotFound appId={appId} exists={store === 'found'} />;
}
