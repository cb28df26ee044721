import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, PaymentMethod } from '@store/contract';
import { paymentMethods, exchanges } from '../db/schema.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';
import { simulatorTestKey } from '../../harness/helpers.ts';

let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('linker@example.com');
  otherToken = await server.signIn('not-the-linker@example.com');
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
  return server.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, payload });
}

async function link(body: Record<string, unknown>, options: { key?: string; as?: string } = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/payment_methods',
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      'idempotency-key': options.key ?? randomUUID(),
    },
    payload: { country: 'ID', reference_id: randomUUID().slice(0, 8), ...body },
  });
}

const directDebit = {
  channel: 'BRI_DIRECT_DEBIT',
  channel_properties: { mobile_number: '+628111111111' },
};

async function pay(body: Record<string, unknown>, as = token) {
  return server.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${as}`, 'idempotency-key': randomUUID() },
    payload: {
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      type: 'PAY',
      orders: [mug],
      ...body,
    },
  });
}

function waitForMethod(id: string, status: string): Promise<PaymentMethod> {
  return waitFor(`method ${id} ${status}`, async () => {
    const method = (await call('GET', `/api/payment_methods/${id}`)).json() as PaymentMethod;
    return method.status === status && method;
  });
}

/** Presses a button of the provider's hosted page, as the customer's browser would. */
async function decide(pageUrl: string, decision: string) {
  const response = await fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  expect(response.status).toBeLessThan(400);
}

async function linkedEwallet(): Promise<PaymentMethod> {
  const created = (await link({ channel: 'DANA' })).json() as PaymentMethod;
  await decide(created.actions[0]?.value ?? '', 'link');
  return waitForMethod(created.id, 'ACTIVE');
}

async function linkedDirectDebit(): Promise<PaymentMethod> {
  const created = (await link(directDebit)).json() as PaymentMethod;
  return (
    await call('POST', `/api/payment_methods/${created.id}/validate_otp`, { otp_code: '333000' })
  ).json() as PaymentMethod;
}

describe('linking a payment method', () => {
  it('links an e-wallet through the provider linking page, then pays with it at once', async () => {
    const response = await link({ channel: 'DANA' });
    expect(response.statusCode).toBe(201);
    const created = response.json() as PaymentMethod;
    expect(created).toMatchObject({
      channel: 'DANA',
      code: 'DANA',
      country: 'ID',
      status: 'REQUIRES_ACTION',
    });
    expect(created.actions[0]?.type).toBe('REDIRECT_CUSTOMER');
    expect(created.actions[0]?.value).toMatch(/^http.*\/pages\/link\//);

    await decide(created.actions[0]?.value ?? '', 'link');
    const active = await waitForMethod(created.id, 'ACTIVE');
    expect(active.status).toBe('ACTIVE');
    expect(active.actions).toEqual([]);
    expect(
      active.xendit_operations?.some(
        (operation) =>
          operation.kind === 'webhook' && operation.event === 'payment_token.activation',
      ),
    ).toBe(true);

    const paid = await pay({ payment_token_id: active.id });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      status: 'SUCCEEDED',
      channel: 'DANA',
      payment_method_id: active.id,
    });
  });

  it('sends the customer back to the failure page when linking is declined', async () => {
    const created = (await link({ channel: 'SHOPEEPAY' })).json() as PaymentMethod;
    await decide(created.actions[0]?.value ?? '', 'cancel');
    expect((await waitForMethod(created.id, 'FAILED')).status).toBe('FAILED');
  });

  it('links direct debit with the OTP 333000 after refusing a wrong one', async () => {
    const created = (await link(directDebit)).json() as PaymentMethod;
    expect(created.status).toBe('REQUIRES_ACTION');
    expect(created.actions).toEqual([
      { type: 'API_POST_REQUEST', value: `/payment_methods/new/${created.id}/otp` },
    ]);
    expect(created.properties).toEqual([
      { transaction_type: 'SAVE', name: 'mobile_number', value: '+628111111111' },
    ]);
    const wrong = await call('POST', `/api/payment_methods/${created.id}/validate_otp`, {
      otp_code: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_code).toBe('INVALID_OTP');
    expect(wrong.json().response.request.url).toContain('/validate_otp');
    const right = await call('POST', `/api/payment_methods/${created.id}/validate_otp`, {
      otp_code: '333000',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().status).toBe('ACTIVE');
  });

  it('fails the link at once when the provider refuses the OTP for good', async () => {
    const created = (await link(directDebit)).json() as PaymentMethod;
    const refused = await call('POST', `/api/payment_methods/${created.id}/validate_otp`, {
      otp_code: '222002',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_code).toBe('MAX_OTP_ATTEMPTS');
    // Read from the store's own row: no webhook and no later read has had a chance to fail it.
    const [row] = await server.db
      .select({ status: paymentMethods.status, failureCode: paymentMethods.failureCode })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, created.id));
    expect(row).toEqual({ status: 'FAILED', failureCode: 'AUTHENTICATION_FAILED' });
  });

  it('pays with a saved direct-debit method confirmed by the OTP 222000', async () => {
    const method = await linkedDirectDebit();
    const created = (await pay({ payment_token_id: method.id })).json() as Payment;
    expect(created.status).toBe('REQUIRES_ACTION');
    expect(created.actions[0]?.value).toBe(`/payments/new/${created.id}/otp`);
    const confirmed = await call('POST', `/api/payments/${created.id}/validate_otp`, {
      otp_code: '222000',
    });
    expect(confirmed.json().status).toBe('SUCCEEDED');
  });

  it("pays with a saved method only as itself, within its channel's limits, recording nothing else", async () => {
    const method = await linkedEwallet();
    const payments = async () =>
      (await call('GET', '/api/payments?limit=100')).json().payments as Payment[];
    const before = (await payments()).length;
    const resaved = await pay({ type: 'PAY_AND_SAVE', payment_token_id: method.id });
    expect(resaved.statusCode).toBe(400);
    expect(resaved.json()).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      message: 'A saved payment method pays with type PAY: PAY_AND_SAVE saves a new one',
    });
    const otherChannel = await pay({ channel: 'OVO', payment_token_id: method.id });
    expect(otherChannel.statusCode).toBe(400);
    expect(otherChannel.json()).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      message: 'The saved payment method pays with DANA, not OVO',
    });
    // IDR 10.054 less the IDR 10.000 voucher: under DANA's IDR 100.
    const tooSmall = await pay({
      amount: 54,
      payment_token_id: method.id,
      voucher_id: 'vch-id-hemat10',
      orders: [
        {
          product_id: 'id-sandbox-insufficient-balance',
          quantity: 1,
          price: 10_054,
          currency: 'IDR',
        },
      ],
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().error_code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await payments()).length).toBe(before);
    // Its own channel named is no contradiction.
    expect((await pay({ channel: 'DANA', payment_token_id: method.id })).statusCode).toBe(201);
  });

  it('unlinks an active method, which can no longer pay', async () => {
    const method = await linkedEwallet();
    const unlinked = await call('POST', `/api/payment_methods/${method.id}/cancel`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().status).toBe('CANCELED');
    expect((await call('POST', `/api/payment_methods/${method.id}/cancel`)).json().status).toBe(
      'CANCELED',
    );
    const refused = await pay({ payment_token_id: method.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_code).toBe('PAYMENT_METHOD_NOT_ACTIVE');
  });

  it.each([
    ['a channel that cannot be saved', { channel: 'BCA_VIRTUAL_ACCOUNT' }, 'CHANNEL_NOT_SAVEABLE'],
    ['a channel the store does not offer', { channel: 'GCASH' }, 'CHANNEL_NOT_AVAILABLE'],
    [
      'direct debit without a mobile number',
      { channel: 'BRI_DIRECT_DEBIT' },
      'API_VALIDATION_ERROR',
    ],
    ['another country', { channel: 'DANA', country: 'PH' }, 'COUNTRY_MISMATCH'],
  ])('refuses %s', async (_name, body, errorCode) => {
    const response = await link(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(errorCode);
  });

  it('answers the first method for a repeated Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { channel: 'DANA', reference_id: 'abc123' };
    const [first, second] = await Promise.all([link(body, { key }), link(body, { key })]);
    expect(first?.json().id).toBe(second?.json().id);
    const reused = await link({ channel: 'SHOPEEPAY', reference_id: 'abc123' }, { key });
    expect(reused.statusCode).toBe(409);
  });

  it('answers a retry of a link left unanswered long ago at once, without waiting on it', async () => {
    const key = randomUUID();
    const body = { channel: 'DANA', reference_id: 'long-ago' };
    const first = (await link(body, { key })).json() as PaymentMethod;
    // As if its answer had been lost a minute ago: the first request has long given up.
    await server.db
      .update(paymentMethods)
      .set({ status: 'CREATING', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentMethods.id, first.id));
    const startedAt = Date.now();
    const retry = await link(body, { key });
    expect(Date.now() - startedAt).toBeLessThan(server.config.xendit.timeoutMs);
    expect(retry.statusCode, retry.body).toBe(201);
    expect((retry.json() as PaymentMethod).id).toBe(first.id);
  });

  it('lists newest first, with channel configuration and operations on request', async () => {
    const lister = await server.signIn('lister@example.com');
    const first = (await link({ channel: 'DANA' }, { as: lister })).json() as PaymentMethod;
    const second = (await link(directDebit, { as: lister })).json() as PaymentMethod;
    const plain = (await call('GET', '/api/payment_methods', undefined, lister)).json();
    expect(plain.payment_methods.map((m: PaymentMethod) => m.id)).toEqual([second.id, first.id]);
    expect(plain.payment_methods[0].config).toBeUndefined();
    const withConfig = (
      await call('GET', '/api/payment_methods?with_config=true', undefined, lister)
    ).json();
    expect(withConfig.payment_methods[0].config).toMatchObject({
      code: 'BRI_DIRECT_DEBIT',
      is_saveable: true,
    });
    expect(withConfig.payment_methods[0].xendit_operations.length).toBeGreaterThan(0);
  });

  it('pages the list, newest first, and lists only the methods that can pay with status=ACTIVE', async () => {
    const pager = await server.signIn('pager@example.com');
    const linked: PaymentMethod[] = [];
    for (const body of [{ channel: 'DANA' }, directDebit, { channel: 'SHOPEEPAY' }, directDebit]) {
      linked.push((await link(body, { as: pager })).json() as PaymentMethod);
    }
    // Three made in one microsecond: the page's edge falls among them, and the id orders them.
    await server.db
      .update(paymentMethods)
      .set({ createdAt: sql`'2026-12-01T10:00:00.123456Z'::timestamptz` })
      .where(
        inArray(
          paymentMethods.id,
          linked.slice(0, 3).map((method) => method.id),
        ),
      );

    const seen: { id: string; created: string }[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const query: string = cursor === '' ? '' : `&cursor=${cursor}`;
      const response = await call('GET', `/api/payment_methods?limit=2${query}`, undefined, pager);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { payment_methods: PaymentMethod[]; next_cursor: string };
      expect(page.payment_methods.length).toBeLessThanOrEqual(2);
      seen.push(...page.payment_methods.map(({ id, created }) => ({ id, created })));
      cursor = page.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen[0]?.id).toBe(linked[3]?.id);
    expect(seen.map(({ id }) => id).sort()).toEqual(linked.map(({ id }) => id).sort());
    const times = seen.map(({ created }) => created);
    expect(times).toEqual([...times].sort().reverse());

    const active = (
      await call(
        'POST',
        `/api/payment_methods/${linked[1]?.id}/validate_otp`,
        { otp_code: '333000' },
        pager,
      )
    ).json() as PaymentMethod;
    expect(active.status).toBe('ACTIVE');
    const paying = (
      await call('GET', '/api/payment_methods?status=ACTIVE&limit=1', undefined, pager)
    ).json();
    expect(paying).toMatchObject({ payment_methods: [{ id: active.id }], next_cursor: null });
  });

  it.each([
    ['a cursor the store did not make', 'cursor=bm90LWEtY3Vyc29y'],
    ['a page of none', 'limit=0'],
    ['a page over 100', 'limit=101'],
    ['a status other than ACTIVE', 'status=PENDING'],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await call('GET', `/api/payment_methods?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('API_VALIDATION_ERROR');
  });

  it("answers 404 for another customer's method", async () => {
    const method = (await link(directDebit)).json() as PaymentMethod;
    for (const [method_, url, payload] of [
      ['GET', `/api/payment_methods/${method.id}`, undefined],
      ['POST', `/api/payment_methods/${method.id}/cancel`, undefined],
      ['POST', `/api/payment_methods/${method.id}/validate_otp`, { otp_code: '333000' }],
    ] as const) {
      const response = await call(method_, url, payload, otherToken);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await pay({ payment_token_id: method.id }, otherToken)).statusCode).toBe(404);
  });
});

