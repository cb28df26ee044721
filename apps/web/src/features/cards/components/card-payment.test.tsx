import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardSession, CreateCardPaymentRequest } from '@store/contract/client';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { cardSessionQueryKey } from '../api/get-card-session';
import { CardPayment } from './card-payment';

const fetchStub = vi.fn<typeof fetch>();
let sessionCount = 0;

function cardSession(amount: number): CardSession {
  return {
    id: `cs-${++sessionCount}`,
    type: 'PAY',
    status: 'ACTIVE',
    amount,
    currency: 'IDR',
    payment_id: `pay-${sessionCount}`,
    payment_method_id: null,
    extra_data: { public_key: 'xnd_public_test' },
    created: '2026-01-01T00:00:00.000Z',
  };
}

const line = (product_id: string, price: number) =>
  ({ product_id, quantity: 1, price, currency: 'IDR' }) as const;
// Two orders that cost the same: a mug and a shirt, or a bag.
const mugAndShirt: CreateCardPaymentRequest = {
  orders: [line('id-mug', 89_000), line('id-shirt', 150_000)],
  country: 'ID',
  currency: 'IDR',
  type: 'PAY',
};
const bag: CreateCardPaymentRequest = { ...mugAndShirt, orders: [line('id-bag', 239_000)] };

/** The bodies of POST /payments/cards, in order. */
function cardPaymentBodies(): unknown[] {
  return fetchStub.mock.calls
    .filter(([url, init]) => String(url).endsWith('/payments/cards') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** A checkout whose order the test switches with a button, as a customer changing the order. */
function Checkout({ orders }: { orders: CreateCardPaymentRequest[] }) {
  const [shown, setShown] = useState(0);
  return (
    <>
      {orders.map((_, index) => (
        <button key={index} type="button" onClick={() => setShown(index)}>
          {`Order ${index}`}
        </button>
      ))}
      <CardPayment request={orders[shown] ?? mugAndShirt} onPaid={() => {}} />
    </>
  );
}

function renderCheckout(orders: CreateCardPaymentRequest[], current?: CardSession) {
  const queryClient = createTestQueryClient();
  if (current) queryClient.setQueryData(cardSessionQueryKey, current);
  return renderRoutes(
    [{ path: '/checkout', element: <Checkout orders={orders} /> }],
    '/checkout',
    queryClient,
  );
}

describe('the card session of a checkout', () => {
  stubSignedInFetch(fetchStub);
  beforeEach(() => {
    fetchStub.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/payments/cards') && init?.method === 'POST') {
        return Response.json(cardSession(239_000), { status: 201 });
      }
      return Response.json(
        { error_code: 'CARDS_SESSION_NOT_FOUND', message: 'No card session' },
        { status: 404 },
      );
    });
  });

  it('makes a new session for another order that costs the same', async () => {
    renderCheckout([mugAndShirt, bag]);
    await waitFor(() => expect(cardPaymentBodies()).toEqual([mugAndShirt]));

    await userEvent.click(screen.getByRole('button', { name: 'Order 1' }));

    await waitFor(() => expect(cardPaymentBodies()).toEqual([mugAndShirt, bag]));
  });

  it('keeps the session made for the same order', async () => {
    renderCheckout([mugAndShirt, { ...mugAndShirt, orders: [...mugAndShirt.orders] }]);
    await waitFor(() => expect(cardPaymentBodies()).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Order 1' }));

    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(cardPaymentBodies()).toHaveLength(1);
  });

  it('asks the store for the order when the open session was not made in this page', async () => {
    renderCheckout([mugAndShirt], cardSession(239_000));

    await waitFor(() => expect(cardPaymentBodies()).toEqual([mugAndShirt]));
  });
});

describe('the card session of a checkout, refetched as the app does', () => {
  stubSignedInFetch(fetchStub);

  it('keeps the session it made when an older read of the session answers after it', async () => {
    const made: CardSession[] = [];
    let answerLateRead = () => {};
    const lateReadMayAnswer = new Promise<void>((resolve) => {
      answerLateRead = resolve;
    });
    let reads = 0;
    fetchStub.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/payments/cards') && init?.method === 'POST') {
        const session = cardSession(239_000);
        made.push(session);
        return Response.json(session, { status: 201 });
      }
      reads += 1;
      if (reads === 1) {
        return Response.json(
          { error_code: 'CARDS_SESSION_NOT_FOUND', message: 'No card session' },
          { status: 404 },
        );
      }
      // The read the second form starts on mount was served before its session was made, and
      // its answer (the first form's session) arrives after the new session's.
      await lateReadMayAnswer;
      return Response.json(made[0]);
    });
    // The app's own defaults: a session read is stale at once, so a new form reads it again.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderRoutes(
      [{ path: '/checkout', element: <Checkout orders={[mugAndShirt, bag]} /> }],
      '/checkout',
      queryClient,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());

    await userEvent.click(screen.getByRole('button', { name: 'Order 1' }));

    await waitFor(() => expect(reads).toBe(2));
    await waitFor(() => expect(made).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    // Only now, with the new session made and shown, does the older read answer.
    answerLateRead();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(queryClient.getQueryData(cardSessionQueryKey)).toEqual(made[1]);
    expect(cardPaymentBodies()).toEqual([mugAndShirt, bag]);
  });
});
