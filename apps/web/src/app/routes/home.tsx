import { screenPaths } from '@store/contract/client';
import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ProductCatalog } from '@/features/products/components/product-catalog';
import { useSession } from '@/lib/session';

/**
 * /, /{appId} and /products: the product grid of the signed-in customer's store. An app id that
 * is not that store's (a mistyped address, another store) gets a page that says so, never the
 * signed-in store's products under another name.
 */
export function HomeRoute() {
  const { appId } = useParams();
  const session = useSession();
  if (appId && session && appId !== session.claims.app_id) return <StoreNotFound appId={appId} />;
  return (
    <Stack>
      <Title order={2}>Products</Title>
      <ProductCatalog />
    </Stack>
  );
}

function StoreNotFound({ appId }: { appId: string }) {
  return (
    <Center py="xl">
      <Card withBorder padding="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>Store not found</Title>
          <Text>
            There is no store &ldquo;{appId}&rdquo; here, or it is not the one you are signed in to.
          </Text>
          <Group justify="center">
            <Button component={Link} to={screenPaths.home}>
              Back to Home
            </Button>
            <Button component={Link} to={`/${encodeURIComponent(appId)}/login`} variant="default">
              Sign in to {appId}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
