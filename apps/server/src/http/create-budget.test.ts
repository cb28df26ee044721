import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mug, tote, vaOrder } from '../../harness/helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/** Creates a customer may make in a minute, whatever they create. */
const budget = 3;
/** One secret, so a second instance takes the first one's sessions. */
const env = {
  PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: String(budget),
  SESSION_SECRET: randomBytes(32).toString('hex'),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(env);
});
afterAll(() => server?.close());

/** A call over real HTTP, as a browser or a script makes it. */
function post(token: string, path: string, body: object, key = randomUUID()) {
  return postTo(server, token, path, body, key);
}

async function postTo(
  instance: TestServer,
  token: string,
  path: string,
  body: object,
  key = randomUUID(),
) {
  const response = await fetch(`${instance.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('a retry of a create whose answer was lost', () => {
  it('answers the payment its key recorded, even once the customer reached the create limit', async () => {
    const token = await server.signIn('retrying@example.com');
    const firstKey = randomUUID();
    const first = await post(token, '/api/payments', vaOrder(), firstKey);
    expect(first.status).toBe(201);
    for (let i = 1; i < budget; i += 1) {
      expect((await post(token, '/api/payments', vaOrder())).status).toBe(201);
    }
    // The browser never saw the first answer and sends the same create again, with its key.
    const retry = await post(token, '/api/payments', vaOrder(), firstKey);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    // A new create is still over the limit, and says when to try again.
    const fresh = await post(token, '/api/payments', vaOrder());
    expect(fresh.status).toBe(429);
    expect(fresh.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
    // The same key with another order is still refused as a reused key, not answered.
    const reused = await post(
      token,
      '/api/payments',
      { ...vaOrder(), channel: 'BNI_VIRTUAL_ACCOUNT' },
      firstKey,
    );
    expect(reused.status).toBe(409);
  });
});

const dana = {
  channel: 'DANA',
  country: 'ID',
  channel_properties: {
    success_return_url: 'http://localhost:3000/payment_methods/success',
    failure_return_url: 'http://localhost:3000/payment_methods/failure',
  },
};

describe('one budget of creates per customer, whatever they create', () => {
  it('stops card payments past the budget, which were never counted', async () => {
    const token = await server.signIn('card-flood@example.com');
    const statuses: number[] = [];
    // Each card payment is another order, so each opens another provider session.
    const kopi = { ...mug, product_id: 'id-kopi-beans', price: 125_000 };
    const orders = [[mug], [tote], [kopi], [mug, tote], [tote, kopi]];
    for (const lines of orders) {
      const answer = await post(token, '/api/payments/cards', {
        orders: lines,
        country: 'ID',
        currency: 'IDR',
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array<number>(budget).fill(201), 429, 429]);
  });

  it('stops saved payment methods past the budget, which had no limit at all', async () => {
    const token = await server.signIn('method-flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < budget + 3; i += 1) {
      const answer = await post(token, '/api/payment_methods', { ...dana, reference_id: `f-${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(budget);
  });

  it('stops methods saved on the hosted checkout past the budget: each opens a provider session', async () => {
    const token = await server.signIn('checkout-method-flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < budget + 2; i += 1) {
      const answer = await post(token, '/api/payment_methods/checkout_session', {
        country: 'ID',
        reference_id: `c-${i}`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array<number>(budget).fill(201), 429, 429]);
  });

  it('refuses the keys the store gives cycle charges, which the budget does not count', async () => {
    const token = await server.signIn('cycle-keys@example.com');
    const answers = await Promise.all(
      Array.from({ length: budget + 2 }, (_, i) =>
        post(token, '/api/payments', vaOrder(), `cycle:pr-${randomUUID()}-${i}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error_code).toBe('API_VALIDATION_ERROR');
    }
    // The budget is whole: nothing was created.
    for (let i = 0; i < budget; i++) {
      expect((await post(token, '/api/payments', vaOrder())).status).toBe(201);
    }
  });

  it('counts payments, methods and refunds against one budget', async () => {
    const token = await server.signIn('mixed@example.com');
    const paid = await post(token, '/api/payments', {
      ...vaOrder(),
      channel: 'BRI_DIRECT_DEBIT',
      channel_properties: { mobile_number: '+628111111111' },
    });
    expect(paid.status).toBe(201);
    const confirmed = await post(token, `/api/payments/${String(paid.body.id)}/validate_otp`, {
      otp_code: '222000',
    });
    expect(confirmed.body.status).toBe('SUCCEEDED');
    for (let i = 1; i < budget; i += 1) {
      const method = await post(token, '/api/payment_methods', { ...dana, reference_id: `m-${i}` });
      expect(method.status).toBeLessThan(300);
    }
    const lines = (paid.body.orders as { id: string }[]).map((line) => line.id);
    const refund = await post(token, `/api/payments/${String(paid.body.id)}/refund`, {
      orders: lines,
    });
    expect(refund.status).toBe(429);
    expect(Number(refund.retryAfter)).toBeGreaterThan(0);
    const card = await post(token, '/api/payments/cards', {
      orders: [mug],
      country: 'ID',
      currency: 'IDR',
    });
    expect(card.status).toBe(429);
    expect((await post(token, '/api/payments', vaOrder())).status).toBe(429);
  });
});

describe('creates racing each other', () => {
  let other: TestServer;
  beforeAll(async () => {
    // A second instance on the same database: its own memory, the database shared.
    other = await startTestServer(env, { database: server.database });
  });
  afterAll(() => other?.close());

  it('pass the budget no more than one at a time would, on every create path and both instances', async () => {
    // Each instance prices payments from its copy of the catalogue once it has read one.
    for (const instance of [server, other]) {
      const warm = await instance.signIn(`warm-${randomUUID()}@example.com`);
      expect((await postTo(instance, warm, '/api/payments', vaOrder())).status).toBe(201);
    }
    const kopi = { ...mug, product_id: 'id-kopi-beans', price: 125_000 };
    const cardOrders = [[mug], [tote], [kopi], [mug, tote], [tote, kopi], [mug, kopi]];
    const creates = Array.from({ length: 12 }, (_, i) => [
      {
        path: '/api/payment_methods/checkout_session',
        body: { country: 'ID', reference_id: `r-${i}` },
      },
      { path: '/api/payment_methods', body: { ...dana, reference_id: `d-${i}` } },
      // Priced from each instance's copy of the catalogue and checked in its insert's statement.
      { path: '/api/payments', body: vaOrder() },
      ...(i < cardOrders.length
        ? [
            {
              path: '/api/payments/cards',
              body: { orders: cardOrders[i], country: 'ID', currency: 'IDR' },
            },
          ]
        : []),
    ]).flat();
    // Three customers at once, so that one statement may write several customers' creates.
    const tokens = await Promise.all(
      ['racing-1', 'racing-2', 'racing-3'].map((name) => server.signIn(`${name}@example.com`)),
    );
    const answers = await Promise.all(
      tokens.map((token) =>
        Promise.all(
          creates.map(({ path, body }, i) =>
            postTo(i % 2 === 0 ? server : other, token, path, body).then(({ status }) => status),
          ),
        ),
      ),
    );
    for (const statuses of answers) {
      expect(statuses.filter((status) => status < 300)).toHaveLength(budget);
      expect(statuses.filter((status) => status === 429)).toHaveLength(creates.length - budget);
    }
  });
});

describe('creates from one address, whoever is signed in', () => {
  const perAddress = 5;
  let behindProxy: TestServer;
  beforeAll(async () => {
    behindProxy = await startTestServer({
      CREATES_PER_ADDRESS_PER_MINUTE: String(perAddress),
      // The balancer names each client (X-Forwarded-For), as a deployment behind one must.
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(() => behindProxy?.close());

  const createFrom = async (address: string, token: string, i: number) => {
    const response = await fetch(`${behindProxy.url}/api/payment_methods`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ ...dana, reference_id: `a-${i}` }),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  };

  it("stop one address's many customers at its limit, and not another address's", async () => {
    // Each customer is far under their own budget; together they are over the address's.
    const tokens = await Promise.all(
      [1, 2, 3].map((n) => behindProxy.signIn(`sybil-${n}@example.com`)),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createFrom('203.0.113.7', tokens[i % 3] ?? '', i)),
    );
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(perAddress);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(12 - perAddress);
    expect(Number(refused[0]?.retryAfter)).toBeGreaterThan(0);
    // A customer at another address still creates.
    const other = await behindProxy.signIn('elsewhere@example.com');
    expect((await createFrom('198.51.100.20', other, 99)).status).toBeLessThan(300);
  });
});
