import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, PaymentMethod } from '@store/contract';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

// Paying and saving on the provider's hosted checkout (a PAYMENT_LINK session), driven as a
// customer drives the simulator's page: the store follows the session's webhooks only.

let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('hosted-payer@example.com');
  otherToken = await server.signIn('not-the-hosted-payer@example.com');
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
const order = (type: 'PAY' | 'PAY_AND_SAVE' = 'PAY') => ({
  amount: 89_000,
  currency: 'IDR',
  country: 'ID',
  type,
  orders: [mug],
});
const card = {
  channel: 'CARDS',
  card_number: '4000000000001000',
  expiry_month: '12',
  expiry_year: '2030',
  cvn: '123',
};
let sequence = 0;
const newKey = () => `hosted-${Date.now()}-${(sequence += 1)}`;

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  options: { as?: string; key?: string } = {},
) {
  return server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload,
  });
}

async function payOnCheckout(type: 'PAY' | 'PAY_AND_SAVE' = 'PAY'): Promise<Payment> {
  const response = await call('POST', '/api/payments/checkout_session', order(type), {
    key: newKey(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Payment;
}

const pageOf = (subject: { actions: { type: string; value: string | null }[] }) => {
  const redirect = subject.actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  if (!redirect?.value) throw new Error('no hosted checkout to go to');
  return redirect.value;
};
const sessionIdOf = (page: string) => page.split('/').pop() ?? '';

/** What the customer does on the hosted page: a form posted as the browser posts it. */
const choose = (page: string, form: Record<string, string>) =>
  fetch(`${page}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });

const readPayment = async (id: string, as = token) =>
  (await call('GET', `/api/payments/${id}`, undefined, { as })).json() as Payment;
const readMethod = async (id: string) =>
  (await call('GET', `/api/payment_methods/${id}`)).json() as PaymentMethod;

const untilPayment = (id: string, status: string) =>
  waitFor(`payment ${id} ${status}`, async () => {
    const payment = await readPayment(id);
    return payment.status === status && payment;
  });

describe('paying on the hosted checkout', () => {
  it('answers the payment, priced by the store, with the hosted page as its action', async () => {
    const payment = await payOnCheckout();
    expect(payment).toMatchObject({
      status: 'REQUIRES_ACTION',
      amount: 89_000,
      channel: 'XENDIT_CHECKOUT',
    });
    const page = pageOf(payment);
    expect(page).toMatch(/\/pages\/checkout\/ps-/);
    const html = (await (await fetch(page)).text()).replaceAll('\u00a0', ' ');
    expect(html).toContain('IDR 89.000');
    expect(html).toContain('Ceramic Mug');
  });

  it('refuses a price the catalogue does not have, and records nothing', async () => {
    const response = await call(
      'POST',
      '/api/payments/checkout_session',
      { ...order(), amount: 1_000, orders: [{ ...mug, price: 1_000 }] },
      { key: newKey() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('PRICE_MISMATCH');
  });

  it('answers the same payment for the same key, and 409 for another order under it', async () => {
    const key = newKey();
    const first = await call('POST', '/api/payments/checkout_session', order(), { key });
    const again = await call('POST', '/api/payments/checkout_session', order(), { key });
    expect(again.json().id).toBe(first.json().id);
    const other = await call('POST', '/api/payments/checkout_session', order('PAY_AND_SAVE'), {
      key,
    });
    expect(other.statusCode).toBe(409);
  });

  it('keeps the payment open through a declined attempt, and pays with the next', async () => {
    const payment = await payOnCheckout();
    const page = pageOf(payment);
    const approval = (await choose(page, { channel: 'DANA' })).headers.get('location') ?? '';
    await fetch(approval, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'decline' }),
      redirect: 'manual',
    });
    // The declined request's payment.failure names this payment; it is not the session's.
    await waitFor('the declined attempt reported', async () =>
      (await readPayment(payment.id)).xendit_operations?.find(
        (operation) => operation.kind === 'webhook' && operation.event === 'payment.failure',
      ),
    );
    expect((await readPayment(payment.id)).status).toBe('REQUIRES_ACTION');

    await choose(page, card);
    const paid = await untilPayment(payment.id, 'SUCCEEDED');
    expect(paid.channel).toBe('CARDS');
    expect(paid.orders.map((line) => line.status)).toEqual(['PAID']);
    expect(
      paid.xendit_operations?.some(
        (operation) =>
          operation.kind === 'webhook' && operation.event === 'payment_session.completed',
      ),
    ).toBe(true);
    // Refunds need nothing new: the payment request is the session's.
    const refund = await call('POST', `/api/payments/${payment.id}/refund`, {
      orders: [paid.orders[0]?.id],
    });
    expect(refund.statusCode, refund.body).toBe(201);
  });

  /** The method a pay-and-save on the checkout saved, once the store lists it. */
  const methodSavedBy = (payment: Payment) =>
    waitFor('the saved method', async () => {
      const listed = (await call('GET', '/api/payment_methods')).json() as {
        payment_methods: PaymentMethod[];
      };
      return listed.payment_methods.find((method) => method.payment_id === payment.id);
    });

  it('saves the method when the save toggle is on, and it pays at checkout', async () => {
    const payment = await payOnCheckout('PAY_AND_SAVE');
    await choose(pageOf(payment), card);
    await untilPayment(payment.id, 'SUCCEEDED');
    const saved = await methodSavedBy(payment);
    expect(saved).toMatchObject({ status: 'ACTIVE', channel: 'CARDS' });
  });

  it('shows the card a pay-and-save saved by its masked number, as a card saved on the form', async () => {
    const payment = await payOnCheckout('PAY_AND_SAVE');
    await choose(pageOf(payment), card);
    await untilPayment(payment.id, 'SUCCEEDED');
    // The token's own activation webhook comes before the session's end, which saves the method.
    const saved = await methodSavedBy(payment);
    expect(saved.details).toMatchObject({
      masked_card_number: '400000XXXXXX1000',
      network: 'VISA',
    });
  });

  it('reads the saved token once: a replayed session end saves nothing more, reads nothing more', async () => {
    const payment = await payOnCheckout('PAY_AND_SAVE');
    const sessionId = sessionIdOf(pageOf(payment));
    await choose(pageOf(payment), card);
    await untilPayment(payment.id, 'SUCCEEDED');
    const saved = await methodSavedBy(payment);
    const tokenReads = async () =>
      (await readMethod(saved.id)).xendit_operations?.filter(
        (operation) =>
          operation.kind === 'request' &&
          operation.exchange.request.method === 'GET' &&
          operation.exchange.request.url.includes('/payment_tokens/'),
      ).length;
    const before = await tokenReads();
    const held = await server.simulatorCall(`/sessions/${sessionId}`);
    const replay = webhookEnvelope('payment_session.completed', held.body);
    for (let round = 0; round < 3; round += 1) {
      expect((await server.deliverWebhook(replay)).statusCode).toBe(200);
    }
    expect(await tokenReads()).toBe(before);
    const listed = (await call('GET', '/api/payment_methods')).json() as {
      payment_methods: PaymentMethod[];
    };
    expect(
      listed.payment_methods.filter((method) => method.payment_id === payment.id),
    ).toHaveLength(1);
    // Nor does another customer see it.
    const theirs = (
      await call('GET', '/api/payment_methods', undefined, { as: otherToken })
    ).json() as {
      payment_methods: PaymentMethod[];
    };
    expect(theirs.payment_methods.some((method) => method.id === saved.id)).toBe(false);
  });

  it('ignores a forged session webhook: the session read back is still open', async () => {
    const payment = await payOnCheckout();
    const sessionId = sessionIdOf(pageOf(payment));
    const held = await server.simulatorCall(`/sessions/${sessionId}`);
    const forged = webhookEnvelope('payment_session.completed', {
      ...held.body,
      status: 'COMPLETED',
      payment_request_id: 'pr-00000000-0000-4000-8000-000000000000',
    });
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);
    const after = await readPayment(payment.id);
    expect(after.status).toBe('REQUIRES_ACTION');
    const recorded = after.xendit_operations?.find(
      (operation) =>
        operation.kind === 'webhook' && operation.event === 'payment_session.completed',
    );
    expect(recorded).toBeDefined();
  });

  it('fails the payment when its session expires unpaid', async () => {
    const payment = await payOnCheckout();
    const expired = await server.simulatorCall(
      `/_sim/sessions/${sessionIdOf(pageOf(payment))}/expire`,
      {},
    );
    expect(expired.status).toBe(200);
    const failed = await untilPayment(payment.id, 'FAILED');
    expect(failed.failure_code).toBe('SESSION_EXPIRED');
  });

  it('cancels the session with the payment, and answers 404 to another customer', async () => {
    const payment = await payOnCheckout();
    const foreign = await call('POST', `/api/payments/${payment.id}/cancel`, undefined, {
      as: otherToken,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('GET', `/api/payments/${payment.id}`, undefined, { as: otherToken })).statusCode,
    ).toBe(404);
    const cancelled = await call('POST', `/api/payments/${payment.id}/cancel`);
    expect(cancelled.json().status).toBe('CANCELLED');
    const held = await server.simulatorCall(`/sessions/${sessionIdOf(pageOf(payment))}`);
    expect(held.body.status).toBe('CANCELED');
  });

  it('answers every one of two cancels at once with the cancelled payment', async () => {
    const payment = await payOnCheckout();
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/payments/${payment.id}/cancel`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().status).toBe('CANCELLED');
    }
  });
});

