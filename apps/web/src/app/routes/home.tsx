import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ProductCatalog } from '@/features/products/components/product-catalog';
import { useSession } from '@/lib/session';
import { StoreNotFound, useStoreLookup } from '../store-not-found';

/**
 * /, /{appId} and /products: the product grid of the signed-in customer's store. An app id that
 * is not that store's (a mistyped address, another store) gets a page that says so, never the
 * signed-in store's products under another name.
 */
export function HomeRoute() {
  const { appId } = useParams();
  const session = useSession();
  if (appId && session && appId !== session.claims.app_id) return <OtherStore appId={appId} />;
  return (
    <Stack>
      <Title order={2}>Products</Title>
      <ProductCatalog />
    </Stack>
  );
}

function OtherStore({ appId }: { appId: string }) {
  const store = useStoreLookup(appId);
  if (store === 'checking') return <PageLoader />;
  return <StoreNotFound appId={appId} exists={store === 'found'} />;
}
