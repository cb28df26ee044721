import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreateRefundResponse, Payment, PaymentMethod } from '@store/contract';
import { paymentMethods, payments, exchanges, refunds } from '../db/schema.ts';
import { waitFor } from '../test/wait-for.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { directDebitOrder, providerPaymentRequests, vaOrder } from '../../harness/helpers.ts';
import { recordCounts } from '../../harness/soak.ts';

let server: TestServer;
let token: string;
let requests = 0;
let paymentsChecked = 0;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('money@example.com');
});
afterAll(async () => {
  recordCounts('money', { requests, paymentsChecked });
  await server?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object, key = randomUUID()) {
  requests += 1;
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });
}

async function deliver(body: object, callbackToken?: string) {
  requests += 1;
  return server.deliverWebhook(body, callbackToken);
}

async function paidPayment(): Promise<Payment> {
  const created = (await call('POST', '/api/payments', directDebitOrder())).json() as Payment;
  const confirmed = await call('POST', `/api/payments/${created.id}/validate_otp`, {
    otp_code: '222000',
  });
  expect(confirmed.json().status).toBe('SUCCEEDED');
  return confirmed.json() as Payment;
}

/** A refund event about the refund the provider really holds, claiming `status`. */
function refundEvent(
  event: string,
  refund: { refundId: string; providerRefundId: string; paymentRequestId: string },
  status: string,
) {
  return webhookEnvelope(event, {
    id: refund.providerRefundId,
    payment_request_id: refund.paymentRequestId,
    reference_id: refund.refundId,
    channel_code: 'BRI_DIRECT_DEBIT',
    currency: 'IDR',
    amount: 89_000,
    status,
    reason: 'REQUESTED_BY_CUSTOMER',
    ...(status === 'FAILED' ? { failure_code: 'INSUFFICIENT_BALANCE' } : {}),
    created: new Date().toISOString(),
    updated: new Date().toISOString(),
  });
}

const webhooksOf = (column: 'refundId' | 'paymentMethodId', id: string) =>
  server.db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges[column], id), eq(exchanges.kind, 'webhook')));

describe('one Idempotency-Key, many concurrent creates', () => {
  it('makes one payment and one provider request out of 50 concurrent creates', async () => {
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/payments', vaOrder(), key)),
    );
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([201]));
    const ids = new Set(responses.map((response) => (response.json() as Payment).id));
    expect(ids.size).toBe(1);
    const [id = ''] = [...ids];
    const stored = await server.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(stored).toHaveLength(1);
    const requests = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.paymentId, id), eq(exchanges.kind, 'request')));
    expect(requests).toHaveLength(1);
    expect(await providerPaymentRequests(server.xendit.url, id)).toHaveLength(1);
    paymentsChecked += 1;
  });
});

