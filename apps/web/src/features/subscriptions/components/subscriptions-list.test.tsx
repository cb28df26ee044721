import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscription, SubscriptionCycle } from '@store/contract/client';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { MemoryRouter } from 'react-router';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { getSubscriptionQueryOptions } from '../api/get-subscription';
import { getSubscriptionsQueryOptions } from '../api/get-subscriptions';
import { SubscriptionsList } from './subscriptions-list';

const fetchStub = vi.fn<typeof fetch>();

/** A time zone as the browser names it after a moment: "UTC", "GMT+7", "GMT-3:30". */
const zone = '(UTC|GMT[+-]\\d{1,2}(:\\d\\d)?)';

function cycle(overrides: Partial<SubscriptionCycle>): SubscriptionCycle {
  return {
    id: 'cyc-1',
    cycle_number: 1,
    status: 'SUCCEEDED',
    scheduled_date: '2026-11-01T00:00:00Z',
    amount: 115_000,
    currency: 'IDR',
    attempts: 1,
    next_attempt_date: null,
    failure_code: null,
    failure_reason: null,
    payment_id: 'pay-1',
    created: '2026-11-01T00:00:00Z',
    updated: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

const plan: Subscription = {
  id: 'sub-1',
  status: 'ACTIVE',
  product_id: 'id-kopi-beans',
  product_name: 'Kopi Arabica Beans',
  product_image_url: '/images/products/kopi-beans.svg',
  amount: 115_000,
  currency: 'IDR',
  interval: 'MONTH',
  interval_count: 1,
  payment_method: { id: 'pm-1', channel: 'DANA', channel_name: 'DANA', details: null },
  next_cycle_date: '2026-12-01T12:00:00Z',
  failure_code: null,
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
};

const cycles = [
  cycle({ id: 'cyc-2', cycle_number: 2, status: 'SCHEDULED', payment_id: null }),
  cycle({ id: 'cyc-1', cycle_number: 1 }),
];

function renderList(mode: 'development' | 'live', detail: Subscription) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getSubscriptionsQueryOptions().queryKey, {
    pages: [{ subscriptions: [plan], next_cursor: null }],
    pageParams: [undefined],
  });
  queryClient.setQueryData(getSubscriptionQueryOptions(plan.id).queryKey, detail);
  renderWithProviders(
    <MemoryRouter>
      <SubscriptionsList mode={mode} onViewLogs={() => {}} />
    </MemoryRouter>,
    queryClient,
  );
  return screen.getByRole('listitem', { name: `Subscription ${plan.id}` });
}

describe('Subscriptions list', () => {
  stubSignedInFetch(fetchStub);

  it('shows the plan with its amount per cycle, next cycle and cycles', () => {
    const row = renderList('development', { ...plan, cycles });
    expect(row).toHaveTextContent('IDR 115.000 every month');
    // Dates a charge falls due name their time zone, as payment deadlines do.
    expect(row).toHaveTextContent(
      new RegExp(`Next cycle(November 30|December 1|December 2), 2026, [\\d:]+ [AP]M ${zone}`),
    );
    // So does when it began, read beside them.
    expect(row).toHaveTextContent(
      new RegExp(`Since(October 31|November 1), 2026, [\\d:]+ [AP]M ${zone}`),
    );
    expect(within(row).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(row).getByRole('listitem', { name: 'Cycle 1' })).toHaveTextContent('SUCCEEDED');
    expect(within(row).getByRole('listitem', { name: 'Cycle 2' })).toHaveTextContent('SCHEDULED');
    expect(within(row).getByRole('listitem', { name: 'Cycle 2' })).toHaveTextContent(
      new RegExp(`due (October 31|November 1), 2026, [\\d:]+ [AP]M ${zone}`),
    );
    expect(within(row).getByRole('button', { name: 'Run next cycle now' })).toBeEnabled();
    // The paid cycle's payment is one of the store's payments, and the link goes to that one.
    const paid = within(row).getByRole('listitem', { name: 'Cycle 1' });
    expect(paid).toHaveTextContent('Payment pay-1');
    expect(within(paid).getByRole('link', { name: 'View in Payments' })).toHaveAttribute(
      'href',
      '/payments?payment_id=pay-1',
    );
  });

  it('offers no Run next cycle now in live mode', () => {
    const row = renderList('live', { ...plan, cycles });
    expect(within(row).getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Run next cycle now' })).toBeNull();
  });

  it('says in words why a cycle failed and that the method can be changed', () => {
    const failing = cycle({
      status: 'RETRYING',
      failure_code: 'INSUFFICIENT_BALANCE',
      next_attempt_date: '2026-11-02T12:00:00Z',
      attempts: 1,
      payment_id: null,
    });
    const row = renderList('development', { ...plan, cycles: [failing] });
    const shown = within(row).getByRole('listitem', { name: 'Cycle 1' });
    expect(shown).toHaveTextContent('There was not enough money in the account or wallet.');
    expect(shown).toHaveTextContent(
      new RegExp(`The charge will be tried again on November 2, 2026, [\\d:]+ [AP]M ${zone}\\.`),
    );
    expect(shown).toHaveTextContent('cancel this subscription and subscribe again');
  });

  it('cancels only once the customer confirms', async () => {
    fetchStub.mockResolvedValue(Response.json({ ...plan, status: 'CANCELLED' }));
    const row = renderList('development', { ...plan, cycles });

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    expect(fetchStub).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    await waitFor(() =>
      expect(
        fetchStub.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/subscriptions/sub-1/cancel') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('keeps the keyboard on the plan once its Cancel subscription button has gone', async () => {
    const cancelled: Subscription = { ...plan, status: 'CANCELLED', next_cycle_date: null };
    fetchStub.mockImplementation(async (url) =>
      Response.json(
        String(url).endsWith('/subscriptions/sub-1/cancel') || String(url).endsWith('/sub-1')
          ? { ...cancelled, cycles }
          : { subscriptions: [cancelled], next_cursor: null },
      ),
    );
    const row = renderList('development', { ...plan, cycles });

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Cancel subscription' })).toBeNull(),
    );
    await waitFor(() =>
      expect(within(row).getByRole('heading', { name: plan.product_name })).toHaveFocus(),
    );
  });

  it('with no subscription yet, leads to the products that offer one', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getSubscriptionsQueryOptions().queryKey, {
      pages: [{ subscriptions: [], next_cursor: null }],
      pageParams: [undefined],
    });
    renderWithProviders(
      <MemoryRouter>
        <SubscriptionsList mode="development" onViewLogs={() => {}} />
      </MemoryRouter>,
      queryClient,
    );
    expect(screen.getByText(/^No subscriptions yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