describe('saving a method on the hosted checkout', () => {
  async function saveOnCheckout(): Promise<PaymentMethod> {
    const response = await call(
      'POST',
      '/api/payment_methods/checkout_session',
      { country: 'ID', reference_id: newKey() },
      { key: newKey() },
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PaymentMethod;
  }

  it('activates the method the customer saved there, which then pays', async () => {
    const method = await saveOnCheckout();
    expect(method.status).toBe('REQUIRES_ACTION');
    await choose(pageOf(method), card);
    const active = await waitFor('the method ACTIVE', async () => {
      const read = await readMethod(method.id);
      return read.status === 'ACTIVE' && read;
    });
    expect(active.channel).toBe('CARDS');
    expect(active.details?.masked_card_number).toMatch(/1000$/);
    const paid = await call(
      'POST',
      '/api/payments',
      { ...order(), payment_token_id: method.id },
      { key: newKey() },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as Payment).status).toBe('SUCCEEDED');
  });

  it('expires the method when its session expires', async () => {
    const method = await saveOnCheckout();
    await server.simulatorCall(`/_sim/sessions/${sessionIdOf(pageOf(method))}/expire`, {});
    await waitFor(
      'the method EXPIRED',
      async () => (await readMethod(method.id)).status === 'EXPIRED',
    );
  });

  it('refuses another country', async () => {
    const response = await call(
      'POST',
      '/api/payment_methods/checkout_session',
      { country: 'PH', reference_id: newKey() },
      { key: newKey() },
    );
    expect(response.statusCode).toBe(400);
  });
});
