import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProductQueryOptions } from '@/features/products/api/get-product';
import { cartStorageKey } from '@/features/cart/stores/cart-store';
import { setToken } from '@/lib/session';
import { demoClaims, makeProduct, makeToken } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import type { CatalogProduct } from '@store/contract/client';
import { ProductRoute } from './product';

const product = makeProduct({ id: 'prod-1', name: 'Batik Shirt' });

function renderProduct(shown: CatalogProduct = product, search = '') {
  const queryClient = createTestQueryClient();
  // The product is already cached, so the screen renders without calling the API.
  queryClient.setQueryData(getProductQueryOptions(product.id).queryKey, shown);
  return renderRoutes(
    [{ path: '/products/:productId', element: <ProductRoute /> }],
    `/products/${product.id}${search}`,
    queryClient,
  );
}

describe('Product detail', () => {
  // A cart belongs to the store signed in to.
  beforeEach(() => setToken(makeToken(demoClaims)));

  it('shows the product and switches Add to Cart to Added to Cart, opening the cart drawer', async () => {
    renderProduct();
    expect(screen.getByRole('heading', { name: 'Batik Shirt' })).toBeInTheDocument();
    expect(screen.getByText('IDR 150.000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Batik Shirt')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-total')).toHaveTextContent('IDR 150.000');
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')).toHaveLength(1);
    // The open drawer hides the page from assistive technology, hence `hidden`.
    const added = screen.getByRole('button', { name: 'Added to Cart', hidden: true });
    expect(added).toHaveAttribute('aria-disabled', 'true');
    // The drawer gives the keyboard back to it when it closes.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(added).toHaveFocus());
  });

  it('reads Added to Cart for a product already in the cart', async () => {
    localStorage.setItem(
      cartStorageKey,
      JSON.stringify([
        {
          app_id: 'demo-id',
          customer_id: demoClaims.customer_id,
          product_id: product.id,
          quantity: 1,
          product,
        },
      ]),
    );
    renderProduct();
    const added = screen.getByRole('button', { name: 'Added to Cart' });
    expect(added).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    // Pressed, it adds nothing and opens nothing.
    await userEvent.click(added);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(cartStorageKey) ?? '[]')).toHaveLength(1);
  });

  it('offers Subscribe beside Add to Cart, with the amount per cycle, for a product sold by subscription', () => {
    renderProduct({
      ...product,
      subscription: { interval: 'WEEK', interval_count: 2, amount: 140_000 },
    });
    expect(screen.getByText('IDR 140.000 every 2 weeks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('offers no Subscribe for a product sold only once', () => {
    renderProduct();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(screen.queryByText(/every/)).not.toBeInTheDocument();
  });

  it('coming back from saving a method, opens Subscribe; closed, a reload does not open it again', async () => {
    const { location } = renderProduct(
      { ...product, subscription: { interval: 'MONTH', interval_count: 1, amount: 140_000 } },
      '?subscribe=1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Batik Shirt' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(location().search).toBe('');
  });
});
