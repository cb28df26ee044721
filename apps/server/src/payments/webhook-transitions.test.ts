import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('transitions@example.com');
});
afterAll(() => server?.close());

const headers = () => ({ authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });

async function newPayment(): Promise<Payment> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: headers(),
    payload: {
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    },
  });
  return response.json() as Payment;
}

type Event =
  'payment.capture' | 'payment.failure' | 'payment.authorization' | 'payment_request.expiry';

/** The provider's envelope for each event, about one store payment. */
function envelope(event: Event, payment: Payment) {
  const now = new Date().toISOString();
  const common = {
    reference_id: payment.id,
    payment_request_id: `pr-${randomUUID()}`,
    request_amount: payment.amount,
    currency: 'IDR',
    country: 'ID',
    channel_code: payment.channel,
    created: now,
    updated: now,
  };
  const data =
    event === 'payment_request.expiry'
      ? {
          ...common,
          business_id: '5f27a14a9bf05c73dd040bc8',
          type: 'PAY',
          status: 'EXPIRED',
          actions: [],
        }
      : {
          ...common,
          payment_id: `py-${randomUUID()}`,
          status: {
            'payment.capture': 'SUCCEEDED',
            'payment.failure': 'FAILED',
            'payment.authorization': 'AUTHORIZED',
          }[event],
          ...(event === 'payment.failure' ? { failure_code: 'INSUFFICIENT_BALANCE' } : {}),
        };
  return webhookEnvelope(event, data, now);
}

async function deliver(event: Event, payment: Payment) {
  const response = await server.deliverWebhook(envelope(event, payment));
  expect(response.statusCode).toBe(200);
}

async function read(payment: Payment): Promise<Payment> {
  const response = await server.app.inject({
    url: `/api/payments/${payment.id}`,
    headers: headers(),
  });
  return response.json() as Payment;
}

/** Brings a fresh payment to a starting status through the same webhooks and API calls. */
async function paymentIn(status: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED') {
  const payment = await newPayment();
  if (status === 'SUCCEEDED') await deliver('payment.capture', payment);
  if (status === 'FAILED') await deliver('payment.failure', payment);
  if (status === 'CANCELLED') {
    await server.app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/cancel`,
      headers: headers(),
    });
  }
  expect((await read(payment)).status).toBe(status);
  return payment;
}

describe('every webhook on every payment status', () => {
  it.each([
    ['REQUIRES_ACTION', 'payment.capture', 'SUCCEEDED', 'PAID'],
    ['REQUIRES_ACTION', 'payment.failure', 'FAILED', 'FAILED'],
    ['REQUIRES_ACTION', 'payment.authorization', 'PENDING', 'PENDING'],
    ['REQUIRES_ACTION', 'payment_request.expiry', 'FAILED', 'FAILED'],
    ['SUCCEEDED', 'payment.capture', 'SUCCEEDED', 'PAID'],
    ['SUCCEEDED', 'payment.failure', 'SUCCEEDED', 'PAID'],
    ['SUCCEEDED', 'payment.authorization', 'SUCCEEDED', 'PAID'],
    ['SUCCEEDED', 'payment_request.expiry', 'SUCCEEDED', 'PAID'],
    ['FAILED', 'payment.capture', 'FAILED', 'FAILED'],
    ['FAILED', 'payment.authorization', 'FAILED', 'FAILED'],
    ['CANCELLED', 'payment.capture', 'CANCELLED', 'CANCELLED'],
    ['CANCELLED', 'payment.failure', 'CANCELLED', 'CANCELLED'],
  ] as const)('%s + %s -> %s (lines %s)', async (from, event, status, lineStatus) => {
    const payment = await paymentIn(from);
    await deliver(event, payment);
    const after = await read(payment);
    expect(after.status).toBe(status);
    expect(after.orders.map((line) => line.status)).toEqual([lineStatus]);
    if (event === 'payment_request.expiry' && from === 'REQUIRES_ACTION') {
      expect(after.failure_code).toBe('PAYMENT_REQUEST_EXPIRED');
    }
  });
});
