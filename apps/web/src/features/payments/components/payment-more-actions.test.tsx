import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePayment } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubSignedInFetch } from '@/test/signed-in-fetch';
import { useCancelPayment } from '../api/payment-mutations';
import { PaymentMoreActions } from './payment-more-actions';

const fetchStub = vi.fn<typeof fetch>();
stubSignedInFetch(fetchStub);

const refusal = {
  error_code: 'INELIGIBLE_TRANSACTION_STATUS',
  message: 'The payment can no longer be cancelled',
  response: {
    request: {
      method: 'POST',
      url: 'http://localhost/v3/payments/py-1/cancel',
      headers: {},
      data: {},
    },
    response: { status: 400, headers: {}, data: { error_code: 'INELIGIBLE_TRANSACTION_STATUS' } },
    started_at: '2026-12-07T06:00:00.000Z',
    duration_ms: 12,
  },
};

/** The row's More actions once the customer's Cancel was refused by the provider. */
function RefusedCancel() {
  const cancel = useCancelPayment();
  const { mutate } = cancel;
  useEffect(() => mutate('pay_1'), [mutate]);
  return (
    <PaymentMoreActions payment={makePayment({ status: 'REQUIRES_ACTION' })} cancel={cancel} />
  );
}

describe('Cancel failed', () => {
  it('stays open when Escape closes its request and response viewer', async () => {
    fetchStub.mockResolvedValue(Response.json(refusal, { status: 409 }));
    renderWithProviders(<RefusedCancel />);

    const failed = await screen.findByRole('dialog', { name: 'Cancel failed' });
    expect(failed).toHaveTextContent('INELIGIBLE_TRANSACTION_STATUS');
    await userEvent.click(screen.getByRole('button', { name: 'View Xendit Request and Response' }));
    const viewer = await screen.findByRole('dialog', { name: 'Xendit Request and Response' });
    await userEvent.keyboard('{Escape}');

    await vi.waitFor(() => expect(viewer).not.toBeInTheDocument());
    expect(failed).toBeVisible();
  });
});
