import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { payments, exchanges } from '../db/schema.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('payer@example.com');
  otherToken = await server.signIn('someone-else@example.com');
});
afterAll(() => server?.close());

const mug = {
  product_id: 'id-ceramic-mug',
  quantity: 1 as const,
  price: 89_000,
  currency: 'IDR' as const,
};
const tote = {
  product_id: 'id-canvas-tote',
  quantity: 1 as const,
  price: 149_000,
  currency: 'IDR' as const,
};

function order(overrides: Record<string, unknown> = {}) {
  return {
    amount: 89_000,
    currency: 'IDR',
    country: 'ID',
    channel: 'BCA_VIRTUAL_ACCOUNT',
    reference_id: 'demo-store-order',
    type: 'PAY',
    orders: [mug],
    ...overrides,
  };
}

async function createPayment(body: object, options: { key?: string; as?: string } = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      'idempotency-key': options.key ?? randomUUID(),
      'x-client-id': 'web',
    },
    payload: body,
  });
}

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
  return server.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, payload });
}

function waitForStatus(id: string, status: string): Promise<Payment> {
  return waitFor(`payment ${id} ${status}`, async () => {
    const payment = (await call('GET', `/api/payments/${id}`)).json() as Payment;
    return payment.status === status && payment;
  });
}

/** How many exchanges (provider calls, webhooks) a payment's log holds. */
async function loggedExchanges(paymentId: string): Promise<number> {
  return (
    await server.db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(eq(exchanges.paymentId, paymentId))
  ).length;
}

async function countPayments(): Promise<number> {
  return (await server.db.select({ id: payments.id }).from(payments)).length;
}

