import { lazy, Suspense } from 'react';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ProductCatalog } from '@/features/products/components/product-catalog';
import { useSession } from '@/lib/session';

// Loaded only for an address naming another store, so the product grid's route stays small.
const OtherStore = lazy(async () => ({ default: (await import('../store-not-found')).OtherStore }));

/**
 * /, /{appId} and /products: the product grid of the signed-in customer's store. An app id that
 * is not that store's (a mistyped address, another store) gets a page that says so, never the
 * signed-in store's products under another name.
 */
export function HomeRoute() {
  const { appId } = useParams();
  const session = useSession();
  if (appId && session && appId !== session.claims.app_id) {
    return (
      <Suspense fallback={null}>
        <OtherStore appId={appId} />
      </Suspense>
    );
  }
  return (
    <Stack>
      <Title order={2}>Products</Title>
      <ProductCatalog />
    </Stack>
  );
}
