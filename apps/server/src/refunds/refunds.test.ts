import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateRefundResponse, Payment } from '@store/contract';
import { createXenditClient } from '@store/xendit';
import { paymentLines, payments, exchanges, refunds } from '../db/schema.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  // The provider settles refunds a few seconds late, so a test can end one first.
  server = await startTestServer({}, { simulator: { asyncDelayMs: 2000 } });
  token = await server.signIn('refunder@example.com');
  otherToken = await server.signIn('not-the-refunder@example.com');
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
const tote = { product_id: 'id-canvas-tote', quantity: 1, price: 149_000, currency: 'IDR' };

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
  return server.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, payload });
}

async function createPayment(overrides: Record<string, unknown> = {}): Promise<Payment> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: {
      amount: 238_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BRI_DIRECT_DEBIT',
      type: 'PAY',
      orders: [mug, tote],
      channel_properties: { mobile_number: '+628111111111' },
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Payment;
}

/** A paid payment of a mug and a tote: direct debit confirmed with the test OTP. */
async function paidPayment(overrides: Record<string, unknown> = {}): Promise<Payment> {
  const created = await createPayment(overrides);
  const confirmed = await call('POST', `/api/payments/${created.id}/validate_otp`, {
    otp_code: '222000',
  });
  expect(confirmed.json().status).toBe('SUCCEEDED');
  return confirmed.json() as Payment;
}

const lineOf = (payment: Payment, productId: string) =>
  payment.orders.find((line) => line.product_id === productId)?.id ?? '';

async function refund(paymentId: string, orders: string[], as = token) {
  return call('POST', `/api/payments/${paymentId}/refund`, { orders }, as);
}

function waitForStatus(id: string, status: string): Promise<Payment> {
  return waitFor(`payment ${id} ${status}`, async () => {
    const payment = (await call('GET', `/api/payments/${id}`)).json() as Payment;
    return payment.status === status && payment;
  });
}

async function providerRefundRequests(paymentId: string) {
  return server.db
    .select()
    .from(exchanges)
    .where(
      and(
        eq(exchanges.paymentId, paymentId),
        eq(exchanges.kind, 'request'),
        isNotNull(exchanges.refundId),
        sql`${exchanges.exchange}->'request'->>'method' = 'POST'`,
      ),
    );
}

