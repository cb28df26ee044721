import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { errorCodes, screenPath, screenPaths } from '@store/contract/client';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useVouchers } from '@/features/vouchers/api/get-vouchers';
import { isApiError } from '@/lib/api-client';

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
          <Group justify="center">
            <Button component={Link} to={screenPaths.home}>
              Back to Home
            </Button>
            {exists && (
              <Button component={Link} to={screenPath('appLogin', { appId })} variant="default">
                Sign in to {appId}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Center>
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
