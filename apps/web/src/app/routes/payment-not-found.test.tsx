import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PaymentScreen } from '@/features/payments/components/payment-screen';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { RefundRoute } from './refund';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const notFound = () =>
  Response.json(
    { error_code: 'NOT_FOUND', message: 'Payment pay_nope not found' },
    { status: 404 },
  );

// A payment address that names no payment of the customer's (mistyped, old, another account's):
// the panel says so, and the page offers the ways on that it names.
describe('A payment that is not there', () => {
  for (const { screenName, path, element } of [
    {
      screenName: 'virtual-account screen',
      path: '/payments/pay_nope',
      element: <PaymentScreen paymentId="pay_nope" variant="payment" />,
    },
    {
      screenName: 'payment-code screen',
      path: '/payments/new/pay_nope/paymentcode',
      element: <PaymentScreen paymentId="pay_nope" variant="payment-code" />,
    },
    {
      screenName: 'refund page',
      path: '/payments/pay_nope/refund',
      element: <RefundRoute />,
    },
  ]) {
    it(`leads on to Orders and the shop from the ${screenName}`, async () => {
      fetchStub.mockImplementation(() => Promise.resolve(notFound()));
      renderRoutes(
        [
          { path: '/payments/:paymentId/refund', element },
          { path: '/payments/new/:paymentId/paymentcode', element },
          { path: '/payments/:paymentId', element },
        ],
        path,
      );
      expect(await screen.findByText('Payment pay_nope not found')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
      expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
        'href',
        '/products',
      );
    });
  }
});
