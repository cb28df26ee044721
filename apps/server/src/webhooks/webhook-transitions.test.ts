import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

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

/** What the provider's record becomes for each event, where the simulator can end it so. */
const providerEnd = {
  'payment.capture': 'SUCCEEDED',
  'payment.failure': 'FAILED',
  'payment_request.expiry': 'EXPIRED',
} as const;

const claimed = {
  'payment.capture': 'SUCCEEDED',
  'payment.failure': 'FAILED',
  'payment.authorization': 'AUTHORIZED',
  'payment_request.expiry': 'EXPIRED',
} as const;

/**
 * The provider ends the payment request (when it still can), and the event is delivered about
 * the payment request it really holds. The store applies what reading the provider shows.
 */
async function deliver(event: Event, payment: Payment) {
  if (event !== 'payment.authorization') {
    await server.endAtProvider(payment.id, providerEnd[event], 'INSUFFICIENT_BALANCE');
  }
  const failureCode = event === 'payment.failure' ? 'INSUFFICIENT_BALANCE' : undefined;
  const body = await server.providerEvent(event, payment.id, claimed[event], failureCode);
  const response = await server.deliverWebhook(body);
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
    // The event claims an authorisation the provider's record does not show: the record wins.
    ['REQUIRES_ACTION', 'payment.authorization', 'REQUIRES_ACTION', 'PENDING'],
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
