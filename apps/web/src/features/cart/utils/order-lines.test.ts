import { describe, expect, it } from 'vitest';
import type { Product } from '@store/contract/client';
import { orderLinesOf } from './order-lines';

const product: Product = {
  id: 'id-ceramic-mug',
  name: 'Ceramic Mug',
  description: 'A mug',
  image_url: '/images/mug.webp',
  price: { amount: 89_000, currency: 'IDR' },
};

describe('orderLinesOf', () => {
  it('sends each cart line as an order line, without the product record', () => {
    expect(
      orderLinesOf([
        {
          app_id: 'demo-id',
          customer_id: 'cus_ayu',
          product_id: product.id,
          quantity: 1,
          price: 89_000,
          currency: 'IDR',
          product,
        },
      ]),
    ).toEqual([{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }]);
  });
});
