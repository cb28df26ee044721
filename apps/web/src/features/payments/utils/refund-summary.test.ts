import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { partialRefundOf } from './refund-summary';

const line = (
  id: string,
  price: number,
  status: 'PAID' | 'REFUND_SUCCEEDED' | 'REFUND_PENDING',
) => ({
  id,
  product_id: id,
  quantity: 1 as const,
  price,
  currency: 'IDR' as const,
  status,
  product: makeProduct({ id }),
});

describe('partialRefundOf', () => {
  it('reads "Partially refunded" with what came back of the total when one line of two was', () => {
    expect(
      partialRefundOf({
        status: 'REFUND_SUCCEEDED',
        amount: 239_000,
        currency: 'IDR',
        orders: [line('mug', 89_000, 'REFUND_SUCCEEDED'), line('shirt', 150_000, 'PAID')],
      }),
    ).toEqual({
      label: 'Partially refunded',
      refunded: { amount: 89_000, currency: 'IDR' },
      total: { amount: 239_000, currency: 'IDR' },
    });
  });

  it('caps what came back at what was paid, a voucher having taken some off', () => {
    expect(
      partialRefundOf({
        status: 'REFUND_PENDING',
        amount: 50_000,
        currency: 'IDR',
        orders: [line('mug', 89_000, 'REFUND_SUCCEEDED'), line('shirt', 150_000, 'REFUND_PENDING')],
      }),
    ).toEqual({
      label: 'REFUND_PENDING',
      refunded: { amount: 50_000, currency: 'IDR' },
      total: { amount: 50_000, currency: 'IDR' },
    });
  });

  it('says nothing of a payment refunded in full or not at all', () => {
    const orders = [line('mug', 89_000, 'REFUND_SUCCEEDED')];
    expect(
      partialRefundOf({ status: 'REFUND_SUCCEEDED', amount: 89_000, currency: 'IDR', orders }),
    ).toBeNull();
    expect(
      partialRefundOf({
        status: 'SUCCEEDED',
        amount: 89_000,
        currency: 'IDR',
        orders: [line('mug', 89_000, 'PAID')],
      }),
    ).toBeNull();
  });
});