describe('POST /api/payments/:paymentId/refund', () => {
  it('refunds one line: REFUND_PENDING at once, REFUND_SUCCEEDED after the webhook', async () => {
    const payment = await paidPayment();
    const toteLine = lineOf(payment, tote.product_id);
    const response = await refund(payment.id, [toteLine]);
    expect(response.statusCode).toBe(201);
    const body = response.json() as CreateRefundResponse;
    expect(body.refund).toMatchObject({
      status: 'PENDING',
      amount: 149_000,
      currency: 'IDR',
      orders: [toteLine],
    });
    expect(body.payment.status).toBe('REFUND_PENDING');
    expect(body.payment.orders.map((line) => [line.product_id, line.status])).toEqual([
      [mug.product_id, 'PAID'],
      [tote.product_id, 'REFUND_PENDING'],
    ]);

    const settled = await waitForStatus(payment.id, 'REFUND_SUCCEEDED');
    expect(settled.status).toBe('REFUND_SUCCEEDED');
    expect(settled.orders.map((line) => line.status)).toEqual(['PAID', 'REFUND_SUCCEEDED']);
    const operations = settled.xendit_operations ?? [];
    expect(
      operations.some(
        (operation) =>
          operation.kind === 'request' &&
          operation.exchange.request.url.endsWith('/refunds') &&
          (operation.exchange.request.data as { amount: number }).amount === 149_000,
      ),
    ).toBe(true);
    expect(
      operations.some(
        (operation) => operation.kind === 'webhook' && operation.event === 'refund.succeeded',
      ),
    ).toBe(true);

    // A second partial refund of the remaining line.
    const second = await refund(payment.id, [lineOf(payment, mug.product_id)]);
    expect(second.statusCode).toBe(201);
    expect((second.json() as CreateRefundResponse).payment.status).toBe('REFUND_PENDING');
    const done = await waitForStatus(payment.id, 'REFUND_SUCCEEDED');
    expect(done.orders.map((line) => line.status)).toEqual([
      'REFUND_SUCCEEDED',
      'REFUND_SUCCEEDED',
    ]);
  });

  it('refuses a payment that has not succeeded', async () => {
    const payment = await createPayment();
    const response = await refund(payment.id, [lineOf(payment, mug.product_id)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('PAYMENT_NOT_REFUNDABLE');
    expect(await providerRefundRequests(payment.id)).toHaveLength(0);
  });

  it('refuses a line twice: 409 while pending, 400 once refunded', async () => {
    const payment = await paidPayment();
    const mugLine = lineOf(payment, mug.product_id);
    expect((await refund(payment.id, [mugLine])).statusCode).toBe(201);
    const again = await refund(payment.id, [mugLine]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('REFUND_IN_PROGRESS');
    await waitForStatus(payment.id, 'REFUND_SUCCEEDED');
    const afterwards = await refund(payment.id, [mugLine]);
    expect(afterwards.statusCode).toBe(400);
    expect(afterwards.json().error_code).toBe('LINE_NOT_REFUNDABLE');
    // The message names the product, which a customer knows, beside the line's id.
    expect(afterwards.json().message).toContain('(Ceramic Mug)');
    expect(await providerRefundRequests(payment.id)).toHaveLength(1);
  });

  it('refuses a line of another payment', async () => {
    const payment = await paidPayment();
    const other = await paidPayment();
    const response = await refund(payment.id, [lineOf(other, mug.product_id)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('LINE_NOT_REFUNDABLE');
  });

  it("answers 404 for another customer's payment and changes nothing", async () => {
    const payment = await paidPayment();
    const response = await refund(payment.id, [lineOf(payment, mug.product_id)], otherToken);
    expect(response.statusCode).toBe(404);
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('SUCCEEDED');
  });

  it('makes one provider refund out of 20 concurrent refunds of one line', async () => {
    const payment = await paidPayment();
    const mugLine = lineOf(payment, mug.product_id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => refund(payment.id, [mugLine])),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error_code).toBe('REFUND_IN_PROGRESS');
    }
    expect(await providerRefundRequests(payment.id)).toHaveLength(1);
  });

  it('caps the refund at what was paid when a voucher applied', async () => {
    const payment = await paidPayment({ voucher_id: 'vch-id-hemat10', amount: 228_000 });
    const first = (await refund(payment.id, [lineOf(payment, tote.product_id)])).json();
    expect(first.refund.amount).toBe(149_000);
    await waitUntilRefund(first.refund.id, 'SUCCEEDED');
    const second = (await refund(payment.id, [lineOf(payment, mug.product_id)])).json();
    // 228,000 paid - 149,000 refunded: the voucher's 10,000 comes off the mug.
    expect(second.refund.amount).toBe(79_000);
  });

  it('rolls the lines back and shows the exchange when the provider refuses', async () => {
    const payment = await paidPayment();
    // Someone refunds most of the payment straight at the provider, so the store's refund of the
    // tote exceeds what is left there.
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    const client = createXenditClient({
      baseUrl: server.config.xenditBaseUrl,
      secretKey: server.config.xendit.keys.development.secretKey,
      timeoutMs: 5_000,
    });
    const direct = await client.createRefund(
      {
        payment_request_id: row?.providerRequestId ?? '',
        reason: 'OTHERS',
        amount: 200_000,
      },
      { idempotencyKey: randomUUID() },
    );
    // Settled first: while it is pending, the provider refuses any other refund of the payment.
    expect(
      (
        await server.simulatorCall(`/_sim/refunds/${direct.body.id}/outcome`, {
          status: 'SUCCEEDED',
        })
      ).status,
    ).toBe(200);
    const response = await refund(payment.id, [lineOf(payment, tote.product_id)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('REFUND_AMOUNT_EXCEEDED');
    expect(response.json().response.request.url).toMatch(/\/refunds$/);
    const read = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(read.status).toBe('SUCCEEDED');
    expect(read.orders.map((line) => line.status)).toEqual(['PAID', 'PAID']);
    const lines = await server.db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment.id));
    expect(lines.every((line) => line.refundId === null)).toBe(true);
  });
});

describe('refund webhooks', () => {
  /** Ends a refund at the provider (before its own schedule does), then awaits its webhook. */
  async function endAtProvider(refundId: string, status: 'SUCCEEDED' | 'FAILED') {
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    const ended = await server.simulatorCall(
      `/_sim/refunds/${row?.providerRefundId ?? ''}/outcome`,
      { status },
    );
    expect(ended.status).toBe(200);
  }

  /** A mug refund's webhook data as the provider would send it, naming what the store recorded. */
  async function recordedRefundData(refundId: string, paymentId: string) {
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    const [paid] = await server.db.select().from(payments).where(eq(payments.id, paymentId));
    return {
      id: row?.providerRefundId,
      payment_request_id: paid?.providerRequestId,
      reference_id: refundId,
      channel_code: 'BRI_DIRECT_DEBIT',
      currency: 'IDR',
      amount: 89_000,
      status: 'SUCCEEDED',
      reason: 'REQUESTED_BY_CUSTOMER',
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    };
  }

  it('fails a refund on refund.failed, ignores a late success, and allows a new refund', async () => {
    const payment = await paidPayment();
    const mugLine = lineOf(payment, mug.product_id);
    const created = (await refund(payment.id, [mugLine])).json() as CreateRefundResponse;
    await endAtProvider(created.refund.id, 'FAILED');
    const failed = await waitForStatus(payment.id, 'REFUND_FAILED');
    expect(failed.orders.map((line) => line.status)).toEqual(['REFUND_FAILED', 'PAID']);
    // A success claimed afterwards about the same refund: the refund already ended FAILED.
    const lateSuccess = webhookEnvelope(
      'refund.succeeded',
      await recordedRefundData(created.refund.id, payment.id),
    );
    expect((await server.deliverWebhook(lateSuccess)).statusCode).toBe(200);
    const read = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(read.status).toBe('REFUND_FAILED');
    const webhooks = (read.xendit_operations ?? []).filter(
      (operation) => operation.kind === 'webhook' && operation.event === 'refund.failed',
    );
    expect(webhooks).toHaveLength(1);

    const retried = await refund(payment.id, [mugLine]);
    expect(retried.statusCode).toBe(201);
    expect((await waitForStatus(payment.id, 'REFUND_SUCCEEDED')).orders[0]?.status).toBe(
      'REFUND_SUCCEEDED',
    );
  });

  it('applies a refund event only when it names the refund exactly as recorded', async () => {
    const payment = await paidPayment();
    const created = (await refund(payment.id, [lineOf(payment, mug.product_id)])).json();
    const refundId = (created as CreateRefundResponse).refund.id;
    const recorded = await recordedRefundData(refundId, payment.id);
    const forged = [
      { ...recorded, amount: 1 },
      { ...recorded, currency: 'PHP' },
      { ...recorded, id: 'rfd-00000000-0000-4000-8000-000000000000' },
      { ...recorded, payment_request_id: 'pr-00000000-0000-4000-8000-000000000000' },
    ];
    for (const data of forged) {
      const answered = await server.deliverWebhook(webhookEnvelope('refund.succeeded', data));
      expect(answered.statusCode).toBe(200);
    }
    // An event whose name says one outcome and whose body another.
    const disagreeing = webhookEnvelope('refund.failed', { ...recorded, status: 'SUCCEEDED' });
    expect((await server.deliverWebhook(disagreeing)).statusCode).toBe(200);

    const ignored = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.refundId, refundId), isNotNull(exchanges.ignoredReason)));
    // Recorded with the reason, and never applied (the simulator's own event may settle it later).
    expect(ignored).toHaveLength(5);

    const genuine = webhookEnvelope('refund.succeeded', recorded);
    expect((await server.deliverWebhook(genuine)).statusCode).toBe(200);
    expect((await waitUntilRefund(refundId, 'SUCCEEDED'))?.status).toBe('SUCCEEDED');
    // The store never asks the provider for a refund: the published API has no such read.
    const reads = await server.db
      .select()
      .from(exchanges)
      .where(
        and(
          eq(exchanges.refundId, refundId),
          sql`${exchanges.exchange}->'request'->>'method' = 'GET'`,
        ),
      );
    expect(reads).toHaveLength(0);
  });

  it('holds back an event for a refund whose provider id was never recorded, until the reconciler records it', async () => {
    const payment = await paidPayment();
    const created = (await refund(payment.id, [lineOf(payment, mug.product_id)])).json();
    const refundId = (created as CreateRefundResponse).refund.id;
    const genuine = await recordedRefundData(refundId, payment.id);
    // The create's answer lost: the store never learnt the provider's refund id.
    await server.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, refundId));
    const forged = webhookEnvelope('refund.failed', {
      ...genuine,
      id: 'rfd-00000000-0000-4000-8000-000000000000',
      status: 'FAILED',
    });
    const held = await server.deliverWebhook(forged);
    expect(held.statusCode).toBe(503);
    expect(held.json()).toMatchObject({ error_code: 'REFUND_NOT_YET_RECORDED' });
    const [waiting] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(waiting?.status).toBe('PENDING');

    // The reconciler replays the create under the refund's key and records the real id.
    await server.app.reconciler.reconcileNow({ at: new Date(Date.now() + 3_600_000) });
    const [replayed] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(replayed?.providerRefundId).toBe(genuine.id);
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);
    const [stillThere] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(stillThere?.status).not.toBe('FAILED');
  });

  it('takes one refund of a payment at a time, as the provider does, refusing the next before asking it', async () => {
    const payment = await paidPayment();
    const first = (await refund(payment.id, [lineOf(payment, mug.product_id)])).json();
    const meanwhile = await refund(payment.id, [lineOf(payment, tote.product_id)]);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error_code).toBe('REFUND_IN_PROGRESS');
    expect(await providerRefundRequests(payment.id)).toHaveLength(1);
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('REFUND_PENDING');

    await endAtProvider(first.refund.id, 'SUCCEEDED');
    await waitUntilRefund(first.refund.id, 'SUCCEEDED');
    const second = await refund(payment.id, [lineOf(payment, tote.product_id)]);
    expect(second.statusCode).toBe(201);
    await endAtProvider(second.json().refund.id, 'SUCCEEDED');
    expect((await waitForStatus(payment.id, 'REFUND_SUCCEEDED')).status).toBe('REFUND_SUCCEEDED');
  });
});

function waitUntilRefund(refundId: string, status: string) {
  return waitFor(`refund ${refundId} ${status}`, async () => {
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    return row?.status === status && row;
  });
}
