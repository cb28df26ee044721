import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { rememberHostedPayment } from '@/features/checkout/utils/hosted-checkout-cart';
import { rememberSaveChoice, savePaymentMethodChosen } from '@/features/checkout/utils/save-choice';
import { chosenVoucherId, rememberVoucher } from '@/features/vouchers/stores/chosen-voucher';
import { makePayment } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { PaymentFailureRoute } from './payment-failure';
import { PaymentSuccessRoute } from './payment-success';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const failed = makePayment({
  channel: 'DANA',
  channel_name: 'DANA',
  status: 'FAILED',
  failure_code: 'USER_DECLINED_PAYMENT',
});

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

describe('Payment result pages for a payment the customer does not have', () => {
  it('go to Payment Failed and show it', async () => {
    fetchStub.mockImplementation(async () =>
      Response.json(
        { error_code: 'NOT_FOUND', message: 'Payment pay_x not found' },
        { status: 404 },
      ),
    );
    const { location } = renderRoutes(routes, '/payments/success?payment_id=pay_x');
    expect(await screen.findByText('Payment Failed')).toBeVisible();
    expect(location().pathname).toBe('/payments/failure');
    // It may have been paid in another account (signed out and in again in another tab): the
    // page says so beside the specification's words, so the customer looks before paying again.
    expect(
      await screen.findByText(/^There is no payment pay_x in the account you are signed in to\./),
    ).toBeVisible();
  });
});

describe('Payment Successful! after the hosted checkout', () => {
  it('forgets the voucher and the Save Payment Method? choice made for the order it paid', async () => {
    fetchStub.mockImplementation(() => Promise.resolve(Response.json(makePayment())));
    rememberHostedPayment('pay_1');
    rememberVoucher('v-hemat10');
    rememberSaveChoice(true);
    renderRoutes(routes, '/payments/success?payment_id=pay_1');
    expect(await screen.findByText('Payment Successful!')).toBeVisible();
    await waitFor(() => expect(chosenVoucherId()).toBeNull());
    expect(savePaymentMethodChosen()).toBe(false);
  });
});
