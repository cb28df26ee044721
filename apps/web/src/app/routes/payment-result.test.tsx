import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Payment } from '@store/contract/client';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { PaymentFailureRoute } from './payment-failure';
import { PaymentSuccessRoute } from './payment-success';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const failed = {
  id: 'pay_1',
  amount: 150_000,
  currency: 'IDR',
  country: 'ID',
  channel: 'DANA',
  channel_name: 'DANA',
  reference_id: 'pay_1',
  type: 'PAY',
  status: 'FAILED',
  failure_code: 'USER_DECLINED_PAYMENT',
  orders: [],
  voucher: null,
  actions: [],
  channel_properties: {},
  payment_method_id: null,
  created: '2026-12-06T00:00:00.000Z',
  updated: '2026-12-06T00:00:00.000Z',
} as unknown as Payment;

const routes = [
  { path: '/payments/success', element: <PaymentSuccessRoute /> },
  { path: '/payments/failure', element: <PaymentFailureRoute /> },
];

describe('Payment result pages', () => {
  it('say nothing of a signed-in customer’s payment while it is read, then show the page it belongs on', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchStub.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { location } = renderRoutes(routes, '/payments/success?payment_id=pay_1');
    expect(await screen.findByRole('status', { name: 'Checking your payment' })).toBeVisible();
    expect(screen.queryByText('Payment Successful!')).toBeNull();

    answer(Response.json(failed));
    expect(await screen.findByText('Payment Failed')).toBeVisible();
    expect(location().pathname).toBe('/payments/failure');
    await waitFor(() => expect(screen.queryByText('Payment Successful!')).toBeNull());
  });
});
