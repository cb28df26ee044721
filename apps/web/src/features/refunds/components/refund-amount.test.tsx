import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderLine } from '@store/contract/client';
import { makeProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RefundAmount } from './refund-amount';

const product = makeProduct();
const line: OrderLine = {
  id: 'l1',
  product_id: product.id,
  quantity: 1,
  price: 125_000,
  currency: 'IDR',
  status: 'PAID',
  product,
};

describe('RefundAmount', () => {
  it('says what the selected lines come to, the price kept on one line', () => {
    renderWithProviders(<RefundAmount lines={[line]} voucher={false} left={125_000} />);
    expect(screen.getByText(/^Refund amount:/)).toHaveTextContent('Refund amount: IDR 125.000');
    expect(screen.getByText('IDR 125.000')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('says "up to" when a voucher was used', () => {
    renderWithProviders(<RefundAmount lines={[line]} voucher left={125_000} />);
    expect(screen.getByText(/^Refund amount:/)).toHaveTextContent(
      'Refund amount: up to IDR 125.000',
    );
    expect(screen.getByText('IDR 125.000')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('comes to no more than is left of the payment: a voucher paid for part of the lines', () => {
    // Two lines of IDR 125.000 paid IDR 240.000 with a voucher of 10.000 (off the last line).
    renderWithProviders(
      <RefundAmount lines={[line, { ...line, id: 'l2' }]} voucher left={240_000} />,
    );
    expect(screen.getByText(/^Refund amount:/)).toHaveTextContent(
      'Refund amount: up to IDR 240.000',
    );
  });
});
