import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PaymentMethod } from '@store/contract/client';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { paidSubscriptionsNote } from '../utils/paid-subscriptions-note';
import { PaymentMethodsList } from './payment-methods-list';

const fetchStub = vi.fn<typeof fetch>();

function method(id: string, overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id,
    channel: 'DANA',
    channel_name: 'DANA',
    country: 'ID',
    code: 'DANA',
    status: 'ACTIVE',
    actions: [],
    properties: [],
    details: null,
    failure_code: null,
    payment_id: null,
    created: '2026-12-01T10:00:00.000Z',
    xendit_operations: [],
    config: null,
    ...overrides,
  };
}

/** The API's pages: the newest method, then, after the cursor, an older one. */
function answerPages() {
  fetchStub.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://store.test');
    if (init?.method === 'POST' && url.pathname === '/api/payment_methods/pm_older/cancel') {
      return Response.json(method('pm_older', { status: 'CANCELED' }));
    }
    if (url.pathname !== '/api/payment_methods') return new Response(null, { status: 404 });
    return url.searchParams.get('cursor') === 'after-newest'
      ? Response.json({ payment_methods: [method('pm_older')], next_cursor: null })
      : Response.json({ payment_methods: [method('pm_newest')], next_cursor: 'after-newest' });
  });
}

function renderList(queryClient = createTestQueryClient()) {
  renderWithProviders(
    <MemoryRouter>
      <PaymentMethodsList onViewLogs={() => {}} />
    </MemoryRouter>,
    queryClient,
  );
}

/** Loads the second page and unlinks its method, confirming; answers the method's row. */
async function unlinkOlderMethod() {
  await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
  const older = await screen.findByRole('listitem', { name: 'Payment method pm_older' });
  await userEvent.click(within(older).getByRole('button', { name: 'Unlink' }));
  const confirm = await screen.findByRole('dialog', { name: 'Unlink this payment method?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
  return older;
}

const listCalls = () =>
  fetchStub.mock.calls
    .map(([input]) => new URL(String(input), 'http://store.test'))
    .filter((url) => url.pathname === '/api/payment_methods');

describe('Payment methods list', () => {
  stubSignedInFetch(fetchStub);

  it('reads a page at a time, the next from where the last ended, until there is no more', async () => {
    answerPages();
    renderList();
    expect(await screen.findByRole('listitem', { name: 'Payment method pm_newest' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Payment method pm_older' })).toBeNull();
    expect(listCalls()[0]?.searchParams.get('with_config')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Payment method pm_older' })).toBeVisible();
    expect(listCalls().at(-1)?.searchParams.get('cursor')).toBe('after-newest');
    expect(screen.getByRole('listitem', { name: 'Payment method pm_newest' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows an unlinked method of a later page as CANCELED at once, the focus on it', async () => {
    answerPages();
    renderList();
    const older = await unlinkOlderMethod();
    await waitFor(() =>
      expect(within(older).getByRole('button', { name: 'CANCELED' })).toBeDisabled(),
    );
    // The Unlink button the focus would go back to is gone: the method's name takes it, not the
    // top of the page.
    await waitFor(() => expect(within(older).getByText('DANA')).toHaveFocus());
  });

  it('moves the focus to the method when the unlink answers after the confirmation has closed', async () => {
    // The answer comes after the confirmation has closed and given the focus back (to the page's
    // body: the Unlink button is disabled while the unlink runs).
    answerPages();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const answerPagesOnly = fetchStub.getMockImplementation();
    fetchStub.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await answered;
      return answerPagesOnly!(input, init);
    });
    renderList();
    const older = await unlinkOlderMethod();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    answer();
    await waitFor(() =>
      expect(within(older).getByRole('button', { name: 'CANCELED' })).toBeDisabled(),
    );
    await waitFor(() => expect(within(older).getByText('DANA')).toHaveFocus());
  });

  it('says which subscriptions an ACTIVE method pays before Unlink, and reads them again once it is unlinked', async () => {
    const kopi = { id: 'sub_kopi', product_name: 'Kopi Arabica Beans', status: 'ACTIVE' as const };
    const note =
      'Pays your subscription to Kopi Arabica Beans; unlinking it also cancels that subscription.';
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://store.test');
      if (init?.method === 'POST' && url.pathname === '/api/payment_methods/pm_paying/cancel') {
        return Response.json(method('pm_paying', { status: 'CANCELED', open_subscriptions: [] }));
      }
      if (url.pathname !== '/api/payment_methods') return new Response(null, { status: 404 });
      return Response.json({
        payment_methods: [
          method('pm_paying', { open_subscriptions: [kopi] }),
          method('pm_idle', { open_subscriptions: [] }),
        ],
        next_cursor: null,
      });
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['subscriptions', 'list'], { pages: [], pageParams: [] });
    renderList(queryClient);

    const paying = await screen.findByRole('listitem', { name: 'Payment method pm_paying' });
    expect(within(paying).getByText(note)).toBeVisible();
    expect(within(paying).getByRole('button', { name: 'Unlink' })).toHaveAccessibleDescription(
      note,
    );
    const idle = screen.getByRole('listitem', { name: 'Payment method pm_idle' });
    expect(within(idle).queryByText(/Pays your subscription/)).toBeNull();

    await userEvent.click(within(paying).getByRole('button', { name: 'Unlink' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlink this payment method?' });
    expect(within(confirm).getByText(/unlinking it also cancels that subscription/)).toBeVisible();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(within(paying).getByRole('button', { name: 'CANCELED' })).toBeDisabled(),
    );
    expect(within(paying).queryByText(note)).toBeNull();
    expect(queryClient.getQueryState(['subscriptions', 'list'])?.isInvalidated).toBe(true);
  });

  it('names every subscription a method pays', () => {
    expect(
      paidSubscriptionsNote({
        status: 'ACTIVE',
        open_subscriptions: [
          { id: 'sub_1', product_name: 'Kopi Arabica Beans', status: 'ACTIVE' },
          { id: 'sub_2', product_name: 'Dot Grid Notebook', status: 'PENDING' },
        ],
      }),
    ).toBe(
      'Pays your subscriptions to Kopi Arabica Beans and Dot Grid Notebook; unlinking it also cancels those subscriptions.',
    );
  });

  it('waits, showing no error, while an expired session is being ended', async () => {
    fetchStub.mockResolvedValue(
      Response.json(
        { error_code: 'TOKEN_EXPIRED_ERROR', message: 'The session token has expired' },
        { status: 401 },
      ),
    );
    renderList();
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status', { name: 'Loading payment methods' })).toBeVisible();
    expect(screen.queryByText('TOKEN_EXPIRED_ERROR')).toBeNull();
  });
});