describe('concurrent refunds', () => {
  it('makes one refund and one provider refund out of 20 concurrent refunds of one line', async () => {
    const payment = await paidPayment();
    const line = payment.orders[0]?.id ?? '';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/payments/${payment.id}/refund`, { orders: [line] }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    // Every other one is refused: while the refund is in flight, or, on a machine slow enough that
    // it comes after the provider settled the refund (200 ms here), because the line is refunded.
    const refusals = responses
      .filter((response) => response.statusCode !== 201)
      .map((response) => `${response.statusCode} ${(response.json() as ApiErrorBody).error_code}`);
    expect(refusals).toHaveLength(19);
    for (const refusal of refusals) {
      expect(['409 REFUND_IN_PROGRESS', '400 LINE_NOT_REFUNDABLE']).toContain(refusal);
    }
    expect(
      await server.db.select().from(refunds).where(eq(refunds.paymentId, payment.id)),
    ).toHaveLength(1);
    const refundCalls = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.paymentId, payment.id), isNotNull(exchanges.refundId)));
    const creates = refundCalls.filter(
      (operation) =>
        operation.kind === 'request' &&
        (operation.exchange as { request: { method: string } }).request.method === 'POST',
    );
    expect(creates).toHaveLength(1);
    paymentsChecked += 1;
  });
});

describe('refund webhooks: duplicated, out of order, forged', () => {
  async function pendingRefund() {
    const payment = await paidPayment();
    const created = (
      await call('POST', `/api/payments/${payment.id}/refund`, {
        orders: [payment.orders[0]?.id ?? ''],
      })
    ).json() as CreateRefundResponse;
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, created.refund.id));
    const [paid] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    return {
      payment,
      refundId: created.refund.id,
      providerRefundId: row?.providerRefundId ?? '',
      paymentRequestId: paid?.providerRequestId ?? '',
    };
  }

  it('applies one in the published examples’ shape: an envelope nested in data, no payment_request_id', async () => {
    const pending = await pendingRefund();
    await server.simulatorCall(`/_sim/refunds/${pending.providerRefundId}/outcome`, {
      status: 'SUCCEEDED',
    });
    const refund = refundEvent('refund.succeeded', pending, 'SUCCEEDED').data as Record<
      string,
      unknown
    >;
    delete refund.payment_request_id;
    const nested = webhookEnvelope('refund.succeeded', webhookEnvelope('refund.succeeded', refund));
    expect((await deliver(nested)).statusCode).toBe(200);
    const recorded = (await webhooksOf('refundId', pending.refundId)).find(
      (operation) => (operation.data as { data?: { event?: string } }).data?.event !== undefined,
    );
    expect(recorded).toBeDefined();
    expect(recorded?.ignoredReason).toBeNull();
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, pending.refundId));
    expect(row?.status).toBe('SUCCEEDED');
  });

  it('refuses a refund webhook with a wrong callback token and records nothing', async () => {
    const pending = await pendingRefund();
    const { payment, refundId } = pending;
    const forged = refundEvent('refund.failed', pending, 'FAILED');
    const response = await deliver(forged, 'not-the-callback-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('INVALID_CALLBACK_TOKEN');
    expect(await webhooksOf('refundId', refundId)).toHaveLength(0);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row?.status).not.toBe('FAILED');
    const [stored] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(stored?.status).not.toBe('REFUND_FAILED');
  });

  it('keeps a refund SUCCEEDED when a duplicate arrives and a failure arrives late', async () => {
    const pending = await pendingRefund();
    const { payment, refundId } = pending;
    // The provider settles the refund (unless its own schedule already did).
    await server.simulatorCall(`/_sim/refunds/${pending.providerRefundId}/outcome`, {
      status: 'SUCCEEDED',
    });
    const succeeded = refundEvent('refund.succeeded', pending, 'SUCCEEDED');
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(refundEvent('refund.failed', pending, 'FAILED'))).statusCode).toBe(200);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row?.status).toBe('SUCCEEDED');
    const read = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(read.status).toBe('REFUND_SUCCEEDED');
    expect(read.orders.map((line) => line.status)).toEqual(['REFUND_SUCCEEDED', 'PAID']);
    // The simulator's own refund.succeeded comes too; every distinct body is recorded once.
    await waitFor(
      'three refund webhooks recorded',
      async () => (await webhooksOf('refundId', refundId)).length >= 3,
    );
    const events = (await webhooksOf('refundId', refundId)).map((operation) => operation.event);
    expect(events.filter((event) => event === 'refund.failed')).toHaveLength(1);
  });
});

describe('payment and payment-token webhooks with a wrong callback token', () => {
  it('changes no payment and records nothing', async () => {
    const payment = (await call('POST', '/api/payments', vaOrder())).json() as Payment;
    const capture = webhookEnvelope('payment.capture', {
      payment_id: `py-${randomUUID()}`,
      payment_request_id: `pr-${randomUUID()}`,
      reference_id: payment.id,
      request_amount: payment.amount,
      currency: 'IDR',
      country: 'ID',
      channel_code: payment.channel,
      status: 'SUCCEEDED',
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
    for (const callbackToken of [
      '',
      'simulator-callback-token-but-longer',
      'SIMULATOR-CALLBACK-TOKEN',
    ]) {
      expect((await deliver(capture, callbackToken)).statusCode).toBe(401);
    }
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('REQUIRES_ACTION');
    const webhooks = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.paymentId, payment.id), eq(exchanges.kind, 'webhook')));
    expect(webhooks).toHaveLength(0);
  });

  it('changes no payment method and records nothing', async () => {
    const linked = await server.app.inject({
      method: 'POST',
      url: '/api/payment_methods',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload: { country: 'ID', reference_id: 'money-test', channel: 'DANA' },
    });
    const method = linked.json() as PaymentMethod;
    const [before] = await server.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, method.id));
    const activation = webhookEnvelope('payment_token.activation', {
      payment_token_id: before?.providerTokenId ?? '',
      reference_id: method.id,
      channel_code: 'DANA',
      country: 'ID',
      currency: 'IDR',
      status: 'ACTIVE',
      actions: [],
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
    expect((await deliver(activation, 'wrong-token')).statusCode).toBe(401);
    const [after] = await server.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, method.id));
    expect(after?.status).toBe(before?.status);
    expect(after?.status).not.toBe('ACTIVE');
    expect(await webhooksOf('paymentMethodId', method.id)).toHaveLength(0);
  });
});
