import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';

function AskFirst({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Cancel payment
      </button>
      <ConfirmDialog
        opened={asking}
        title="Cancel this payment?"
        message="The payment will be cancelled."
        confirmLabel="Cancel payment"
        onConfirm={onConfirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('acts once on a double click of its confirming button, and again when asked again', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<AskFirst onConfirm={onConfirm} />);
    for (const time of [1, 2]) {
      await userEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
      const confirm = await within(dialog).findByRole('button', { name: 'Cancel payment' });
      // Both presses land before the dialog has closed, as a fast double click does.
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      expect(onConfirm).toHaveBeenCalledTimes(time);
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
    }
  });
});
