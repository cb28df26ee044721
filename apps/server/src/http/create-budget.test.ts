import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/** Creates a customer may make in a minute, whatever they create. */
const budget = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: String(budget) });
});
afterAll(() => server?.close());

const mug = { product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' };
const vaOrder = {
  amount: 89_000,
  currency: 'IDR',
  country: 'ID',
  channel: 'BCA_VIRTUAL_ACCOUNT',
  type: 'PAY',
  orders: [mug],
};

/** A call over real HTTP, as a browser or a script makes it. */
async function post(token: string, path: string, body: object, key = randomUUID()) {
  const response = await fetch(`${server.url}${path}`, {
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
    const first = await post(token, '/api/payments', vaOrder, firstKey);
    expect(first.status).toBe(201);
    for (let i = 1; i < budget; i += 1) {
      expect((await post(token, '/api/payments', vaOrder)).status).toBe(201);
    }
    // The browser never saw the first answer and sends the same create again, with its key.
    const retry = await post(token, '/api/payments', vaOrder, firstKey);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    // A new create is still over the limit, and says when to try again.
    const fresh = await post(token, '/api/payments', vaOrder);
    expect(fresh.status).toBe(429);
    expect(fresh.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);
    // The same key with another order is still refused as a reused key, not answered.
    const reused = await post(
      token,
      '/api/payments',
      { ...vaOrder, channel: 'BNI_VIRTUAL_ACCOUNT' },
      firstKey,
    );
    expect(reused.status).toBe(409);
  });
});
