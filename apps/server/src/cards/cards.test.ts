import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSession, Payment, PaymentMethod } from '@store/contract';
import { cardSessions, payments, exchanges } from '../db/schema.ts';
import { collectCardData as collectFromScript } from '../test/cards-script.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('card-payer@example.com');
  otherToken = await server.signIn('not-the-card-payer@example.com');
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
const declining = {
  product_id: 'id-sandbox-insufficient-balance',
  quantity: 1,
  price: 10_054,
  currency: 'IDR',
};

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = token) {
  return server.app.inject({ method, url, headers: { authorization: `Bearer ${as}` }, payload });
}

async function startCardPayment(orders = [mug], as = token): Promise<CardSession> {
  const response = await call(
    'POST',
    '/api/payments/cards',
    { orders, country: 'ID', currency: 'IDR' },
    as,
  );
  expect(response.statusCode).toBe(201);
  return response.json() as CardSession;
}

const collectCardData = (session: CardSession, cardNumber: string) =>
  collectFromScript(server.xendit.url, session, cardNumber);

async function complete(session: CardSession, paymentRequestId: string, as = token) {
  return call(
    'POST',
    `/api/payments/cards/session/${session.id}/complete`,
    { payment_request_id: paymentRequestId },
    as,
  );
}

describe('card sessions', () => {
  it('answers CARDS_SESSION_NOT_FOUND before any session', async () => {
    const fresh = await server.signIn('no-session@example.com');
    const response = await call('GET', '/api/payments/cards/session', undefined, fresh);
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('CARDS_SESSION_NOT_FOUND');
  });

  it('creates a PAY session with the public key and offers it as the current session', async () => {
    const session = await startCardPayment();
    expect(session).toMatchObject({ type: 'PAY', status: 'ACTIVE', amount: 89_000 });
    expect(session.id).toMatch(/^ps-/);
    expect(session.extra_data.public_key).toMatch(/^xnd_public_development_/);
    const current = await call('GET', '/api/payments/cards/session');
    expect(current.json().id).toBe(session.id);
    const payment = (await call('GET', `/api/payments/${session.payment_id}`)).json() as Payment;
    expect(payment).toMatchObject({ channel: 'CARDS', status: 'REQUIRES_ACTION', amount: 89_000 });
    expect(
      payment.xendit_operations?.some(
        (operation) =>
          operation.kind === 'request' && operation.exchange.request.url.endsWith('/sessions'),
      ),
    ).toBe(true);
  });

  it('pays with a frictionless card: SUCCEEDED on completion', async () => {
    const session = await startCardPayment();
    const collected = await collectCardData(session, '4000000000001000');
    const response = await complete(session, collected.payment_request_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: session.payment_id, status: 'SUCCEEDED' });
    const after = await call('GET', '/api/payments/cards/session');
    expect(after.statusCode === 404 || after.json().id !== session.id).toBe(true);
  });

  it('sends a 3DS card to the challenge page', async () => {
    const session = await startCardPayment();
    const collected = await collectCardData(session, '4000000000002503');
    expect(collected.action_url).toMatch(/^http/);
    const payment = (await complete(session, collected.payment_request_id)).json() as Payment;
    expect(payment.status).toBe('REQUIRES_ACTION');
    expect(payment.actions[0]).toMatchObject({
      type: 'REDIRECT_CUSTOMER',
      value: collected.action_url,
    });
  });

  it('fails on the declining amount 10054', async () => {
    const session = await startCardPayment([declining]);
    const collected = await collectCardData(session, '4000000000001000');
    const payment = (await complete(session, collected.payment_request_id)).json() as Payment;
    expect(payment).toMatchObject({ status: 'FAILED', failure_code: 'INSUFFICIENT_BALANCE' });
  });

  it("refuses another session's payment request", async () => {
    const first = await startCardPayment();
    const collected = await collectCardData(first, '4000000000001000');
    // A card form opened for another order after the first card went in: the first session is
    // used, so it stays, and the second is a new one.
    const second = await startCardPayment([mug, declining]);
    expect(second.id).not.toBe(first.id);
    const response = await complete(second, collected.payment_request_id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('PAYMENT_REQUEST_MISMATCH');
  });

  it("answers 404 for another customer's session", async () => {
    const session = await startCardPayment();
    const collected = await collectCardData(session, '4000000000001000');
    const response = await complete(session, collected.payment_request_id, otherToken);
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('CARDS_SESSION_NOT_FOUND');
  });

  it('refuses a tampered price', async () => {
    const response = await call('POST', '/api/payments/cards', {
      orders: [{ ...mug, price: 1 }],
      country: 'ID',
      currency: 'IDR',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('PRICE_MISMATCH');
  });

  it('links a card through a SAVE session, then pays with it', async () => {
    const linker = await server.signIn('card-linker@example.com');
    const linked = await call(
      'POST',
      '/api/payment_methods',
      { channel: 'CARDS', country: 'ID', reference_id: 'card1' },
      linker,
    );
    expect(linked.statusCode).toBe(201);
    const method = linked.json() as PaymentMethod;
    expect(method.status).toBe('REQUIRES_ACTION');
    expect(method.actions[0]?.type).toBe('CARDS_SESSION_JS');
    const session = (await call('GET', '/api/payments/cards/session', undefined, linker)).json();
    expect(session).toMatchObject({
      id: method.actions[0]?.value,
      type: 'SAVE',
      amount: 0,
      payment_method_id: method.id,
    });
    const collected = await collectCardData(session as CardSession, '4000000000001000');
    const saved = await call(
      'POST',
      `/api/payments/cards/session/${session.id}/complete_save`,
      { payment_token_id: collected.payment_token_id },
      linker,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: method.id, status: 'ACTIVE', code: 'CARDS' });
    // The provider shows the saved card in channel_properties.card_details, masked.
    expect(saved.json().details).toEqual({
      masked_card_number: '400000XXXXXX1000',
      network: 'VISA',
    });

    const paid = await server.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${linker}` },
      payload: {
        amount: 89_000,
        currency: 'IDR',
        country: 'ID',
        type: 'PAY',
        orders: [mug],
        payment_token_id: method.id,
      },
    });
    expect(paid.json().status).toBe('SUCCEEDED');
  });
});

describe('payment_session webhooks', () => {
  it('records an expiry before it expires the session and fails its payment', async () => {
    const session = await startCardPayment();
    const paymentId = session.payment_id ?? '';
    expect((await server.simulatorCall(`/_sim/sessions/${session.id}/expire`, {})).status).toBe(
      200,
    );
    const expiryOf = () =>
      server.db
        .select({
          sessionStatus: cardSessions.status,
          paymentStatus: payments.status,
          failureCode: payments.failureCode,
          // To the microsecond, as PostgreSQL keeps them.
          beforeSessionChange: sql<boolean>`${exchanges.createdAt} <= ${cardSessions.updatedAt}`,
          beforePaymentChange: sql<boolean>`${exchanges.createdAt} <= ${payments.updatedAt}`,
        })
        .from(exchanges)
        .innerJoin(payments, eq(payments.id, exchanges.paymentId))
        .innerJoin(cardSessions, eq(cardSessions.paymentId, payments.id))
        .where(
          and(
            eq(exchanges.paymentId, paymentId),
            eq(exchanges.kind, 'webhook'),
            eq(exchanges.event, 'payment_session.expired'),
          ),
        );
    const deadline = Date.now() + 10_000;
    while ((await expiryOf()).at(0)?.paymentStatus !== 'FAILED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await expiryOf()).toEqual([
      {
        sessionStatus: 'EXPIRED',
        paymentStatus: 'FAILED',
        failureCode: 'SESSION_EXPIRED',
        beforeSessionChange: true,
        beforePaymentChange: true,
      },
    ]);
  });
});

describe('card forms opened again', () => {
  const listedPayments = async (as: string) =>
    (
      (await call('GET', '/api/payments?limit=100', undefined, as)).json() as {
        payments: Payment[];
      }
    ).payments;

  it('reuses the open session for the same order and lists no order before the card goes in', async () => {
    const customer = await server.signIn('opens-the-form-twice@example.com');
    const first = await startCardPayment([mug], customer);
    const again = await startCardPayment([mug], customer);
    expect(again.id).toBe(first.id);
    expect(again.payment_id).toBe(first.payment_id);
    expect(await listedPayments(customer)).toEqual([]);

    const collected = await collectCardData(again, '4000000000001000');
    expect((await complete(again, collected.payment_request_id, customer)).statusCode).toBe(200);
    const listed = await listedPayments(customer);
    expect(listed.map((payment) => [payment.id, payment.status])).toEqual([
      [first.payment_id, 'SUCCEEDED'],
    ]);
  });

  it('cancels the session it replaces, with its payment, when the order changes', async () => {
    const customer = await server.signIn('changes-the-order@example.com');
    const first = await startCardPayment([mug], customer);
    const second = await startCardPayment([mug, declining], customer);
    expect(second.id).not.toBe(first.id);
    const replaced = (
      await call('GET', `/api/payments/${first.payment_id}`, undefined, customer)
    ).json() as Payment;
    expect(replaced.status).toBe('CANCELLED');
    const [row] = await server.db
      .select({ status: cardSessions.status })
      .from(cardSessions)
      .where(eq(cardSessions.providerSessionId, first.id));
    expect(row?.status).toBe('CANCELED');
    // The provider has cancelled it too: its cards script can no longer pay with it.
    await expect(collectCardData(first, '4000000000001000')).rejects.toThrow();
    expect(await listedPayments(customer)).toEqual([]);
    const current = (await call('GET', '/api/payments/cards/session', undefined, customer)).json();
    expect(current.id).toBe(second.id);
  });

  it('reuses the open card link and lists no method before the card goes in', async () => {
    const customer = await server.signIn('links-a-card-twice@example.com');
    const link = () =>
      call(
        'POST',
        '/api/payment_methods',
        { channel: 'CARDS', country: 'ID', reference_id: 'card-link' },
        customer,
      );
    const first = (await link()).json() as PaymentMethod;
    const again = (await link()).json() as PaymentMethod;
    expect(again.id).toBe(first.id);
    const methods = (await call('GET', '/api/payment_methods', undefined, customer)).json();
    expect(methods).toEqual({ payment_methods: [], next_cursor: null });
  });

  it('answers one method and opens one session for a card link sent twice with one key', async () => {
    const customer = await server.signIn('links-a-card-with-one-key@example.com');
    const link = (referenceId: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/payment_methods',
        headers: { authorization: `Bearer ${customer}`, 'idempotency-key': 'link-card-once' },
        payload: { channel: 'CARDS', country: 'ID', reference_id: referenceId },
      });
    const answers = await Promise.all([link('card-once'), link('card-once'), link('card-once')]);
    const ids = answers.map((answer) => (answer.json() as PaymentMethod).id);
    expect(new Set(ids).size).toBe(1);
    expect(answers.map((answer) => answer.json().status)).toEqual(
      answers.map(() => 'REQUIRES_ACTION'),
    );
    const sessions = await server.db
      .select({ id: cardSessions.providerSessionId, status: cardSessions.status })
      .from(cardSessions)
      .where(eq(cardSessions.paymentMethodId, ids[0] ?? ''));
    expect(sessions).toEqual([{ id: answers[0]?.json().actions[0].value, status: 'ACTIVE' }]);
    const sessionCreates = await server.db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(and(eq(exchanges.paymentMethodId, ids[0] ?? ''), eq(exchanges.kind, 'request')));
    expect(sessionCreates).toHaveLength(1);

    const reused = await link('another-card');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error_code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
