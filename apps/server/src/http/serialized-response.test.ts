import { describe, expect, it } from 'vitest';
import { api } from '@store/contract';
import { SerializedResponse } from './serialized-response.ts';

const mug = {
  id: 'id-ceramic-mug',
  name: 'Ceramic Mug',
  description: 'Hand-glazed stoneware mug.',
  image_url: '/images/ceramic-mug.svg',
  price: { amount: 89_000, currency: 'IDR' as const },
};

describe('SerializedResponse.of', () => {
  it("serialises an answer that matches the endpoint's response schema", () => {
    const listing = SerializedResponse.of(api.listProducts, { products: [mug] });
    expect(JSON.parse(listing.json)).toEqual({ products: [mug] });
  });

  it("refuses an answer that does not match the endpoint's response schema", () => {
    const unpriced = { ...mug, price: { amount: '89000', currency: 'IDR' } };
    expect(() =>
      SerializedResponse.of(api.listProducts, { products: [unpriced] } as never),
    ).toThrow(/GET \/products: the answer does not match its schema/);
  });
});
