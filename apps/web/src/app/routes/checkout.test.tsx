import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Channel, Voucher } from '@store/contract/client';
import { cartStorageKey } from '@/features/cart/stores/cart-store';
import { getChannelsQueryOptions } from '@/features/channels/api/get-channels';
import {
  hostedPaymentLeft,
  rememberHostedPayment,
} from '@/features/checkout/utils/hosted-checkout-cart';
import { activePaymentMethodsKey } from '@/features/payment-methods/api/get-payment-methods';
import { getVouchersQueryOptions } from '@/features/vouchers/api/get-vouchers';
import { setToken } from '@/lib/session';
import { demoClaims, makePayment, makeProduct, makeToken } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { CheckoutRoute } from './checkout';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);
afterEach(() => sessionStorage.clear());

const product = makeProduct({ price: { amount: 150_000, currency: 'IDR' } });
const hemat10: Voucher = {
  id: 'v-hemat10',
  code: 'HEMAT10',
  description: 'IDR 10.000 off',
  payment_method_type: null,
  fixed_amount: 10_000,
};
const ovo25: Voucher = {
  id: 'v-ovo25',
  code: 'OVO25',
  description: 'IDR 25.000 off with OVO',
  payment_method_type: 'OVO',
  fixed_amount: 25_000,
};
const dana: Channel = {
  code: 'DANA',
  name: 'DANA',
  country: 'ID',
  currency: 'IDR',
  is_saveable: false,
  creation_workflow_type: 'REDIRECT',
  properties: [],
};

/** Opens /checkout as a reload does: the cart from local storage, the store's lists fetched anew. */
function openCheckout(
  vouchers: Voucher[] = [hemat10, ovo25],
  channels: Channel[] = [dana],
  customerId: string = demoClaims.customer_id,
) {
  localStorage.setItem(
    cartStorageKey,
    JSON.stringify([{ app_id: demoClaims.app_id, customer_id: customerId, product, quantity: 1 }]),
  );
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getVouchersQueryOptions(demoClaims.app_id).queryKey, { vouchers });
  queryClient.setQueryData(getChannelsQueryOptions().queryKey, { channels });
  queryClient.setQueryData(activePaymentMethodsKey, { payment_methods: [], next_cursor: null });
  return renderRoutes(
    [
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/payments/success', element: <p>Paid</p> },
      { path: '/payments/failure', element: <p>Not paid</p> },
    ],
    '/checkout',
    queryClient,
  );
}

