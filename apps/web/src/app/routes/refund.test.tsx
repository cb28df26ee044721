import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPaymentQueryOptions } from '@/features/payments/api/get-payment';
import { makePayment, makeProduct } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { RefundRoute } from './refund';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const product = makeProduct({ id: 'prod-1', name: 'Batik Shirt' });
const payment = makePayment({
  orders: [
    {
      id: 'line_1',
      product_id: product.id,
      quantity: 1,
      price: 150_000,
      currency: 'IDR',
      status: 'PAID',
      product,
    },
  ],
});

describe('Refund', () => {
  it('sends one refund for a double click', async () => {
    // The first refund is still on its way when the second press lands.
    fetchStub.mockImplementation(() => new Promise<Response>(() => undefined));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getPaymentQueryOptions(payment.id).queryKey, payment);
    renderRoutes(
      [{ path: '/payments/:paymentId/refund', element: <RefundRoute /> }],
      `/payments/${payment.id}/refund`,
      queryClient,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Batik Shirt' }));
    const refund = screen.getByRole('button', { name: 'Refund' });
    // Both presses before the screen renders the first as pending.
    fireEvent.click(refund);
    fireEvent.click(refund);
    const refundCalls = () =>
      fetchStub.mock.calls.filter(([url]) => String(url).includes('/refund')).length;
    await vi.waitFor(() => expect(refundCalls()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refundCalls()).toBe(1);
  });
});
