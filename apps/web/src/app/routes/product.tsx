import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { screenPaths, errorCodes, type Product } from '@store/contract/client';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useCart } from '@/features/cart/stores/cart-store';
import { useProduct } from '@/features/products/api/get-product';
import {
  ProductDetail,
  ProductDetailSkeleton,
} from '@/features/products/components/product-detail';
import { isApiError } from '@/lib/api-client';

// The drawer (with the modal code) is a chunk of its own, fetched on the first Add to Cart.
const CartDrawer = lazy(async () => ({
  default: (await import('@/features/cart/components/cart-drawer')).CartDrawer,
}));

// So is the Subscribe dialog, fetched when first opened.
const SubscribeFlow = lazy(async () => ({
  default: (await import('../subscribe-flow')).SubscribeFlow,
}));

/**
 * /products/{productId}: the product, Add to Cart, and the cart in a side drawer; a product sold by
 * subscription also offers Subscribe (`?subscribe=1` opens its dialog, coming back from saving a
 * method).
 */
export function ProductRoute() {
  const { productId = '' } = useParams();
  const [search] = useSearchParams();
  const product = useProduct(productId);
  const cart = useCart();
  const [drawerOpen, drawer] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [subscribing, setSubscribing] = useState(search.get('subscribe') === '1');

  if (product.isPending) return <ProductDetailSkeleton />;
  // An id the catalogue does not have is a missing product: back to the list (specification).
  if (isApiError(product.error) && product.error.error_code === errorCodes.notFound) {
    return <Navigate to={screenPaths.products} replace />;
  }
  // A failed background refresh keeps showing the product already loaded.
  if (product.data === undefined) return <ErrorPanel error={product.error} />;
  const item = product.data;

  function addToCart(item: Product) {
    cart.add(item);
    setDrawerWanted(true);
    drawer.open();
  }

  return (
    <>
      <ProductDetail
        product={item}
        inCart={cart.lines.some((line) => line.product_id === item.id)}
        onAddToCart={addToCart}
        subscribeAction={
          <Button variant="outline" onClick={() => setSubscribing(true)}>
            Subscribe
          </Button>
        }
      />
      {subscribing && item.subscription && (
        <Suspense fallback={null}>
          <SubscribeFlow
            product={item}
            terms={item.subscription}
            onClose={() => setSubscribing(false)}
          />
        </Suspense>
      )}
      {drawerWanted && (
        <Suspense fallback={null}>
          <CartDrawer opened={drawerOpen} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
