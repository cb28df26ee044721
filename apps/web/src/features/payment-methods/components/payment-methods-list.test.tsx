import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PaymentMethod } from '@store/contract/client';
import { renderWithProviders } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
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

function renderList() {
  renderWithProviders(
    <MemoryRouter>
      <PaymentMethodsList onViewLogs={() => {}} />
    </MemoryRouter>,
  );
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

  it('shows an unlinked method of a later page as CANCELED at once', async () => {
    answerPages();
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const older = await screen.findByRole('listitem', { name: 'Payment method pm_older' });
    await userEvent.click(within(older).getByRole('button', { name: 'Unlink' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unlink this payment method?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(within(older).getByRole('button', { name: 'CANCELED' })).toBeDisabled(),
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
