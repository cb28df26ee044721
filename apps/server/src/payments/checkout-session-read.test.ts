import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, PaymentMethod } from '@store/contract';
import { createDefaultAccount } from '@store/xendit-sim';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

// A payment on the hosted checkout whose session webhook never arrives (the provider sends every
// webhook to an address nobody answers): reading the payment, or the reconciler, reads its session
// back and settles it, as for any other payment whose outcome the store did not hear.

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      simulator: {
        accounts: [createDefaultAccount({ webhookUrl: 'http://127.0.0.1:9/lost-webhooks' })],
      },
    },
  );
  token = await server.signIn('lost-session-webhook@example.com');
});
afterAll(() => server?.close());

let sequence = 0;
const newKey = () => `lost-session-${Date.now()}-${(sequence += 1)}`;
const order = (type: 'PAY' | 'PAY_AND_SAVE') => ({
  amount: 89_000,
  currency: 'IDR',
  country: 'ID',
  type,
  orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'idempotency-key': newKey() } : {}),
    },
    payload,
  });

/** Submits the hosted checkout at `page` with a frictionless card, as the customer would. */
const payByCardOn = (page: string) =>
  fetch(`${page}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      channel: 'CARDS',
      card_number: '4000000000001000',
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
    }),
    redirect: 'manual',
  });

/** Opens the hosted checkout for an order and pays it there with a frictionless card. */
async function payOnHostedPage(type: 'PAY' | 'PAY_AND_SAVE'): Promise<Payment> {
  const response = await call('POST', '/api/payments/checkout_session', order(type));
  expect(response.statusCode, response.body).toBe(201);
  const payment = response.json() as Payment;
  const page = payment.actions.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value ?? '';
  const paid = await payByCardOn(page);
  expect(paid.status).toBe(303);
  return payment;
}

const readPayment = async (id: string) =>
  (await call('GET', `/api/payments/${id}`)).json() as Payment;

describe('a hosted checkout whose session webhook was lost', () => {
  it('is settled by reading the payment: its session is read back, the method it saved kept', async () => {
    const payment = await payOnHostedPage('PAY_AND_SAVE');
    expect((await readPayment(payment.id)).status).toBe('REQUIRES_ACTION');
    const paid = await waitFor('the read to settle the payment', async () => {
      const read = await readPayment(payment.id);
      return read.status === 'SUCCEEDED' && read;
    });
    expect(paid.channel).toBe('CARDS');
    expect(paid.orders.map((line) => line.status)).toEqual(['PAID']);
    // The read asked the provider's session, and it shows in the payment's logs.
    expect(
      paid.xendit_operations?.some(
        (operation) =>
          operation.kind === 'request' &&
          operation.exchange.request.method === 'GET' &&
          operation.exchange.request.url.includes('/sessions/ps-'),
      ),
    ).toBe(true);
    const methods = (await call('GET', '/api/payment_methods')).json() as {
      payment_methods: PaymentMethod[];
    };
    expect(
      methods.payment_methods.find((method) => method.payment_id === payment.id),
    ).toMatchObject({ channel: 'CARDS', status: 'ACTIVE' });
  });

  it('is settled by the reconciler when nobody reads it', async () => {
    const payment = await payOnHostedPage('PAY');
    const report = await server.app.reconciler.reconcileNow({
      at: new Date(Date.now() + 5 * 60_000),
    });
    expect(report.refreshed).toBeGreaterThanOrEqual(1);
    expect((await readPayment(payment.id)).status).toBe('SUCCEEDED');
  });

  it('a method saved on the hosted checkout is activated by reading it', async () => {
    const response = await call('POST', '/api/payment_methods/checkout_session', {
      country: 'ID',
      reference_id: newKey(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const method = response.json() as PaymentMethod;
    const page = method.actions?.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value ?? '';
    const saved = await payByCardOn(page);
    expect(saved.status).toBe(303);
    const active = await waitFor('the read to activate the method', async () => {
      const read = (await call('GET', `/api/payment_methods/${method.id}`)).json() as PaymentMethod;
      return read.status === 'ACTIVE' && read;
    });
    expect(active.channel).toBe('CARDS');
  });

  it('an open session changes nothing: the payment waits on the hosted page', async () => {
    const response = await call('POST', '/api/payments/checkout_session', order('PAY'));
    const payment = response.json() as Payment;
    await server.app.reconciler.reconcileNow({ at: new Date(Date.now() + 5 * 60_000) });
    expect((await readPayment(payment.id)).status).toBe('REQUIRES_ACTION');
  });
});
