import type { Product } from '@store/contract/client';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prod-1',
    name: 'Batik Shirt',
    description: 'Hand-stamped cotton shirt.',
    image_url: '/images/products/batik-shirt.jpg',
    price: { amount: 150000, currency: 'IDR' },
    ...overrides,
  };
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the given claims; the browser never verifies the signature. */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

export const demoClaims = {
  app_id: 'demo-id',
  mode: 'development',
  customer_id: 'cust-1',
} as const;
