import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Endpoint, type Payment } from '@store/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Every endpoint, called with the token of another customer of the same app and of a customer of
 * another app, on the objects of a first customer: nothing is found, nothing changes.
 */
let server: TestServer;
let owner: string;
const intruders: Record<string, string> = {};
const owned = {
  paymentId: '',
  paidPaymentId: '',
  paidLineId: '',
  paymentMethodId: '',
  sessionId: '',
  subscriptionId: '',
};

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };

async function call(token: string, method: string, url: string, payload?: object) {
  return server.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
}

async function pay(channel: string): Promise<Payment> {
  const response = await call(owner, 'POST', '/api/payments', {
    amount: 89_000,
    currency: 'IDR',
    country: 'ID',
    channel,
    type: 'PAY',
    orders: [mug],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Payment;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signIn('owner@example.com', 'demo-id');
  intruders['another customer of the app'] = await server.signIn('intruder@example.com', 'demo-id');
  intruders['a customer of another app'] = await server.signIn('owner@example.com', 'demo-ph');

  owned.paymentId = (await pay('BCA_VIRTUAL_ACCOUNT')).id;
  const paid = await pay('BNI_VIRTUAL_ACCOUNT');
  await call(owner, 'POST', `/api/payments/${paid.id}/simulate`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const read = (await call(owner, 'GET', `/api/payments/${paid.id}`)).json() as Payment;
    if (read.status === 'SUCCEEDED') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  owned.paidPaymentId = paid.id;
  owned.paidLineId = paid.orders[0]?.id ?? '';
  const method = await call(owner, 'POST', '/api/payment_methods', {
    channel: 'DANA',
    country: 'ID',
    reference_id: 'tenancy-ref',
    channel_properties: {},
  });
  expect(method.statusCode).toBe(201);
  owned.paymentMethodId = method.json().id;
  const session = await call(owner, 'POST', '/api/payments/cards', {
    orders: [mug],
    country: 'ID',
    currency: 'IDR',
  });
  expect(session.statusCode).toBe(201);
  owned.sessionId = session.json().id;
  // A linked e-wallet pays a subscription.
  const wallet = await call(owner, 'POST', '/api/payment_methods', {
    channel: 'DANA',
    country: 'ID',
    reference_id: 'tenancy-sub',
  });
  await fetch(wallet.json().actions[0].value, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'link' }),
    redirect: 'manual',
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const read = await call(owner, 'GET', `/api/payment_methods/${wallet.json().id}`);
    if (read.json().status === 'ACTIVE') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const subscription = await call(owner, 'POST', '/api/subscriptions', {
    product_id: 'id-kopi-beans',
    payment_method_id: wallet.json().id,
  });
  expect(subscription.statusCode, subscription.body).toBe(201);
  owned.subscriptionId = subscription.json().id;
});
afterAll(() => server?.close());

/** Valid bodies, so that a refusal can only come from ownership, not from validation. */
const bodies: Partial<Record<keyof typeof api, () => object>> = {
  validatePaymentOtp: () => ({ otp_code: '222000' }),
  validatePaymentMethodOtp: () => ({ otp_code: '333000' }),
  refundPayment: () => ({ orders: [owned.paidLineId] }),
  completeCardSession: () => ({ payment_request_id: 'pr-00000000-0000-4000-8000-000000000000' }),
  completeCardSaveSession: () => ({ payment_token_id: 'pt-00000000-0000-4000-8000-000000000000' }),
};

const paramValues: Record<string, () => string> = {
  paymentId: () => owned.paymentId,
  paymentMethodId: () => owned.paymentMethodId,
  sessionId: () => owned.sessionId,
  subscriptionId: () => owned.subscriptionId,
};

const objectEndpoints = (Object.entries(api) as [keyof typeof api, Endpoint][]).filter(
  ([, endpoint]) =>
    endpoint.auth && /:(paymentId|paymentMethodId|sessionId|subscriptionId)/.test(endpoint.path),
);

describe('ownership', () => {
  it('leaves only sign-in and the voucher list open without a token', () => {
    const open = Object.entries(api)
      .filter(([, endpoint]) => !endpoint.auth)
      .map(([name]) => name);
    expect(open.sort()).toEqual(['listVouchers', 'login']);
  });

  for (const intruder of ['another customer of the app', 'a customer of another app']) {
    it.each(objectEndpoints)(`answers 404 to ${intruder} on %s`, async (name, endpoint) => {
      const refundTarget = name === 'refundPayment' ? owned.paidPaymentId : null;
      const url = `/api${endpoint.path.replace(/:([A-Za-z]+)/g, (_, param: string) =>
        param === 'paymentId' && refundTarget ? refundTarget : (paramValues[param]?.() ?? 'x'),
      )}`;
      const response = await call(
        intruders[intruder] ?? '',
        endpoint.method,
        url,
        bodies[name]?.(),
      );
      expect(response.statusCode, response.body).toBe(404);
      expect(JSON.stringify(response.json())).not.toContain('owner@example.com');
    });
  }

  it.each(Object.keys(intruders))(
    'shows %s none of the first customer in lists',
    async (intruder) => {
      const token = intruders[intruder] ?? '';
      const ids = Object.values(owned);
      for (const url of [
        '/api/payments',
        '/api/payment_methods?with_config=true',
        '/api/auth/customers/me',
        '/api/subscriptions',
      ]) {
        const body = (await call(token, 'GET', url)).body;
        for (const id of ids) expect(body, url).not.toContain(id);
      }
      const session = await call(token, 'GET', '/api/payments/cards/session');
      expect(session.statusCode).toBe(404);
      expect(session.json().error_code).toBe('CARDS_SESSION_NOT_FOUND');
    },
  );

  it("keeps a product of one app from another app's customers", async () => {
    const sameApp = await call(
      intruders['another customer of the app'] ?? '',
      'GET',
      '/api/products/id-ceramic-mug',
    );
    const otherApp = await call(
      intruders['a customer of another app'] ?? '',
      'GET',
      '/api/products/id-ceramic-mug',
    );
    expect(sameApp.statusCode).toBe(200);
    expect(otherApp.statusCode).toBe(404);
  });

  it("left the first customer's objects as they were", async () => {
    const payment = (
      await call(owner, 'GET', `/api/payments/${owned.paymentId}`)
    ).json() as Payment;
    expect(payment.status).toBe('REQUIRES_ACTION');
    const paid = (
      await call(owner, 'GET', `/api/payments/${owned.paidPaymentId}`)
    ).json() as Payment;
    expect(paid.status).toBe('SUCCEEDED');
    expect(paid.orders[0]?.status).toBe('PAID');
    const method = (
      await call(owner, 'GET', `/api/payment_methods/${owned.paymentMethodId}`)
    ).json();
    expect(method.status).toBe('REQUIRES_ACTION');
    const session = (await call(owner, 'GET', '/api/payments/cards/session')).json();
    expect(session.id).toBe(owned.sessionId);
    const subscription = (
      await call(owner, 'GET', `/api/subscriptions/${owned.subscriptionId}`)
    ).json();
    expect(['PENDING', 'ACTIVE']).toContain(subscription.status);
  });
});