describe('payment_token webhooks', () => {
  /**
   * The provider's token moves to `status` (when it still can), then the event is delivered about
   * it: the store applies what reading the token back shows, whatever the event claims.
   */
  async function deliver(event: string, tokenId: string, status: string, referenceId = 'whatever') {
    const failureCode = status === 'FAILED' ? 'AUTHENTICATION_FAILED' : undefined;
    await server.simulatorCall(`/_sim/payment_tokens/${tokenId}/outcome`, {
      status,
      ...(failureCode ? { failure_code: failureCode } : {}),
    });
    delivered = webhookEnvelope(event, {
      payment_token_id: tokenId,
      reference_id: referenceId,
      channel_code: 'DANA',
      country: 'ID',
      currency: 'IDR',
      status,
      actions: [],
      ...(failureCode ? { failure_code: failureCode } : {}),
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
    return server.deliverWebhook(delivered);
  }
  /** The body last delivered by this file, to tell it from the provider's own later webhooks. */
  let delivered: object = {};

  async function pendingMethod() {
    const created = (await link({ channel: 'DANA' })).json() as PaymentMethod;
    const [row] = await server.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, created.id));
    return { id: created.id, tokenId: row?.providerTokenId ?? '' };
  }

  const statusOf = async (id: string) =>
    (await server.db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]?.status;

  /**
   * The method's webhooks of this event, each with whether it was recorded no later than the
   * method was made and than it last changed, to the microsecond as PostgreSQL keeps them.
   */
  async function webhooksOf(paymentMethodId: string, event: string) {
    return server.db
      .select({
        status: paymentMethods.status,
        beforeCreated: sql<boolean>`${exchanges.createdAt} <= ${paymentMethods.createdAt}`,
        beforeUpdated: sql<boolean>`${exchanges.createdAt} <= ${paymentMethods.updatedAt}`,
      })
      .from(exchanges)
      .innerJoin(paymentMethods, eq(paymentMethods.id, exchanges.paymentMethodId))
      .where(
        and(
          eq(exchanges.paymentMethodId, paymentMethodId),
          eq(exchanges.kind, 'webhook'),
          eq(exchanges.event, event),
          eq(exchanges.data, delivered),
        ),
      );
  }

  it('activates on payment_token.activation, once for a duplicate delivery', async () => {
    const { id, tokenId } = await pendingMethod();
    expect((await deliver('payment_token.activation', tokenId, 'ACTIVE')).statusCode).toBe(200);
    expect((await deliver('payment_token.activation', tokenId, 'ACTIVE')).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('ACTIVE');
  });

  it('fails on payment_token.failure and ignores a later activation', async () => {
    const { id, tokenId } = await pendingMethod();
    await deliver('payment_token.failure', tokenId, 'FAILED');
    await deliver('payment_token.activation', tokenId, 'ACTIVE');
    expect(await statusOf(id)).toBe('FAILED');
    const read = (await call('GET', `/api/payment_methods/${id}`)).json() as PaymentMethod;
    expect(read.failure_code).toBe('AUTHENTICATION_FAILED');
  });

  it('expires an active method and keeps it expired when the activation arrives late', async () => {
    const { id, tokenId } = await pendingMethod();
    await deliver('payment_token.activation', tokenId, 'ACTIVE');
    await deliver('payment_token.expiry', tokenId, 'EXPIRED');
    await deliver('payment_token.activation', tokenId, 'ACTIVE');
    expect(await statusOf(id)).toBe('EXPIRED');
  });

  it('records a token webhook before it changes the method', async () => {
    const { id, tokenId } = await pendingMethod();
    expect((await deliver('payment_token.activation', tokenId, 'ACTIVE')).statusCode).toBe(200);
    expect(await webhooksOf(id, 'payment_token.activation')).toEqual([
      { status: 'ACTIVE', beforeCreated: false, beforeUpdated: true },
    ]);
  });

  it('saves one method from a PAY_AND_SAVE token, recording its activation before it changes it', async () => {
    const saver = await server.signIn('early-activation@example.com');
    const payment = (await pay({ type: 'PAY_AND_SAVE', ...directDebit }, saver)).json() as Payment;
    const confirmed = await call(
      'POST',
      `/api/payments/${payment.id}/validate_otp`,
      { otp_code: '222000' },
      saver,
    );
    expect(confirmed.json().status).toBe('SUCCEEDED');
    const tokenId = String((await server.heldPaymentRequest(payment.id)).payment_token_id);
    expect(
      (await deliver('payment_token.activation', tokenId, 'ACTIVE', payment.id)).statusCode,
    ).toBe(200);
    const saved = await server.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ status: 'ACTIVE', paymentId: payment.id });
    const [activation] = await webhooksOf(saved[0]?.id ?? '', 'payment_token.activation');
    expect(activation).toMatchObject({ status: 'ACTIVE', beforeUpdated: true });
  });

  it('ignores an activation of a token the provider does not hold, and saves nothing', async () => {
    const saver = await server.signIn('forged-activation@example.com');
    const payment = (await pay({ type: 'PAY_AND_SAVE', ...directDebit }, saver)).json() as Payment;
    const forged = `pt-${randomUUID()}`;
    expect(
      (await deliver('payment_token.activation', forged, 'ACTIVE', payment.id)).statusCode,
    ).toBe(200);
    const saved = await server.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, forged));
    expect(saved).toEqual([]);
  });

  it('records a webhook for an unknown token without failing', async () => {
    expect((await deliver('payment_token.activation', 'pt-unknown', 'ACTIVE')).statusCode).toBe(
      200,
    );
  });
});

