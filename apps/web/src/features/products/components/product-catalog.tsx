import { useDeferredValue } from 'react';
import { Text } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { endsSession } from '@/lib/query-client';
import { useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

export function ProductCatalog() {
  const products = useProducts();
  // The query cache ends the session (lib/query-client.ts); the list shows empty meanwhile.
  const sessionEnded = endsSession(products.error);
  // The grid is the screen's biggest render: deferred, React renders it in slices between which
  // the page stays responsive, and shows the skeleton until it is done.
  const shownProducts = useDeferredValue(products.data?.products);

  if (products.isPending) return <ProductGridSkeleton />;
  if (sessionEnded) return <ProductGrid products={[]} />;
  // A failed background refresh keeps showing the list already loaded.
  if (products.data === undefined) return <ErrorPanel error={products.error} />;
  if (products.data.products.length === 0) return <Text>No products yet.</Text>;
  if (shownProducts === undefined) return <ProductGridSkeleton />;
  return <ProductGrid products={shownProducts} />;
}
