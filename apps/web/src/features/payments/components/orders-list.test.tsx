import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLine } from '@store/contract/client';
import { makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CollapsibleOrderLines } from './orders-list';

function line(id: string, name: string): OrderLine {
  const product = makeProduct({ id: `prod-${id}`, name });
  return {
    id,
    product_id: product.id,
    quantity: 1,
    price: product.price.amount,
    currency: product.price.currency,
    status: 'PAID',
    product,
  };
}

describe('CollapsibleOrderLines', () => {
  it('tells a screen reader whether View More has opened the other lines', async () => {
    renderWithProviders(
      <CollapsibleOrderLines lines={[line('l1', 'Batik Shirt'), line('l2', 'Ceramic Mug')]} />,
    );
    const toggle = screen.getByRole('button', { name: 'View More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toContainElement(screen.getByText('Batik Shirt'));

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'View Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(list).toContainElement(screen.getByText('Ceramic Mug'));
  });
});
