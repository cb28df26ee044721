import { describe, expect, it } from 'vitest';
import { exchanges, paymentMethods, payments } from '../db/schema.ts';
import { type Answer, orderOf, useMarketStore } from './market-apps.fixture.ts';

/**
 * A customer of a market app who sends what the app does not sell: another market's channel or
 * currency, a fraction of dong, amounts outside a channel's limits, channel properties missing,
 * unknown or of the wrong type, a simulation in the live app. Each is a clear 4xx with an
 * error_code and a message, and records nothing: no payment, no method, no provider exchange.
 */
const store = useMarketStore('attacker');
const { call, firstProduct } = store;

const counts = async () => ({
  payments: (await store.server.db.select({ id: payments.id }).from(payments)).length,
  methods: (await store.server.db.select({ id: paymentMethods.id }).from(paymentMethods)).length,
  exchanges: (await store.server.db.select({ id: exchanges.id }).from(exchanges)).length,
});

function expectRefused(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(typeof answer.body.error_code, what).toBe('string');
  expect(String(answer.body.message).length, what).toBeGreaterThan(0);
}

describe('a market app refuses what it does not sell, recording nothing', () => {
  it("refuses another market's channel, country or currency, in payments and methods", async () => {
    const product = await firstProduct('demo-my');
    const order = orderOf('MY', 'TOUCHNGO', [product]);
    const before = await counts();
    const attempts: [string, unknown][] = [
      ['a Thai channel', { ...order, channel: 'QRPROMPTPAY' }],
      ['an Indonesian channel', { ...order, channel: 'DANA' }],
      ['a Philippine channel', { ...order, channel: 'GCASH' }],
      ['a Thai country', { ...order, country: 'TH' }],
      ['a currency not of the app', { ...order, currency: 'IDR' }],
      [
        'the line in another currency',
        { ...order, orders: [{ ...order.orders[0], currency: 'THB' }] },
      ],
      ['a fractional ringgit sen', { ...order, amount: product.price.amount + 0.5 }],
      ['a negative amount', { ...order, amount: -product.price.amount }],
      ['a string amount', { ...order, amount: String(product.price.amount) }],
      ['an amount beyond any number', { ...order, amount: 1e308 }],
      [
        'channel_properties of the wrong type',
        { ...order, channel_properties: { mobile_number: 60123 } },
      ],
      ['channel_properties not an object', { ...order, channel_properties: 'x' }],
      ['a long channel code', { ...order, channel: 'X'.repeat(10_000) }],
    ];
    for (const [what, body] of attempts) {
      expectRefused(await call('demo-my', 'POST', '/api/payments', body), what);
    }
    const methodAttempts: [string, unknown][] = [
      ['a Thai wallet', { channel: 'TRUEMONEY', country: 'MY', reference_id: 'x' }],
      ['an Indonesian wallet', { channel: 'DANA', country: 'ID', reference_id: 'x' }],
      ['a Malaysian wallet in Thailand', { channel: 'TOUCHNGO', country: 'TH', reference_id: 'x' }],
      [
        'channel_properties of the wrong type',
        { channel: 'TOUCHNGO', country: 'MY', reference_id: 'x', channel_properties: [1] },
      ],
    ];
    for (const [what, body] of methodAttempts) {
      expectRefused(await call('demo-my', 'POST', '/api/payment_methods', body), what);
    }
    expect(await counts()).toEqual(before);
  });

  it('forwards no channel property the channel does not take', async () => {
    const product = await firstProduct('demo-my');
    const created = await call('demo-my', 'POST', '/api/payments', {
      ...orderOf('MY', 'TOUCHNGO', [product]),
      channel_properties: { card_cvn: '123', mobile_number: '+60123456789' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await store.server.db.select({ exchange: exchanges.exchange }).from(exchanges);
    expect(JSON.stringify(sent)).not.toContain('card_cvn');
  });

  it('refuses a fraction of dong and amounts outside the limits in Vietnam', async () => {
    const product = await firstProduct('demo-vn');
    const order = orderOf('VN', 'ZALOPAY', [product]);
    const before = await counts();
    for (const [what, body] of [
      [
        'a fractional line price',
        { ...order, orders: [{ ...order.orders[0], price: product.price.amount + 0.1 }] },
      ],
      ['a fractional quantity', { ...order, orders: [{ ...order.orders[0], quantity: 1.5 }] }],
      ['zero quantity', { ...order, amount: 0, orders: [{ ...order.orders[0], quantity: 0 }] }],
      [
        'a quantity past the ceiling',
        {
          ...order,
          amount: product.price.amount * 100_000,
          orders: [{ ...order.orders[0], quantity: 100_000 }],
        },
      ],
    ] as [string, unknown][]) {
      expectRefused(await call('demo-vn', 'POST', '/api/payments', body), what);
    }
    expect(await counts()).toEqual(before);
  });

  it('runs no simulation in the live Singapore app, of a payment or a subscription', async () => {
    const before = await counts();
    for (const url of [
      '/api/payments/pay_missing/simulate',
      '/api/subscriptions/sub_missing/run_next_cycle',
    ]) {
      expectRefused(await call('demo-sg-live', 'POST', url, {}), url);
    }
    expect(await counts()).toEqual(before);
  });
});