describe('POST /api/payments pricing', () => {
  it('creates a virtual-account payment priced from the catalogue', async () => {
    const response = await createPayment(order({ orders: [mug, tote], amount: 238_000 }));
    expect(response.statusCode).toBe(201);
    const payment = response.json() as Payment;
    expect(payment).toMatchObject({
      amount: 238_000,
      currency: 'IDR',
      status: 'REQUIRES_ACTION',
      channel: 'BCA_VIRTUAL_ACCOUNT',
    });
    expect(payment.orders.map((line) => [line.product_id, line.status])).toEqual([
      ['id-ceramic-mug', 'PENDING'],
      ['id-canvas-tote', 'PENDING'],
    ]);
    expect(payment.actions[0]).toMatchObject({
      type: 'PRESENT_TO_CUSTOMER',
      descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
      value: `/payments/${payment.id}`,
    });
    expect(payment.actions[0]?.paymentCode).toMatch(/^\d+$/);
  });

  it('answers a create as its own read shows it, field for field', async () => {
    // The answer is made from the create's parameters and the columns its statements answer,
    // not from a read of the row: it must still be the row the database holds.
    const buyer = await server.signIn('create-reader@example.com');
    const withVoucher = order({ voucher_id: 'vch-id-hemat10', amount: 79_000 });
    const created = (await createPayment(withVoucher, { as: buyer })).json() as Payment;
    const { xendit_operations: operations, ...read } = (
      await call('GET', `/api/payments/${created.id}`, undefined, buyer)
    ).json() as Payment;
    expect(operations?.length).toBeGreaterThan(0);
    expect(created).toEqual(read);
  });

  it.each([
    ['a tampered total', order({ amount: 1_000 }), 'PRICE_MISMATCH'],
    [
      'a tampered line price',
      order({ orders: [{ ...mug, price: 1 }], amount: 1 }),
      'PRICE_MISMATCH',
    ],
    [
      'another currency',
      order({ currency: 'PHP', orders: [{ ...mug, currency: 'PHP' }] }),
      'PRICE_MISMATCH',
    ],
    [
      'an unknown product',
      order({ orders: [{ ...mug, product_id: 'id-nothing' }] }),
      'PRODUCT_NOT_FOUND',
    ],
    [
      "another app's product",
      order({ orders: [{ ...mug, product_id: 'ph-ceramic-mug' }] }),
      'PRODUCT_NOT_FOUND',
    ],
    [
      'the same product twice',
      order({ orders: [mug, mug], amount: 178_000 }),
      'DUPLICATE_ORDER_LINE',
    ],
    ['a negative amount', order({ amount: -5 }), 'API_VALIDATION_ERROR'],
    ['a huge amount', order({ amount: 1e15 }), 'API_VALIDATION_ERROR'],
    ['a channel the store does not offer', order({ channel: 'GCASH' }), 'CHANNEL_NOT_AVAILABLE'],
    ["another app's voucher", order({ voucher_id: 'vch-ph-save50' }), 'VOUCHER_NOT_FOUND'],
    [
      'an OVO-only voucher on a virtual account',
      order({ voucher_id: 'vch-id-ovo25', amount: 64_000 }),
      'VOUCHER_NOT_APPLICABLE',
    ],
    ['OVO without a mobile number', order({ channel: 'OVO' }), 'API_VALIDATION_ERROR'],
  ])('refuses %s with a 4xx and records nothing', async (_name, body, errorCode) => {
    const before = await countPayments();
    const response = await createPayment(body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error_code).toBe(errorCode);
    expect(await countPayments()).toBe(before);
  });

  it('takes the voucher off the total', async () => {
    const response = await createPayment(order({ voucher_id: 'vch-id-hemat10', amount: 79_000 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amount: 79_000,
      voucher: { code: 'HEMAT10', fixed_amount: 10_000 },
    });
  });
});

describe('idempotency', () => {
  it('makes one payment and one provider request for concurrent creates with one key', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => createPayment(order(), { key })),
    );
    const ids = new Set(responses.map((response) => (response.json() as Payment).id));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const requests = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.paymentId, id ?? ''), eq(exchanges.kind, 'request')));
    expect(requests).toHaveLength(1);
  });

  it('answers a retry of a create left unanswered long ago at once, without waiting on it', async () => {
    const key = randomUUID();
    const first = (await createPayment(order(), { key })).json() as Payment;
    // As if its answer had been lost a minute ago: the first request has long given up.
    await server.db
      .update(payments)
      .set({ status: 'CREATING', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, first.id));
    const startedAt = Date.now();
    const retry = await createPayment(order(), { key });
    expect(Date.now() - startedAt).toBeLessThan(server.config.xendit.timeoutMs);
    expect(retry.statusCode, retry.body).toBe(201);
    // Settled by the retry with the provider, under the same key: the same payment request.
    expect(retry.json()).toMatchObject({ id: first.id, status: 'REQUIRES_ACTION' });
  });

  it('refuses a key reused for another order', async () => {
    const key = randomUUID();
    expect((await createPayment(order(), { key })).statusCode).toBe(201);
    const reused = await createPayment(order({ orders: [tote], amount: 149_000 }), { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('provider exchanges and webhooks', () => {
  it('records the exchange with the request-id and without the secret key', async () => {
    const created = (await createPayment(order())).json() as Payment;
    const payment = (await call('GET', `/api/payments/${created.id}`)).json() as Payment;
    const request = payment.xendit_operations?.find((operation) => operation.kind === 'request');
    expect(request?.kind).toBe('request');
    if (request?.kind !== 'request') return;
    expect(request.exchange.request.headers.authorization).toBe('[REDACTED]');
    expect(request.exchange.response?.headers['request-id']).toBeTruthy();
    expect(JSON.stringify(payment)).not.toContain('xnd_development_simulator');
  });

  it('settles a simulated virtual-account payment by webhook', async () => {
    const created = (await createPayment(order())).json() as Payment;
    const simulated = await call('POST', `/api/payments/${created.id}/simulate`);
    expect(simulated.statusCode).toBe(200);
    const paid = await waitForStatus(created.id, 'SUCCEEDED');
    expect(paid.status).toBe('SUCCEEDED');
    expect(paid.orders.every((line) => line.status === 'PAID')).toBe(true);
    expect(paid.actions).toEqual([]);
    expect(
      paid.xendit_operations?.some(
        (operation) => operation.kind === 'webhook' && operation.event === 'payment.capture',
      ),
    ).toBe(true);
  });

  it('refuses simulation in a live app', async () => {
    const liveToken = await server.signIn('live@example.com', 'demo-ph');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${liveToken}`, 'idempotency-key': randomUUID() },
      payload: {
        amount: 32_000,
        currency: 'PHP',
        country: 'PH',
        channel: '7ELEVEN',
        type: 'PAY',
        orders: [{ product_id: 'ph-ceramic-mug', quantity: 1, price: 32_000, currency: 'PHP' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const simulated = await call(
      'POST',
      `/api/payments/${created.json().id}/simulate`,
      undefined,
      liveToken,
    );
    expect(simulated.statusCode).toBe(403);
    expect(simulated.json().error_code).toBe('SIMULATION_NOT_ALLOWED');
  });

  it('sends e-wallet customers to the provider with return URLs', async () => {
    const payment = (await createPayment(order({ channel: 'DANA' }))).json() as Payment;
    expect(payment.status).toBe('REQUIRES_ACTION');
    expect(payment.actions[0]).toMatchObject({ type: 'REDIRECT_CUSTOMER' });
    expect(payment.actions[0]?.value).toMatch(/^http/);
    expect(payment.channel_properties.success_return_url).toBe(
      `http://localhost:3000/payments/success?payment_id=${payment.id}`,
    );
  });

  it('confirms direct debit with OTP 222000 and refuses a wrong OTP with the exchange', async () => {
    const body = order({
      channel: 'BRI_DIRECT_DEBIT',
      channel_properties: { mobile_number: '+628111111111' },
    });
    const payment = (await createPayment(body)).json() as Payment;
    expect(payment.actions[0]?.value).toBe(`/payments/new/${payment.id}/otp`);
    const wrong = await call('POST', `/api/payments/${payment.id}/validate_otp`, {
      otp_code: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('INVALID_OTP');
    expect(wrong.json().response.request.url).toContain('/validate_otp');
    const right = await call('POST', `/api/payments/${payment.id}/validate_otp`, {
      otp_code: '222000',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().status).toBe('SUCCEEDED');
  });

  it('fails the payment at once when the third wrong OTP ends it at the provider', async () => {
    const body = order({
      channel: 'BRI_DIRECT_DEBIT',
      channel_properties: { mobile_number: '+628111111111' },
    });
    const payment = (await createPayment(body)).json() as Payment;
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await call('POST', `/api/payments/${payment.id}/validate_otp`, {
        otp_code: '123456',
      });
      answers.push(wrong.json().error_code);
    }
    expect(answers).toEqual(['INVALID_OTP', 'INVALID_OTP', 'MAX_OTP_ATTEMPTS']);
    // Read at once, within the store's two seconds between reads of the provider: already FAILED.
    const after = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(after.status).toBe('FAILED');
  });

  it('cancels a payment that requires action', async () => {
    const payment = (await createPayment(order({ channel: 'SHOPEEPAY' }))).json() as Payment;
    const cancelled = await call('POST', `/api/payments/${payment.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(cancelled.json().orders[0].status).toBe('CANCELLED');
  });

  it('answers every one of several cancels at once with the cancelled payment', async () => {
    const payment = (await createPayment(order({ channel: 'SHOPEEPAY' }))).json() as Payment;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/payments/${payment.id}/cancel`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().status).toBe('CANCELLED');
    }
  });

  it('asks the provider nothing more of an ended payment, however often a verb is sent', async () => {
    const payment = (await createPayment(order({ channel: 'SHOPEEPAY' }))).json() as Payment;
    expect((await call('POST', `/api/payments/${payment.id}/cancel`)).json().status).toBe(
      'CANCELLED',
    );
    const before = await loggedExchanges(payment.id);
    const again = await call('POST', `/api/payments/${payment.id}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('CANCELLED');
    for (const [verb, body] of [
      ['simulate', undefined],
      ['validate_otp', { otp_code: '123456' }],
      ['resend_otp', undefined],
    ] as const) {
      const refused = await call('POST', `/api/payments/${payment.id}/${verb}`, body);
      expect(refused.statusCode, verb).toBe(409);
      expect(refused.json(), verb).toEqual({
        error_code: 'PAYMENT_NOT_ACTIONABLE',
        message: `Payment ${payment.id} is CANCELLED: it can no longer be changed`,
      });
    }
    // No provider call, so nothing more in its log.
    expect(await loggedExchanges(payment.id)).toBe(before);
  });

  it('sends no one-time password of a payment that asks for none to the provider', async () => {
    // A virtual account: open for a day, waiting on the customer's transfer.
    const payment = (await createPayment(order())).json() as Payment;
    expect(payment.status).toBe('REQUIRES_ACTION');
    const before = await loggedExchanges(payment.id);
    for (const [verb, body] of [
      ['validate_otp', { otp_code: '222000' }],
      ['resend_otp', undefined],
    ] as const) {
      const refused = await call('POST', `/api/payments/${payment.id}/${verb}`, body);
      expect(refused.statusCode, verb).toBe(409);
      expect(refused.json(), verb).toEqual({
        error_code: 'PAYMENT_NOT_ACTIONABLE',
        message: `Payment ${payment.id} asks for no one-time password`,
      });
    }
    expect(await loggedExchanges(payment.id)).toBe(before);
  });

  it('answers 404 for a payment of another customer', async () => {
    const payment = (await createPayment(order())).json() as Payment;
    for (const [method, url] of [
      ['GET', `/api/payments/${payment.id}`],
      ['POST', `/api/payments/${payment.id}/cancel`],
      ['POST', `/api/payments/${payment.id}/simulate`],
    ] as const) {
      const response = await call(method, url, undefined, otherToken);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('POST /api/webhooks/xendit', () => {
  function paymentEvent(event: string, payment: Payment, status: string, failureCode?: string) {
    return webhookEnvelope(event, {
      payment_id: `py-${randomUUID()}`,
      payment_request_id: `pr-${randomUUID()}`,
      reference_id: payment.id,
      request_amount: payment.amount,
      currency: payment.currency,
      country: 'ID',
      channel_code: payment.channel,
      status,
      ...(failureCode ? { failure_code: failureCode } : {}),
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
  }

  it('refuses a wrong callback token and changes nothing', async () => {
    const payment = (await createPayment(order())).json() as Payment;
    const response = await server.deliverWebhook(
      paymentEvent('payment.capture', payment, 'SUCCEEDED'),
      'wrong-token',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('INVALID_CALLBACK_TOKEN');
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('REQUIRES_ACTION');
  });

  it('records a duplicate delivery once and ignores a late failure after the capture', async () => {
    const payment = (await createPayment(order())).json() as Payment;
    await server.endAtProvider(payment.id, 'SUCCEEDED');
    const capture = await server.providerEvent('payment.capture', payment.id, 'SUCCEEDED');
    expect((await server.deliverWebhook(capture)).statusCode).toBe(200);
    expect((await server.deliverWebhook(capture)).statusCode).toBe(200);
    const lateFailure = await server.providerEvent(
      'payment.failure',
      payment.id,
      'FAILED',
      'INSUFFICIENT_BALANCE',
    );
    expect((await server.deliverWebhook(lateFailure)).statusCode).toBe(200);
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('SUCCEEDED');
    const webhooks = await server.db
      .select()
      .from(exchanges)
      .where(
        and(
          eq(exchanges.paymentId, payment.id),
          eq(exchanges.kind, 'webhook'),
          eq(exchanges.data, capture),
        ),
      );
    expect(webhooks).toHaveLength(1);
  });

  it('fails a payment on payment.failure with its failure code', async () => {
    const payment = (await createPayment(order())).json() as Payment;
    await server.endAtProvider(payment.id, 'FAILED', 'INSUFFICIENT_BALANCE');
    await server.deliverWebhook(
      await server.providerEvent('payment.failure', payment.id, 'FAILED', 'INSUFFICIENT_BALANCE'),
    );
    const read = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(read).toMatchObject({ status: 'FAILED', failure_code: 'INSUFFICIENT_BALANCE' });
    expect(read.orders[0]?.status).toBe('FAILED');
  });
});

describe('GET /api/payments', () => {
  it('pages through the customer payments, newest first, by cursor', async () => {
    const pager = await server.signIn('pager@example.com');
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push(((await createPayment(order(), { as: pager })).json() as Payment).id);
    }
    const firstAnswer = await call('GET', '/api/payments?limit=3', undefined, pager);
    // The page is written as bytes (payment-json.ts): still JSON, its length its bytes'.
    expect(firstAnswer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(firstAnswer.headers['content-length'])).toBe(firstAnswer.rawPayload.length);
    const first = firstAnswer.json();
    expect(first.payments.map((p: Payment) => p.id)).toEqual(created.slice(2).reverse());
    const second = (
      await call('GET', `/api/payments?limit=3&cursor=${first.next_cursor}`, undefined, pager)
    ).json();
    expect(second.payments.map((p: Payment) => p.id)).toEqual(created.slice(0, 2).reverse());
    expect(second.next_cursor).toBeNull();
  });

  it('prepares two page statements for any number of limits a customer tries', async () => {
    const prober = await server.signIn('limit-prober@example.com');
    await createPayment(order(), { as: prober });
    const pageStatements = async () => {
      const result = (await server.db.execute(
        sql`select count(*)::int as count from pg_prepared_statements
            where statement like '%order by "payments"."created_at" desc, "payments"."id" desc limit%'
            and statement not like '%::timestamptz%'
            and statement not like '%pg_prepared_statements%'`,
      )) as unknown as { rows: { count: number }[] };
      return result.rows[0]?.count;
    };
    for (let limit = 1; limit <= 100; limit += 1) {
      const page = await call('GET', `/api/payments?limit=${limit}`, undefined, prober);
      expect(page.statusCode).toBe(200);
    }
    expect((await call('GET', '/api/payments', undefined, prober)).statusCode).toBe(200);
    // The storefront's page size has its own first-page statement, every other limit shares one
    // (a cursor's pages have two more): a hundred would push every customer's statements out of
    // the embedded database's cache.
    expect(await pageStatements()).toBeLessThanOrEqual(2);
  });

  it('shows a payment in a page as its own read shows it, field for field', async () => {
    const reader = await server.signIn('page-reader@example.com');
    const { id } = (await createPayment(order(), { as: reader })).json() as Payment;
    const page = (await call('GET', '/api/payments', undefined, reader)).json();
    const { xendit_operations: operations, ...read } = (
      await call('GET', `/api/payments/${id}`, undefined, reader)
    ).json() as Payment;
    expect(operations?.length).toBeGreaterThan(0);
    expect(JSON.stringify(page.payments[0])).toBe(JSON.stringify(read));
  });

  it('neither skips nor repeats payments created within one millisecond', async () => {
    const sameMillisecond = await server.signIn('same-millisecond@example.com');
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push(((await createPayment(order(), { as: sameMillisecond })).json() as Payment).id);
    }
    const [a, b, c, d, e] = created.sort() as [string, string, string, string, string];
    // The smallest id has the latest microsecond, so a cursor cut to the millisecond starts the
    // next page before every other payment of that millisecond; d and c tie on the microsecond.
    const createdAtById: Record<string, string> = {
      [a]: '2026-01-01T00:00:00.123480Z',
      [b]: '2026-01-01T00:00:00.12345Z',
      [c]: '2026-01-01T00:00:00.1234Z',
      [d]: '2026-01-01T00:00:00.1234Z',
      [e]: '2026-01-01T00:00:00.122999Z',
    };
    for (const [id, createdAt] of Object.entries(createdAtById)) {
      await server.db
        .update(payments)
        .set({ createdAt: sql`${createdAt}::timestamptz` })
        .where(eq(payments.id, id));
    }
    for (const limit of [1, 2, 3]) {
      const listed: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page = (
          await call('GET', `/api/payments?limit=${limit}${query}`, undefined, sameMillisecond)
        ).json() as { payments: Payment[]; next_cursor: string | null };
        listed.push(...page.payments.map((payment) => payment.id));
        cursor = page.next_cursor;
      } while (cursor && listed.length <= created.length);
      expect(listed, `limit=${limit}`).toEqual([a, b, d, c, e]);
    }
  });

  it.each([
    ['a time that is not a date', 'not-a-date|pay_x'],
    ['a month and day out of range', '2026-13-45T00:00:00.000000Z|pay_x'],
    ['a day the month does not have', '2026-02-30T00:00:00.000000Z|pay_x'],
    ['a year 0', '0000-01-01T00:00:00.000000Z|pay_x'],
    ['seven fractional digits', '2026-01-01T00:00:00.1234567Z|pay_x'],
    ['a time without its zone', '2026-01-01T00:00:00.123456|pay_x'],
    ['no id', '2026-01-01T00:00:00.123456Z|'],
    ['an id with a NUL byte', '2026-01-01T00:00:00.123456Z|pay_\u0000'],
  ])('refuses a cursor with %s as a validation error', async (_name, decoded) => {
    const cursor = Buffer.from(decoded).toString('base64url');
    const response = await call('GET', `/api/payments?cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      message: 'cursor is not valid',
    });
  });

  it('lists each payment with its order lines in order, as reading it alone shows them', async () => {
    const lister = await server.signIn('lister@example.com');
    const created = (
      await createPayment(order({ orders: [tote, mug], amount: 238_000 }), { as: lister })
    ).json() as Payment;
    const [listed] = (await call('GET', '/api/payments', undefined, lister)).json()
      .payments as Payment[];
    const alone = (await call('GET', `/api/payments/${created.id}`, undefined, lister)).json();
    expect(listed?.orders.map((line) => line.product_id)).toEqual([
      'id-canvas-tote',
      'id-ceramic-mug',
    ]);
    expect(listed?.orders).toEqual(alone.orders);
  });
});
