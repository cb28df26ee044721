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

function renderRefund(shown = payment) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getPaymentQueryOptions(payment.id).queryKey, shown);
  renderRoutes(
    [{ path: '/payments/:paymentId/refund', element: <RefundRoute /> }],
    `/payments/${payment.id}/refund`,
    queryClient,
  );
}

describe('Refund', () => {
  it('says why nothing can be selected in a payment with no paid line', () => {
    fetchStub.mockImplementation(() => new Promise<Response>(() => undefined));
    const [line] = payment.orders;
    renderRefund({ ...payment, status: 'FAILED', orders: [{ ...line!, status: 'FAILED' }] });
    expect(screen.getByRole('checkbox', { name: 'Select Batik Shirt' })).toBeDisabled();
    expect(
      screen.getByText(/^Nothing in this payment can be refunded now: .* Its status is FAILED\.$/),
    ).toBeVisible();
  });

  it('sends one refund for a double click', async () => {
    // The first refund is still on its way when the second press lands.
    fetchStub.mockImplementation(() => new Promise<Response>(() => undefined));
    renderRefund();
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

  it('says a refund waiting on another is in progress, not failed, with what to do', async () => {
    fetchStub.mockResolvedValue(
      Response.json(
        {
          error_code: 'REFUND_IN_PROGRESS',
          message: 'Another refund of this payment is still pending',
        },
        { status: 409 },
      ),
    );
    renderRefund();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Batik Shirt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Another refund is in progress' });
    expect(dialog).toHaveTextContent(/still being processed/);
    expect(dialog).toHaveTextContent('REFUND_IN_PROGRESS');
  });

  it('calls any other refusal a failed refund', async () => {
    fetchStub.mockResolvedValue(
      Response.json(
        { error_code: 'API_VALIDATION_ERROR', message: 'orders: bad' },
        { status: 400 },
      ),
    );
    renderRefund();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Batik Shirt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('dialog', { name: 'Refund failed' })).toHaveTextContent(
      'API_VALIDATION_ERROR',
    );
  });
});
