import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { AccountMenu } from './account-menu';
import { useScreenFocus } from './screen-focus';

function Shell() {
  useScreenFocus();
  return (
    <>
      <header>
        <AccountMenu onSignOut={() => {}} />
      </header>
      <main>
        <Routes>
          <Route path="/" element={<h2>Products</h2>} />
          <Route path="/settings/account" element={<h2>Account Settings</h2>} />
        </Routes>
      </main>
    </>
  );
}

describe('AccountMenu', () => {
  it('gives the keyboard back to the Account button on Escape at its first open too', async () => {
    // The shell mounts the menu already open at the first press of Account (its own chunk), so
    // Mantine never saw it open and remembers no opener of its own.
    renderWithProviders(
      <MemoryRouter>
        <Shell />
      </MemoryRouter>,
    );
    const account = screen.getByRole('button', { name: 'Account' });
    await screen.findByRole('menu', { hidden: true });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(account).toHaveFocus());
  });

  it("leaves the keyboard on the chosen screen's heading, and on the Account button after Escape or when the screen shown is chosen", async () => {
    renderWithProviders(
      <MemoryRouter>
        <Shell />
      </MemoryRouter>,
    );
    // Opened again after the first close, the menu remembers the Account button as its opener.
    const account = screen.getByRole('button', { name: 'Account' });
    await userEvent.click(account);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(account);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(account).toHaveFocus());
    await userEvent.click(account);
    // Reopened, jsdom leaves the menu at its transition's start: hidden to the accessibility tree.
    const item = await screen.findByRole('menuitem', { name: 'Account Settings', hidden: true });
    await userEvent.click(item);

    const heading = screen.getByRole('heading', { name: 'Account Settings' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // A give-back to the opener would come 10 ms after the close: well past that, still here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).toHaveFocus();

    // The screen shown chosen again: nothing takes the keyboard, so the Account button has it.
    await userEvent.click(account);
    const again = await screen.findByRole('menuitem', { name: 'Account Settings', hidden: true });
    await userEvent.click(again);
    await waitFor(() => expect(account).toHaveFocus());
    expect(heading).toBeInTheDocument();
  });
});
