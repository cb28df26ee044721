import { useDeferredValue, useEffect } from 'react';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { screenPaths, errorCodes } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { isApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** Errors on the product list that mean the session no longer stands (specification section 8). */
function endsSession(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.error_code === errorCodes.tokenExpired ||
      error.error_code === errorCodes.customerNotFound)
  );
}

export function ProductCatalog() {
  const products = useProducts();
  const navigate = useNavigate();
  const sessionEnded = endsSession(products.error);
  // The grid is the screen's biggest render: deferred, React renders it in slices between which
  // the page stays responsive, and shows the skeleton until it is done.
  const shownProducts = useDeferredValue(products.data?.products);

  useEffect(() => {
    if (sessionEnded) {
      clearSession();
      navigate(screenPaths.login, { replace: true });
    }
  }, [sessionEnded, navigate]);

  if (products.isPending) return <ProductGridSkeleton />;
  if (sessionEnded) return <ProductGrid products={[]} />;
  // A failed background refresh keeps showing the list already loaded.
  if (products.data === undefined) return <ErrorPanel error={products.error} />;
  if (products.data.products.length === 0) return <Text>No products yet.</Text>;
  if (shownProducts === undefined) return <ProductGridSkeleton />;
  return <ProductGrid products={shownProducts} />;
}
