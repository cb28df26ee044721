import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { exchanges, paymentMethods, payments } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Channel inputs the provider would refuse are refused by the store first, over real HTTP: 400
 * naming the field and the form it expects, and nothing recorded, nothing sent to the provider.
 * The store's refusals and the provider's OTP refusals are worded for the customer.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('inputs@example.com');
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };

async function post(url: string, payload: object) {
  const response = await fetch(new URL(url, server.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-client-id': 'web',
    },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const payWith = (channel: string, mobileNumber: string, extra: object = {}) =>
  post('/api/payments', {
    amount: 89_000,
    currency: 'IDR',
    country: 'ID',
    channel,
    reference_id: 'demo-store-order',
    type: 'PAY',
    orders: [mug],
    channel_properties: { mobile_number: mobileNumber },
    ...extra,
  });

async function counts() {
  const [paymentRows, methodRows, exchangeRows] = await Promise.all([
    server.db.select({ id: payments.id }).from(payments),
    server.db.select({ id: paymentMethods.id }).from(paymentMethods),
    server.db.select({ id: exchanges.id }).from(exchanges),
  ]);
  return {
    payments: paymentRows.length,
    methods: methodRows.length,
    exchanges: exchangeRows.length,
  };
}

describe('channel inputs the provider would refuse', () => {
  it.each([
    ['OVO', 'abc'],
    ['OVO', '08123456789'],
    ['OVO', '+62 812 3456 789'],
    ['BRI_DIRECT_DEBIT', '628123456789'],
  ])(
    'refuses %s with mobile number %j: 400 naming the field and E.164, nothing created',
    async (channel, mobileNumber) => {
      const before = await counts();
      const { status, body } = await payWith(channel, mobileNumber);
      expect(status).toBe(400);
      expect(body.error_code).toBe('API_VALIDATION_ERROR');
      expect(body.message).toMatch(/^mobile_number must be in E\.164 form/);
      expect(body.message).toContain('+628123456789');
      expect(await counts()).toEqual(before);
    },
  );

  it("keeps the channel's own inputs only: one it does not ask for is not stored, whatever it holds", async () => {
    // A NUL or half a surrogate pair would fail the statement recording the payment, and with it
    // every create written in the same statement: none reaches it.
    const { status, body } = await payWith('OVO', '+628123456789', {
      channel_properties: {
        mobile_number: '+628123456789',
        display_name: 'Ada \ud800',
        note: 'nul \u0000',
      },
    });
    expect(status).toBe(201);
    const [stored] = await server.db
      .select({ channelProperties: payments.channelProperties })
      .from(payments)
      .where(eq(payments.id, (body as unknown as Payment).id));
    expect(Object.keys(stored?.channelProperties ?? {}).sort()).toEqual([
      'failure_return_url',
      'mobile_number',
      'success_return_url',
    ]);
  });

  it('takes an E.164 number and pays with it', async () => {
    const { status, body } = await payWith('OVO', '+628123456789');
    expect(status).toBe(201);
    expect((body as unknown as Payment).channel).toBe('OVO');
  });

  it('refuses to link a method with a number the provider would refuse, recording nothing', async () => {
    const before = await counts();
    const { status, body } = await post('/api/payment_methods', {
      channel: 'OVO',
      country: 'ID',
      reference_id: 'link-abc',
      channel_properties: { mobile_number: 'abc' },
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/^mobile_number must be in E\.164 form/);
    // The OVO payment above still hears from the provider: only methods are compared.
    expect((await counts()).methods).toBe(before.methods);
  });
});

describe("the store's words", () => {
  it('names a voucher limited to another channel as the store refusing it, with its condition', async () => {
    const { status, body } = await payWith('BRI_DIRECT_DEBIT', '+628123456789', {
      voucher_id: 'vch-id-ovo25',
      amount: 64_000,
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      error_code: 'VOUCHER_NOT_APPLICABLE',
      message: 'Voucher OVO25 is for payments with OVO only: pay with OVO or remove the voucher',
    });
  });

  it('says a wrong OTP is not right with the tries left in words, and keeps the exchange', async () => {
    const created = await payWith('BRI_DIRECT_DEBIT', '+628123456789');
    const id = created.body.id as string;
    const first = await post(`/api/payments/${id}/validate_otp`, { otp_code: '123456' });
    const second = await post(`/api/payments/${id}/validate_otp`, { otp_code: '123456' });
    expect([first.body.message, second.body.message]).toEqual([
      'That code is not right: 2 attempts left',
      'That code is not right: 1 attempt left',
    ]);
    expect(first.body.error_code).toBe('INVALID_OTP');
    expect(first.body.response).toBeDefined();
  });
});
