import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { ConfirmDialog } from './confirm-dialog';
import { focusIsLost } from './focus-return';

/** A button that asks first, as Cancel subscription and Unlink do; the dialog's code loads lazily. */
function AskFirst() {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Cancel subscription
      </button>
      <ConfirmDialog
        opened={asking}
        title="Cancel this subscription?"
        message="No further cycles will be charged."
        confirmLabel="Cancel subscription"
        onConfirm={() => {}}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives the keyboard back to the button that opened a lazily loaded dialog, the first time too', async () => {
    renderWithProviders(<AskFirst />);
    const opener = screen.getByRole('button', { name: 'Cancel subscription' });

    for (const time of ['first', 'second']) {
      await userEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
      await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await waitFor(() => expect(opener, `after the ${time} close`).toHaveFocus());
    }
  });

  it("leaves the keyboard in the dialog just opened under React's StrictMode rehearsal", async () => {
    renderWithProviders(
      <StrictMode>
        <AskFirst />
      </StrictMode>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // A give-back the rehearsal scheduled would come 10 ms after it: well past that, still here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('focusIsLost', () => {
  it('counts a button disabled while it had the focus as lost, and an enabled one as placed', () => {
    // jsdom, like some browsers, leaves the focus on a button disabled under it: the Unlink button
    // a confirmation gave the focus back to, turned into a disabled CANCELED one by the answer.
    renderWithProviders(<button type="button">Unlink</button>);
    const button = screen.getByRole('button', { name: 'Unlink' });
    button.focus();
    expect(focusIsLost()).toBe(false);
    button.setAttribute('disabled', '');
    expect(button).toHaveFocus();
    expect(focusIsLost()).toBe(true);
  });
});
