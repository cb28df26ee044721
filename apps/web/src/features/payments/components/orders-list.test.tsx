import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLine } from '@store/contract/client';
import { makePayment, makeProduct } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes, renderWithProviders } from '@/test/render';
import { getPaymentsQueryOptions } from '../api/get-payments';
import { CollapsibleOrderLines, OrdersList } from './orders-list';

function line(id: string, name: string): OrderLine {
  const product = makeProduct({ id: `prod-${id}`, name });
  return {
    id,
    product_id: product.id,
    quantity: 1,
    price: product.price.amount,
    currency: product.price.currency,
    status: 'PAID',
    product,
  };
}

describe('CollapsibleOrderLines', () => {
  it('tells a screen reader whether View More has opened the other lines', async () => {
    renderWithProviders(
      <CollapsibleOrderLines lines={[line('l1', 'Batik Shirt'), line('l2', 'Ceramic Mug')]} />,
    );
    const toggle = screen.getByRole('button', { name: 'View More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toContainElement(screen.getByText('Batik Shirt'));

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'View Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(list).toContainElement(screen.getByText('Ceramic Mug'));
  });
});

describe('OrdersList', () => {
  it('keeps each price on one line, so a phone never puts IDR and the amount apart', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getPaymentsQueryOptions().queryKey, {
      pages: [
        {
          payments: [
            makePayment({
              amount: 300_000,
              status: 'REFUND_SUCCEEDED',
              orders: [
                { ...line('l1', 'Batik Shirt'), status: 'REFUND_SUCCEEDED' },
                line('l2', 'Ceramic Mug'),
              ],
            }),
          ],
          next_cursor: null,
        },
      ],
      pageParams: [undefined],
    });
    renderRoutes(
      [{ path: '/orders', element: <OrdersList onViewLogs={() => {}} /> }],
      '/orders',
      queryClient,
    );

    const prices = await screen.findAllByText(/^IDR [\d.]+$/);
    // The payment's amount, what came back of it and of what total, and the line shown.
    expect(prices.map((price) => price.textContent)).toEqual([
      'IDR 300.000',
      'IDR 150.000',
      'IDR 300.000',
      'IDR 150.000',
    ]);
    for (const price of prices) expect(price).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
