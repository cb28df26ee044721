import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSession, Payment, PaymentMethod } from '@store/contract';
import { createDefaultAccount } from '@store/xendit-sim';
import { payments, exchanges } from '../db/schema.ts';
import { collectCardData } from '../test/cards-script.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { vaOrder } from '../../harness/helpers.ts';

/**
 * The money-flow attacks an outsider can try with what the README publishes (the simulator's
 * test keys and default callback tokens), each with what must hold: nothing changed, nothing
 * stored, nothing replayed, never a 500.
 */
let server: TestServer;
let victim: string;
let attacker: string;
let liveVictim: string;
beforeAll(async () => {
  server = await startTestServer();
  victim = await server.signIn('victim@example.com');
  attacker = await server.signIn('attacker@example.com');
  liveVictim = await server.signIn('live-victim@example.com', 'demo-ph');
});
afterAll(() => server?.close());

const account = createDefaultAccount();

async function call(method: 'GET' | 'POST', url: string, as: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${as}`, 'idempotency-key': randomUUID() },
    payload,
  });
}

async function storedPayment(id: string) {
  const [row] = await server.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

/** A payment request made straight at the provider with the public test key. */
async function providerCreate(body: object) {
  const response = await fetch(`${server.xendit.url}/v3/payment_requests`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'api-version': '2024-11-11',
      authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { payment_request_id: string };
}

function captureOf(paymentId: string, paymentRequestId: string, amount: number, currency = 'IDR') {
  const now = new Date().toISOString();
  return webhookEnvelope('payment.capture', {
    payment_id: `py-${randomUUID()}`,
    payment_request_id: paymentRequestId,
    reference_id: paymentId,
    request_amount: amount,
    currency,
    country: currency === 'PHP' ? 'PH' : 'ID',
    channel_code: 'BCA_VIRTUAL_ACCOUNT',
    status: 'SUCCEEDED',
    created: now,
    updated: now,
  });
}

const ignoredReasons = (paymentId: string) =>
  server.db
    .select({ reason: exchanges.ignoredReason })
    .from(exchanges)
    .where(and(eq(exchanges.paymentId, paymentId), eq(exchanges.kind, 'webhook')));

describe('forged and mismatched payment webhooks', () => {
  it('ignores a capture of IDR 1 with the default token, and keeps the recorded request id', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const before = await storedPayment(payment.id);
    const forged = captureOf(payment.id, `pr-${randomUUID()}`, 1);
    const response = await server.deliverWebhook(forged);
    expect(response.statusCode).toBe(200);
    const after = await storedPayment(payment.id);
    expect(after.status).toBe('REQUIRES_ACTION');
    expect(after.providerRequestId).toBe(before.providerRequestId);
    expect((await ignoredReasons(payment.id))[0]?.reason).toMatch(/not .* the one recorded/);
  });

  it('ignores a capture naming the recorded request with another amount', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const recorded = (await storedPayment(payment.id)).providerRequestId ?? '';
    await server.deliverWebhook(captureOf(payment.id, recorded, 1));
    expect((await storedPayment(payment.id)).status).toBe('REQUIRES_ACTION');
  });

  it('ignores a capture of the recorded request the provider has not captured', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const recorded = (await storedPayment(payment.id)).providerRequestId ?? '';
    const response = await server.deliverWebhook(captureOf(payment.id, recorded, payment.amount));
    expect(response.statusCode).toBe(200);
    expect((await storedPayment(payment.id)).status).toBe('REQUIRES_ACTION');
  });

  it('ignores a test-mode payment request paid in the name of a live order', async () => {
    const live = (
      await call('POST', '/api/payments', liveVictim, {
        amount: 32_000,
        currency: 'PHP',
        country: 'PH',
        channel: 'GCASH',
        type: 'PAY',
        orders: [{ product_id: 'ph-ceramic-mug', quantity: 1, price: 32_000, currency: 'PHP' }],
      })
    ).json() as Payment;
    expect(live.status).toBe('REQUIRES_ACTION');
    const cheap = await providerCreate({
      reference_id: live.id,
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 1,
      channel_code: 'BCA_VIRTUAL_ACCOUNT',
      channel_properties: { display_name: 'Attacker' },
    });
    const response = await server.deliverWebhook(captureOf(live.id, cheap.payment_request_id, 1));
    expect(response.statusCode).toBe(200);
    const after = await storedPayment(live.id);
    expect(after.status).toBe('REQUIRES_ACTION');
    expect(after.providerRequestId).not.toBe(cheap.payment_request_id);
    expect((await ignoredReasons(live.id))[0]?.reason).toMatch(/callback token/);
  });

  it('never lets a forged event hide the payment from its owner', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const forged = webhookEnvelope('payment.authorization', {
      payment_id: `py-${randomUUID()}`,
      payment_request_id: `pr-${randomUUID()}`,
      reference_id: payment.id,
      request_amount: payment.amount,
      currency: 'IDR',
      country: 'ID',
      channel_code: payment.channel,
      status: 'AUTHORIZED',
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);
    const read = await call('GET', `/api/payments/${payment.id}`, victim);
    expect(read.statusCode).toBe(200);
    expect((read.json() as Payment).status).toBe('REQUIRES_ACTION');
  });

  it('answers 200, not 500, for a request id already stored on another payment', async () => {
    const first = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const second = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    const taken = (await storedPayment(first.id)).providerRequestId ?? '';
    const response = await server.deliverWebhook(captureOf(second.id, taken, second.amount));
    expect(response.statusCode).toBe(200);
    expect((await storedPayment(second.id)).providerRequestId).not.toBe(taken);
  });

  it('refuses the live callback token for a test-mode payment, and the test token for live', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    await server.endAtProvider(payment.id, 'SUCCEEDED');
    const capture = await server.providerEvent('payment.capture', payment.id, 'SUCCEEDED');
    const asLive = await server.deliverWebhook(capture, server.config.xendit.callbackTokens.live);
    expect(asLive.statusCode).toBe(200);
    // Only the provider's own delivery, with the test token, may settle it.
    const [recorded] = await server.db
      .select({ reason: exchanges.ignoredReason })
      .from(exchanges)
      .where(and(eq(exchanges.paymentId, payment.id), eq(exchanges.data, capture)));
    expect(recorded?.reason).toMatch(/callback token is not the one of development/);
  });

  it('answers no fuzzed webhook body with a 500', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { event: 'payment.capture' },
      { event: 'payment.capture', data: null },
      { event: 'payment.capture', business_id: 1, created: {}, data: { reference_id: [] } },
      { event: 'refund.succeeded', business_id: 'x', created: 'x', data: { id: 'x' } },
      { event: 'x'.repeat(10_000), data: {} },
      { event: 'payment_token.activation', business_id: 'x', created: 'x', data: {} },
      { event: 'payment_session.completed', business_id: 'x', created: 'x', data: {} },
      { event: '__proto__', data: { __proto__: { polluted: true } } },
    ];
    for (const body of bodies) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/webhooks/xendit',
        headers: {
          'x-callback-token': server.config.xendit.callbackTokens.development,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    const token = server.config.xendit.callbackTokens.development;
    // No body at all, and one nested too deep to store (it could not be serialised).
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/xendit',
      headers: { 'x-callback-token': token },
    });
    expect(empty.statusCode).toBeLessThan(500);
    const deep = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/xendit',
      headers: { 'x-callback-token': token, 'content-type': 'application/json' },
      payload: `{"event":"refund.succeeded","data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ error_code: 'INVALID_WEBHOOK_BODY' });
  });
});

