import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ErrorDialog } from './error-dialog';

const refused = new ApiError(
  'CHANNEL_UNAVAILABLE',
  'The e-wallet is unavailable; try again later',
  {
    status: 422,
    response: {
      request: {
        method: 'POST',
        url: 'http://localhost/v3/payment_requests',
        headers: {},
        data: {},
      },
      response: { status: 503, headers: {}, data: { error_code: 'CHANNEL_UNAVAILABLE' } },
      started_at: '2026-12-07T06:00:00.000Z',
      duration_ms: 12,
    },
  },
);

/** An action's error dialog, closed by its close button or Escape. */
function FailedAction() {
  const [opened, setOpened] = useState(true);
  return (
    <ErrorDialog
      opened={opened}
      title="Refund failed"
      error={refused}
      onClose={() => setOpened(false)}
    />
  );
}

describe('a modal opened over another', () => {
  it('takes Escape alone: the request and response viewer closes, the error dialog stays', async () => {
    renderWithProviders(<FailedAction />);
    const errorDialog = await screen.findByRole('dialog', { name: 'Refund failed' });
    const view = screen.getByRole('button', { name: 'View Xendit Request and Response' });
    await userEvent.click(view);
    const viewer = await screen.findByRole('dialog', { name: 'Xendit Request and Response' });

    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(viewer).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());
    expect(errorDialog).toBeVisible();
  });
});
