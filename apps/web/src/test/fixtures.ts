import type { Payment, Product } from '@store/contract/client';

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

/** A paid virtual-account payment of no lines, as the API answers it; `overrides` change it. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  const payment: Payment = {
    id: 'pay_1',
    amount: 150_000,
    currency: 'IDR',
    country: 'ID',
    channel: 'BCA_VIRTUAL_ACCOUNT',
    channel_name: 'BCA Virtual Account',
    reference_id: 'pay_1',
    type: 'PAY',
    status: 'SUCCEEDED',
    failure_code: null,
    orders: [],
    voucher: null,
    actions: [],
    channel_properties: {},
    payment_method_id: null,
    created: '2026-12-06T00:00:00.000Z',
    updated: '2026-12-06T00:00:00.000Z',
  };
  return { ...payment, ...overrides };
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
