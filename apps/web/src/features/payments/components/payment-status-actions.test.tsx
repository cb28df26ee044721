import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePayment } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { getPaymentsQueryOptions } from '../api/get-payments';
import { OrdersList } from './orders-list';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const waiting = makePayment({
  channel: 'DANA',
  status: 'REQUIRES_ACTION',
  actions: [
    {
      type: 'REDIRECT_CUSTOMER',
      descriptor: null,
      value: 'http://localhost:4010/pages/pay/pr-1',
      paymentCode: null,
    },
  ],
});

describe('PaymentStatusActions', () => {
  it('gives the keyboard to the payment once Cancel payment has taken its buttons away', async () => {
    const cancelled = { ...waiting, status: 'CANCELLED' as const, actions: [] };
    // The cancel, then the list read again with the payment as the store now has it.
    fetchStub.mockImplementation((input) =>
      Promise.resolve(
        Response.json(
          String(input).endsWith('/cancel')
            ? cancelled
            : { payments: [cancelled], next_cursor: null },
        ),
      ),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getPaymentsQueryOptions().queryKey, {
      pages: [{ payments: [waiting], next_cursor: null }],
      pageParams: [undefined],
    });
    renderRoutes(
      [{ path: '/orders', element: <OrdersList onViewLogs={() => {}} /> }],
      '/orders',
      queryClient,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for pay_1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel payment' }));

    const order = screen.getByRole('listitem', { name: 'Order pay_1' });
    await vi.waitFor(() => expect(order).toHaveFocus());
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Continue Payment' })).not.toBeInTheDocument(),
    );
  });
});