describe('PAY_AND_SAVE', () => {
  it('makes the method appear as ACTIVE after the provider webhook', async () => {
    const saver = await server.signIn('saver@example.com');
    const created = (await pay({ type: 'PAY_AND_SAVE', ...directDebit }, saver)).json() as Payment;
    const confirmed = await call(
      'POST',
      `/api/payments/${created.id}/validate_otp`,
      { otp_code: '222000' },
      saver,
    );
    expect(confirmed.json().status).toBe('SUCCEEDED');
    // Both the activation and the capture name the token, and the store has answered both (it
    // answers once it has applied them): still one method.
    await waitFor('the capture and the activation answered', async () => {
      const response = await fetch(`${server.xendit.url}/_sim/webhooks?limit=500`, {
        headers: simulatorTestKey,
      });
      const { data } = (await response.json()) as {
        data: {
          event: string;
          payload: { data?: { reference_id?: string } };
          attempts: { response_status: number | null }[];
        }[];
      };
      const answered = data.filter(
        (hook) =>
          hook.payload.data?.reference_id === created.id &&
          hook.attempts.some((attempt) => attempt.response_status === 200),
      );
      return new Set(answered.map((hook) => hook.event)).size >= 2;
    });
    const methods = (await call('GET', '/api/payment_methods', undefined, saver)).json()
      .payment_methods as PaymentMethod[];
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({
      status: 'ACTIVE',
      channel: 'BRI_DIRECT_DEBIT',
      payment_id: created.id,
    });
  });
});
