import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { makePayment } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { stillWaitingAfterMs } from '@/features/payments/components/still-waiting-note';
import { PaymentPendingRoute } from './payment-pending';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const waitingOnWalletPage = makePayment({
  channel: 'DANA',
  channel_name: 'DANA',
  status: 'REQUIRES_ACTION',
  actions: [
    {
      type: 'REDIRECT_CUSTOMER',
      descriptor: 'WEB_URL',
      value: 'https://provider.example/pages/ewallet/pr-1',
      paymentCode: null,
    },
  ],
});

function openPending() {
  renderRoutes(
    [{ path: '/payments/pending', element: <PaymentPendingRoute /> }],
    '/payments/pending?payment_id=pay_1',
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Payment Pending for a payment still waiting on the provider’s page', () => {
  it('says so after a few seconds, with Continue Payment, beside the specification’s words', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchStub.mockImplementation(async () => Response.json(waitingOnWalletPage));
    openPending();
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    expect(
      screen.getByText('Your payment is being processed. This may take a few moments.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Still waiting for you')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(stillWaitingAfterMs);
    });
    expect(await screen.findByText('Still waiting for you')).toBeInTheDocument();
    expect(screen.getByText(/Payment pay_1 \(DANA\) is still waiting for you/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue Payment' })).toBeEnabled();
  });

  it('says nothing of a code paid away from the store, which Simulate Payment sends here', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchStub.mockImplementation(async () =>
      Response.json(
        makePayment({
          status: 'REQUIRES_ACTION',
          actions: [
            {
              type: 'PRESENT_TO_CUSTOMER',
              descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
              value: '8808123456789012',
              paymentCode: '8808123456789012',
            },
          ],
        }),
      ),
    );
    openPending();
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(stillWaitingAfterMs * 2);
    });
    expect(screen.queryByText('Still waiting for you')).not.toBeInTheDocument();
  });
});
