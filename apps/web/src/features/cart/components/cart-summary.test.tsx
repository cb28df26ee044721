import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { CartSummary } from './cart-summary';

describe('CartSummary', () => {
  it('says the cart is empty and leads back to the products', () => {
    renderWithProviders(
      <MemoryRouter>
        <CartSummary />
      </MemoryRouter>,
    );
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