describe('another customer’s provider ids', () => {
  async function cardSession(as: string): Promise<CardSession> {
    const response = await call('POST', '/api/payments/cards', as, {
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
      country: 'ID',
      currency: 'IDR',
    });
    return response.json() as CardSession;
  }

  const collect = (session: CardSession) =>
    collectCardData(server.xendit.url, session, '4000000000001000');

  /** What the attacker's own logs (of their payment or method) hold of an id. */
  const logsMention = async (id: string, link: { paymentId?: string; paymentMethodId?: string }) =>
    server.db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(
        and(
          link.paymentId
            ? eq(exchanges.paymentId, link.paymentId)
            : eq(exchanges.paymentMethodId, link.paymentMethodId ?? ''),
          sql`${exchanges.exchange}::text like ${`%${id}%`}`,
        ),
      );

  it("refuses completing one's own session with another customer's payment request, storing none of it", async () => {
    const theirs = await cardSession(victim);
    const paid = await collect(theirs);
    const mine = await cardSession(attacker);
    const response = await call(
      'POST',
      `/api/payments/cards/session/${mine.id}/complete`,
      attacker,
      { payment_request_id: paid.payment_request_id },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('PAYMENT_REQUEST_MISMATCH');
    expect(
      await logsMention(paid.payment_request_id, { paymentId: mine.payment_id ?? '' }),
    ).toEqual([]);
  });

  it("refuses saving another customer's card token, storing none of it", async () => {
    const link = async (as: string) =>
      (
        await call('POST', '/api/payment_methods', as, {
          channel: 'CARDS',
          country: 'ID',
          reference_id: randomUUID(),
        })
      ).json() as PaymentMethod;
    const session = async (as: string) =>
      (await call('GET', '/api/payments/cards/session', as)).json() as CardSession;
    await link(victim);
    const theirs = await collect(await session(victim));
    await link(attacker);
    const mine = await session(attacker);
    const response = await call(
      'POST',
      `/api/payments/cards/session/${mine.id}/complete_save`,
      attacker,
      { payment_token_id: theirs.payment_token_id },
    );
    expect(response.statusCode).toBe(400);
    expect(
      await logsMention(theirs.payment_token_id, {
        paymentMethodId: mine.payment_method_id ?? '',
      }),
    ).toEqual([]);
  });
});

describe('the store record outlives the provider’s', () => {
  it('answers the stored payment when the provider has forgotten it', async () => {
    const payment = (await call('POST', '/api/payments', victim, vaOrder())).json() as Payment;
    expect((await server.simulatorCall('/_sim/reset', {})).status).toBe(200);
    // Old enough that a read asks the provider for news.
    await server.db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(payments.id, payment.id));
    const read = await call('GET', `/api/payments/${payment.id}`, victim);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: payment.id, status: 'REQUIRES_ACTION' });
  });
});
