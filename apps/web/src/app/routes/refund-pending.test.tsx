import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderLine, Payment } from '@store/contract/client';
import { makePayment, makeProduct } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { RefundPendingRoute } from './refund-pending';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const product = makeProduct({ name: 'Batik Shirt' });
const paymentWith = (status: OrderLine['status']): Payment =>
  makePayment({
    status: status === 'REFUND_SUCCEEDED' ? 'REFUND_SUCCEEDED' : 'REFUND_PENDING',
    orders: [
      {
        id: 'line_1',
        product_id: product.id,
        quantity: 1,
        price: 150_000,
        currency: 'IDR',
        status,
        product,
      },
    ],
  });

function openRefundPending() {
  renderRoutes(
    [{ path: '/refunds/pending', element: <RefundPendingRoute /> }],
    '/refunds/pending?payment_id=pay_1&orders=line_1',
  );
}

describe('Refund pending', () => {
  it('checks the payment first, so a settled refund never reads as pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchStub.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    openRefundPending();

    expect(screen.getByRole('status', { name: 'Checking your refund' })).toBeInTheDocument();
    expect(screen.queryByText('Refund Pending')).not.toBeInTheDocument();

    answer(Response.json(paymentWith('REFUND_SUCCEEDED')));
    expect(await screen.findByText('Refund Succeeded')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your refund' })).not.toBeInTheDocument();
  });

  it('says Refund Pending once the payment shows the refund under way', async () => {
    fetchStub.mockResolvedValue(Response.json(paymentWith('REFUND_PENDING')));
    openRefundPending();

    expect(await screen.findByText('Refund Pending')).toBeInTheDocument();
    expect(
      screen.getByText('Your refund is being processed. This may take a few moments.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your refund' })).not.toBeInTheDocument();
  });
});
