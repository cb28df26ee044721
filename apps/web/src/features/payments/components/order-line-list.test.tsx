import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderLine } from '@store/contract/client';
import { makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrderLineList } from './order-line-list';

function line(id: string, name: string, status: OrderLine['status'] = 'PAID'): OrderLine {
  return {
    id,
    product_id: `prod-${id}`,
    quantity: 1,
    price: 10000,
    currency: 'IDR',
    status,
    product: makeProduct({ id: `prod-${id}`, name }),
  };
}

describe('OrderLineList', () => {
  it('fails without onSelectedChange when selectable', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<OrderLineList lines={[line('l1', 'Mug')]} isSelectable />)).toThrow(
      'onSelectedChange is required when isSelectable is true',
    );
    quiet.mockRestore();
  });

  it('reports the selected line ids and keeps unselectable lines disabled', async () => {
    const onSelectedChange = vi.fn();
    renderWithProviders(
      <OrderLineList
        lines={[line('l1', 'Mug'), line('l2', 'Cap'), line('l3', 'Bag', 'REFUND_PENDING')]}
        isSelectable
        onSelectedChange={onSelectedChange}
        canSelect={(candidate) => candidate.status === 'PAID'}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Bag' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mug' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cap' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['l1', 'l2']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mug' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['l2']);
  });

  it('drops a selected line that can no longer be selected when the lines are read again', async () => {
    const onSelectedChange = vi.fn();
    function ReadAgain() {
      const [mugStatus, setMugStatus] = useState<OrderLine['status']>('PAID');
      return (
        <>
          {/* Mug refunded in another tab, and the payment read again. */}
          <button type="button" onClick={() => setMugStatus('REFUND_SUCCEEDED')}>
            Read again
          </button>
          <OrderLineList
            lines={[line('l1', 'Mug', mugStatus), line('l2', 'Cap')]}
            isSelectable
            onSelectedChange={onSelectedChange}
            canSelect={(candidate) => candidate.status === 'PAID'}
          />
        </>
      );
    }
    renderWithProviders(<ReadAgain />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mug' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cap' }));
    await userEvent.click(screen.getByRole('button', { name: 'Read again' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['l2']);
    expect(screen.getByRole('checkbox', { name: 'Select Mug' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Cap' })).toBeChecked();
  });

  it('shows no checkboxes when not selectable', () => {
    renderWithProviders(<OrderLineList lines={[line('l1', 'Mug')]} />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Mug')).toBeInTheDocument();
  });

  it('keeps each price on one line, so a phone never puts IDR and the amount apart', () => {
    renderWithProviders(<OrderLineList lines={[line('l1', 'Mug'), line('l2', 'Shirt')]} />);
    const prices = screen.getAllByText('IDR 10.000');
    expect(prices).toHaveLength(2);
    for (const price of prices) expect(price).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