async function applyVoucher(code: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Enter voucher code' }));
  await userEvent.click(await screen.findByRole('button', { name: `Apply ${code}` }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

const total = () => screen.getByTestId('order-total');

describe('Checkout voucher', () => {
  it('keeps the chosen voucher across a reload', async () => {
    const first = openCheckout();
    await applyVoucher('HEMAT10');
    expect(total()).toHaveTextContent('140.000');
    first.unmount();

    openCheckout();
    expect(
      await screen.findByRole('button', { name: 'Remove voucher HEMAT10' }),
    ).toBeInTheDocument();
    expect(total()).toHaveTextContent('140.000');
  });

  it('moves the keyboard to Enter voucher code when the voucher is removed', async () => {
    openCheckout();
    await applyVoucher('HEMAT10');
    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher HEMAT10' }));

    expect(screen.queryByRole('button', { name: 'Remove voucher HEMAT10' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enter voucher code' })).toHaveFocus();
  });

  it('forgets the voucher the customer removed', async () => {
    const first = openCheckout();
    await applyVoucher('HEMAT10');
    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher HEMAT10' }));
    first.unmount();

    openCheckout();
    await screen.findByRole('button', { name: 'Enter voucher code' });
    expect(screen.queryByRole('button', { name: /Remove voucher/ })).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('150.000');
  });

  it('refuses, in words, a voucher worth the whole order or leaving its channel an amount it does not take', async () => {
    const ovo: Channel = {
      ...dana,
      code: 'OVO',
      name: 'OVO',
      amount_limits: { min: 100, max: 20_000_000 },
    };
    const almostAll = { ...ovo25, code: 'OVO149', id: 'v-ovo149', fixed_amount: 149_950 };
    const whole = { ...hemat10, code: 'ALL150', id: 'v-all150', fixed_amount: 150_000 };
    for (const [voucher, words] of [
      [almostAll, 'OVO149 leaves an amount OVO does not take for this order.'],
      [whole, 'ALL150 is worth the whole order: a voucher must leave something to pay.'],
    ] as const) {
      const view = openCheckout([voucher], [dana, ovo]);
      await applyVoucher(voucher.code);
      expect(await screen.findByRole('alert')).toHaveTextContent(words);
      expect(screen.queryByRole('button', { name: /Remove voucher/ })).not.toBeInTheDocument();
      expect(total()).toHaveTextContent('150.000');
      view.unmount();
      sessionStorage.clear();
    }
  });

  it('drops a voucher the store no longer lists or that no longer applies', async () => {
    for (const [chosen, vouchers] of [
      // No longer listed.
      ['HEMAT10', [ovo25]],
      // Limited to OVO, which the store no longer offers.
      ['OVO25', [hemat10, ovo25]],
      // Now worth the whole order, which the store refuses.
      ['HEMAT10', [{ ...hemat10, fixed_amount: 150_000 }, ovo25]],
    ] as const) {
      const first = openCheckout([hemat10, ovo25], [dana, { ...dana, code: 'OVO', name: 'OVO' }]);
      await applyVoucher(chosen);
      first.unmount();

      const again = openCheckout([...vouchers]);
      await screen.findByRole('button', { name: 'Enter voucher code' });
      expect(screen.queryByRole('button', { name: /Remove voucher/ })).not.toBeInTheDocument();
      expect(total()).toHaveTextContent('150.000');
      again.unmount();
      sessionStorage.clear();
    }
  });

  it('forgets the voucher once a payment is made with it', async () => {
    fetchStub.mockResolvedValue(Response.json(makePayment({ amount: 140_000, channel: 'DANA' })));
    const first = openCheckout();
    await applyVoucher('HEMAT10');
    await userEvent.click(screen.getByRole('button', { name: /DANA/ }));
    await screen.findByText('Paid');
    const body = JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body)) as { voucher_id?: string };
    expect(body.voucher_id).toBe('v-hemat10');
    first.unmount();

    openCheckout();
    await screen.findByRole('button', { name: 'Enter voucher code' });
    expect(screen.queryByRole('button', { name: /Remove voucher/ })).not.toBeInTheDocument();
  });

  it('back from the hosted checkout unpaid, says the payment is still open and where, until dismissed', async () => {
    rememberHostedPayment('pay_hosted_1');
    const first = openCheckout();
    const note = screen.getByRole('alert');
    expect(note).toHaveTextContent('Your payment was not finished');
    expect(note).toHaveTextContent('Payment pay_hosted_1 stays open');
    expect(note).toHaveTextContent('or choose a way to pay below, which cancels it.');
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your payment was not finished')).toBeNull();
    // Hidden for good, not forgotten: paying another way still cancels it.
    expect(hostedPaymentLeft()).toBe('pay_hosted_1');
    first.unmount();
    openCheckout();
    expect(screen.queryByText('Your payment was not finished')).toBeNull();
  });

  it('cancels the payment left on the hosted checkout once the cart is paid another way', async () => {
    rememberHostedPayment('pay_hosted_1');
    fetchStub.mockResolvedValue(Response.json(makePayment({ amount: 150_000, channel: 'DANA' })));
    openCheckout();
    await userEvent.click(screen.getByRole('button', { name: /DANA/ }));
    await screen.findByText('Paid');
    const calls = fetchStub.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`,
    );
    expect(calls).toContainEqual(
      expect.stringMatching(/^POST .*\/payments\/pay_hosted_1\/cancel$/),
    );
    expect(hostedPaymentLeft()).toBeNull();
  });

  it('keeps the payment left on the hosted checkout when the other way failed at once', async () => {
    rememberHostedPayment('pay_hosted_1');
    fetchStub.mockResolvedValue(
      Response.json(makePayment({ amount: 150_000, channel: 'DANA', status: 'FAILED' })),
    );
    openCheckout();
    await userEvent.click(screen.getByRole('button', { name: /DANA/ }));
    await screen.findByText('Not paid');
    const calls = fetchStub.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`,
    );
    expect(calls.some((call) => call.endsWith('/cancel'))).toBe(false);
  });

  it("tells no other customer signing in on this browser of one's hosted payment", () => {
    rememberHostedPayment('pay_hosted_1');
    setToken(makeToken({ ...demoClaims, customer_id: 'cus_next_customer' }));
    openCheckout(undefined, undefined, 'cus_next_customer');
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByText('Your payment was not finished')).toBeNull();
  });

  it('keeps Save Payment Method? ticked across a reload or a trip to the hosted checkout', async () => {
    const first = openCheckout();
    await userEvent.click(screen.getByLabelText('Save Payment Method?'));
    first.unmount();

    const again = openCheckout();
    expect(screen.getByLabelText('Save Payment Method?')).toBeChecked();
    await userEvent.click(screen.getByLabelText('Save Payment Method?'));
    again.unmount();

    openCheckout();
    expect(screen.getByLabelText('Save Payment Method?')).not.toBeChecked();
  });

  it('does not tick Save Payment Method? for the next customer on this browser', async () => {
    const first = openCheckout();
    await userEvent.click(screen.getByLabelText('Save Payment Method?'));
    first.unmount();
    setToken(makeToken({ ...demoClaims, customer_id: 'cus_next_customer' }));
    openCheckout(undefined, undefined, 'cus_next_customer');
    expect(screen.getByLabelText('Save Payment Method?')).not.toBeChecked();
  });

  it("offers no channel that cannot take the order's amount", async () => {
    // A bank transfer for IDR 1.000.000 and more, and a wallet up to IDR 100.000: IDR 150.000 is
    // too little for the one and too much for the other.
    const bigTransfers: Channel = {
      ...dana,
      code: 'BIG_TRANSFERS',
      name: 'Big transfers',
      amount_limits: { min: 1_000_000, max: 50_000_000 },
    };
    const smallWallet: Channel = {
      ...dana,
      code: 'SMALL_WALLET',
      name: 'Small wallet',
      amount_limits: { min: 1, max: 100_000 },
    };
    openCheckout([], [dana, bigTransfers, smallWallet]);
    expect(await screen.findByRole('button', { name: /DANA/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /BIG_TRANSFERS/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /SMALL_WALLET/ })).toBeNull();
  });

  it('says nothing of a hosted payment when none was left', () => {
    openCheckout();
    expect(screen.queryByText('Your payment was not finished')).toBeNull();
  });
});

describe('Checkout refused', () => {
  it('gives the keyboard back to the channel pressed when Payment failed is closed', async () => {
    let answer = () => {};
    fetchStub.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve(
              Response.json(
                { error_code: 'CHANNEL_UNAVAILABLE', message: 'The e-wallet is unavailable' },
                { status: 422 },
              ),
            );
        }),
    );
    openCheckout();
    const channel = screen.getByRole('button', { name: /DANA/ });
    await userEvent.click(channel);
    await waitFor(() => expect(channel).toBeDisabled());
    // A browser drops the focus of a button that becomes disabled to the body; jsdom keeps it
    // there (and will not blur it), so the focus is dropped by hand.
    const elsewhere = screen.getByRole('button', { name: 'Enter voucher code' });
    elsewhere.focus();
    elsewhere.blur();
    expect(document.activeElement).toBe(document.body);
    answer();
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });

    await userEvent.click(screen.getByRole('button', { name: 'Try Another Payment Method' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(channel).toHaveFocus());
  });
});
