import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { vaOrder } from '../../harness/helpers.ts';

const perCustomer = 3;
const perAddress = 6;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {
      REQUESTS_IN_FLIGHT_PER_CUSTOMER: String(perCustomer),
      REQUESTS_IN_FLIGHT_PER_ADDRESS: String(perAddress),
      // The test stands in for a reverse proxy, so each request may come from its own address.
      TRUST_PROXY: '127.0.0.1',
    },
    // Every create waits this long on the provider: it stays in flight while the others arrive.
    { simulator: { latency: { ms: 600 } } },
  );
});
afterAll(() => server?.close());

async function call(
  token: string,
  address: string,
  path: string,
  init: { method?: string; body?: object } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': address,
      ...(init.body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

const create = (token: string, address: string) =>
  call(token, address, '/api/payments', { method: 'POST', body: vaOrder() });

describe('requests in flight', () => {
  it('one customer holding many requests at once is refused past the limit; another is answered', async () => {
    const flooder = await server.signIn('flooder@example.com');
    const bystander = await server.signIn('bystander@example.com');
    const flood = Array.from({ length: 10 }, () => create(flooder, '203.0.113.5'));
    // While the flooder's creates wait on the provider, the catalogue (answered from memory) and
    // another customer's create are answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const catalogue = await call(flooder, '203.0.113.5', '/api/products');
    const other = await create(bystander, '198.51.100.9');
    const answers = await Promise.all(flood);

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(perCustomer);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10 - perCustomer);
    for (const answer of refused) {
      expect([answer.body.error_code, answer.retryAfter]).toEqual(['RATE_LIMIT_EXCEEDED', '1']);
    }
    expect([catalogue.status, other.status]).toEqual([200, 201]);
    // Counted out once answered: the flooder creates again.
    expect((await create(flooder, '203.0.113.5')).status).toBe(201);
  });

  it('many customers from one address share its limit; a refusal counts nothing', async () => {
    const tokens = await Promise.all(
      ['one', 'two', 'three'].map((name) => server.signIn(`${name}@example.com`)),
    );
    const answers = await Promise.all(
      tokens.flatMap((token) =>
        Array.from({ length: perCustomer }, () => create(token, '203.0.113.77')),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(perAddress);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
      3 * perCustomer - perAddress,
    );
    // Nothing stays counted: each of them, one at a time, is answered again.
    for (const token of tokens) {
      expect((await call(token, '203.0.113.77', '/api/payments')).status).toBe(200);
    }
  });
});
