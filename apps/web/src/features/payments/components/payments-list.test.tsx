import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Payment } from '@store/contract/client';
import { navigationFocusAttribute } from '@/components/focus-return';
import { makePayment } from '@/test/fixtures';
import { createTestQueryClient, renderRoutes } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { getPaymentsQueryOptions } from '../api/get-payments';
import { PaymentsList } from './payments-list';

const fetchStub = vi.fn<typeof fetch>();

const newest = [makePayment({ id: 'pay_3' }), makePayment({ id: 'pay_2' })];

/** /payments with the newest payments read, and a link's payment id when given. */
function renderPayments(linkedPaymentId?: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(getPaymentsQueryOptions().queryKey, {
    pages: [{ payments: newest, next_cursor: 'older' }],
    pageParams: [undefined],
  });
  renderRoutes(
    [
      {
        path: '/payments',
        element: <PaymentsList onViewLogs={() => {}} linkedPaymentId={linkedPaymentId} />,
      },
    ],
    '/payments',
    queryClient,
  );
}

const row = (id: string) => screen.getByRole('listitem', { name: `Payment ${id}` });

describe('PaymentsList', () => {
  stubSignedInFetch(fetchStub);

  it('with no payment named, marks none and takes no keyboard', () => {
    renderPayments();
    for (const payment of newest) {
      expect(row(payment.id)).not.toHaveAttribute('aria-current');
      expect(row(payment.id)).not.toHaveFocus();
    }
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says when each payment was made, beside the fields the specification names', () => {
    renderPayments();
    // The fixture's moment, in whichever time zone the test runs: December 5 or 6, 2026.
    expect(row('pay_3')).toHaveTextContent(/CreatedDecember [56], 2026, \d{1,2}:\d{2}:\d{2} [AP]M/);
  });

  it('brings a named payment already listed into view with the keyboard on it', async () => {
    renderPayments('pay_2');
    await waitFor(() => expect(row('pay_2')).toHaveFocus());
    expect(row('pay_2')).toHaveAttribute('aria-current', 'true');
    expect(row('pay_3')).not.toHaveAttribute('aria-current');
    // Listed already: nothing is read again.
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('reads a named payment not on the pages read and shows it above the list', async () => {
    const older: Payment = makePayment({ id: 'pay_1', status: 'REFUND_SUCCEEDED' });
    fetchStub.mockResolvedValue(Response.json(older));
    renderPayments('pay_1');

    const shown = await screen.findByRole('listitem', { name: 'Payment pay_1' });
    await waitFor(() => expect(shown).toHaveFocus());
    expect(shown).toHaveTextContent('REFUND_SUCCEEDED');
    expect(screen.getByText('The payment you opened, further down your payments:')).toBeVisible();
    // Above the newest, which are still listed.
    const rows = screen.getAllByRole('listitem', { name: /^Payment / });
    expect(rows.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Payment pay_1',
      'Payment pay_3',
      'Payment pay_2',
    ]);
    expect(String(fetchStub.mock.calls[0]?.[0])).toMatch(/\/api\/payments\/pay_1$/);
  });

  it('takes the keyboard from the heading the navigation gave it to, not from a control', async () => {
    const older: Payment = makePayment({ id: 'pay_1' });
    fetchStub.mockResolvedValue(Response.json(older));
    // Where app/screen-focus.ts leaves the keyboard after the link to /payments was followed.
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    heading.setAttribute(navigationFocusAttribute, '');
    document.body.append(heading);
    heading.focus();
    renderPayments('pay_1');
    const shown = await screen.findByRole('listitem', { name: 'Payment pay_1' });
    await waitFor(() => expect(shown).toHaveFocus());
    heading.remove();
  });

  it('leaves the keyboard on a control the customer moved it to meanwhile', async () => {
    const older: Payment = makePayment({ id: 'pay_1' });
    let answer: (response: Response) => void = () => {};
    fetchStub.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPayments('pay_1');
    const other = screen.getAllByRole('button', { name: 'View Xendit Logs' })[0];
    other?.focus();
    answer(Response.json(older));
    await screen.findByRole('listitem', { name: 'Payment pay_1' });
    expect(other).toHaveFocus();
  });

  it("says in words that a payment the customer does not have (another's too) is none of theirs", async () => {
    fetchStub.mockResolvedValue(
      Response.json({ error_code: 'NOT_FOUND', message: 'Payment not found' }, { status: 404 }),
    );
    renderPayments('pay_someone_elses');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have no payment with the id pay_someone_elses.',
    );
    expect(screen.queryByRole('listitem', { name: 'Payment pay_someone_elses' })).toBeNull();
    // The customer's own payments are still there.
    expect(row('pay_3')).toBeVisible();
  });

  it('says the same of an id no payment can have, which the store refuses as malformed', async () => {
    const id = 'p'.repeat(65);
    fetchStub.mockResolvedValue(
      Response.json({ error_code: 'VALIDATION_ERROR', message: 'id: Too big' }, { status: 400 }),
    );
    renderPayments(id);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `You have no payment with the id ${id}.`,
    );
  });
});
