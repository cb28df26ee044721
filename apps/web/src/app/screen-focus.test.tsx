import { StrictMode, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { navigationFocusAttribute } from '@/components/focus-return';
import { useScreenFocus } from './screen-focus';

let productArrives: () => void = () => {};

/** Its heading comes with its data, as the product screen's does after its skeleton. */
function ProductScreen() {
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    productArrives = () => setLoaded(true);
  }, []);
  if (!loaded) return <p>Loading</p>;
  return (
    <>
      <h2>Sneakers</h2>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

/** The shell: a top bar with the navigation, and the screens in <main>. */
function Store() {
  useScreenFocus();
  return (
    <>
      <header>
        <h1>Xendit Demo Store</h1>
        <nav aria-label="Main">
          <Link to="/orders">Orders</Link>
          <Link to="/?page=2">Next page</Link>
        </nav>
      </header>
      {/* As the Account menu's dropdown: outside the top bar, and still there as it fades out. */}
      <div role="menu" aria-label="Account">
        <Link role="menuitem" to="/settings/account">
          Account Settings
        </Link>
      </div>
      <main>
        <Routes>
          <Route path="/old-home" element={<Navigate to="/" replace />} />
          <Route
            path="/"
            element={
              <>
                <h2>Products</h2>
                <Link to="/products/sneakers">Sneakers</Link>
              </>
            }
          />
          <Route path="/products/:productId" element={<ProductScreen />} />
          <Route path="/orders" element={<h2>Orders</h2>} />
          <Route path="/settings/account" element={<h2>Account Settings</h2>} />
          <Route
            path="/otp"
            element={
              <>
                <h2>Verify Your Identity</h2>
                <input aria-label="OTP" autoFocus />
              </>
            }
          />
          <Route
            path="/subscribe"
            element={
              <>
                <h2>Sneakers</h2>
                <div role="dialog" aria-label="Subscribe">
                  <header>
                    <button type="button" autoFocus>
                      Close
                    </button>
                  </header>
                </div>
              </>
            }
          />
        </Routes>
        <Link to="/otp">Pay with OTP</Link>
        <Link to="/subscribe">Subscribe</Link>
      </main>
    </>
  );
}

function renderStore(at: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[at]}>
        <Store />
      </MemoryRouter>
    </StrictMode>,
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'userActivation');
});

describe('useScreenFocus', () => {
  it('moves the keyboard from the top bar link or menu item followed to the new screen heading', async () => {
    renderStore('/');
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const heading = screen.getByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable only while it has the keyboard: a click on it later does not take it.
    await userEvent.tab();
    expect(heading).not.toHaveAttribute('tabindex');

    await userEvent.click(screen.getByRole('menuitem', { name: 'Account Settings' }));
    const settings = screen.getByRole('heading', { name: 'Account Settings' });
    await waitFor(() => expect(settings).toHaveFocus());
  });

  it('gives the keyboard to <main> while the screen loads, then to its heading, and back too', async () => {
    renderStore('/');
    await userEvent.click(screen.getByRole('link', { name: 'Sneakers' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    act(() => productArrives());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sneakers' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Products' })).toHaveFocus());
  });

  it('leaves the keyboard in the top bar when the customer went there while the screen loaded', async () => {
    renderStore('/');
    await userEvent.click(screen.getByRole('link', { name: 'Sneakers' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    const orders = screen.getByRole('link', { name: 'Orders' });
    act(() => orders.focus());
    await act(async () => productArrives());
    // The heading's mutation has been observed (a microtask), and the keyboard stayed.
    await screen.findByRole('heading', { name: 'Sneakers' });
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(orders).toHaveFocus();
  });

  it('keeps the heading ready for a linked row while the window is in the background', async () => {
    renderStore('/');
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const heading = screen.getByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The window loses the focus: the heading is told blur, and stays the active element.
    act(() => heading.dispatchEvent(new FocusEvent('blur')));
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute(navigationFocusAttribute);
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the keyboard where the new screen put it, in the screen or in a dialog', async () => {
    renderStore('/');
    await userEvent.click(screen.getByRole('link', { name: 'Pay with OTP' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'OTP' })).toHaveFocus());

    await userEvent.click(screen.getByRole('link', { name: 'Subscribe' }));
    const dialog = screen.getByRole('dialog', { name: 'Subscribe' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus(),
    );
  });

  it('leaves the keyboard alone when only the query changes', async () => {
    renderStore('/');
    const nextPage = screen.getByRole('link', { name: 'Next page' });
    await userEvent.click(nextPage);
    expect(nextPage).toHaveFocus();
  });

  it("leaves the first load's redirect at the top of the document", () => {
    Object.defineProperty(navigator, 'userActivation', {
      configurable: true,
      value: { hasBeenActive: false },
    });
    renderStore('/old-home');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });
});
