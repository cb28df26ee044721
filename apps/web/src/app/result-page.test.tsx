import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useRoutes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { GoBack } from './result-page';

function renderGoBack(entries: string[]) {
  let pathname = '';
  function Routes() {
    pathname = useLocation().pathname;
    return useRoutes([
      { path: '/payments/pending', element: <GoBack /> },
      { path: '*', element: null },
    ]);
  }
  renderWithProviders(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes />
    </MemoryRouter>,
  );
  return () => pathname;
}

describe('Go Back', () => {
  it('goes to the page before, as the browser would', async () => {
    const at = renderGoBack(['/payments', '/payments/pending']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(at()).toBe('/payments');
  });

  it('goes to the orders when the page was opened fresh, with no store page before it', async () => {
    const at = renderGoBack(['/payments/pending']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(at()).toBe('/orders');
  });
});
