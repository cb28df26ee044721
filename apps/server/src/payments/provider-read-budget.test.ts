import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchanges, paymentMethods, payments, rateLimitWindows } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { vaOrder } from '../../harness/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // A provider that takes 40 calls a minute from the merchant, and a store that lets one customer's
  // reads spend 5 of them and the whole app's 10.
  server = await startTestServer(
    { PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: '5', PROVIDER_READS_PER_APP_PER_MINUTE: '10' },
    { simulator: { rateLimit: { max: 40, windowSeconds: 60 } } },
  );
});
afterAll(() => server?.close());

const create = async (token: string) => {
  const response = await fetch(`${server.url}/api/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(vaOrder()),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

/** Past the store's two seconds between provider reads of one payment, so each read may ask. */
const pastReadInterval = () => new Promise((resolve) => setTimeout(resolve, 2_100));

describe("one customer's reads and the merchant's provider budget", () => {
  it("polling many open payments cannot spend what another customer's create needs", async () => {
    const greedy = await server.signIn('greedy-reader@example.com');
    const open: string[] = [];
    for (let i = 0; i < 12; i += 1) open.push(await create(greedy));

    // Three rounds over twelve open payments: 36 provider reads unbudgeted, with the 12 creates
    // more than the provider's 40.
    for (let round = 0; round < 3; round += 1) {
      await pastReadInterval();
      const answers = await Promise.all(
        open.map((id) =>
          fetch(`${server.url}/api/payments/${id}`, {
            headers: { authorization: `Bearer ${greedy}` },
          }),
        ),
      );
      // Over its budget, a read still answers: the store's own record.
      expect(answers.map((answer) => answer.status)).toEqual(open.map(() => 200));
    }

    const other = await server.signIn('patient-buyer@example.com');
    const id = await create(other);
    const [row] = await server.db.select().from(payments).where(eq(payments.id, id));
    // The provider took it at once: not left CREATING by a provider 429.
    expect(row?.status).toBe('REQUIRES_ACTION');
  });

  it('answers 429 to a customer repeating provider verbs on one payment, not the provider', async () => {
    const looping = await server.signIn('verb-looper@example.com');
    const id = await create(looping);
    const answers: number[] = [];
    for (const verb of [
      'simulate',
      'cancel',
      'simulate',
      'cancel',
      'simulate',
      'cancel',
      'simulate',
    ]) {
      const response = await fetch(`${server.url}/api/payments/${id}/${verb}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${looping}` },
        body: '{}',
      });
      answers.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).not.toBe(null);
        expect(await response.json()).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED' });
      }
    }
    expect(answers.filter((status) => status === 429).length, answers.join()).toBeGreaterThan(0);
    expect(
      answers.every((status) => status < 500),
      answers.join(),
    ).toBe(true);
  });
});

describe("one customer's reads of payment methods and the merchant's provider budget", () => {
  let methodServer: TestServer;
  beforeAll(async () => {
    methodServer = await startTestServer(
      { PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: '5', PROVIDER_READS_PER_APP_PER_MINUTE: '10' },
      { simulator: { rateLimit: { max: 40, windowSeconds: 60 } } },
    );
  });
  afterAll(() => methodServer?.close());

  it("polling methods being linked cannot spend what another customer's create needs", async () => {
    const greedy = await methodServer.signIn('greedy-method-reader@example.com');
    const open: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      // A DANA link waits on the provider's linking page: REQUIRES_ACTION, read afresh.
      const linked = await methodServer.app.inject({
        method: 'POST',
        url: '/api/payment_methods',
        headers: { authorization: `Bearer ${greedy}`, 'idempotency-key': randomUUID() },
        payload: { channel: 'DANA', country: 'ID', reference_id: randomUUID().slice(0, 8) },
      });
      expect(linked.statusCode).toBe(201);
      open.push((linked.json() as { id: string }).id);
    }

    for (let round = 0; round < 3; round += 1) {
      await pastReadInterval();
      const answers = await Promise.all(
        open.map((id) =>
          fetch(`${methodServer.url}/api/payment_methods/${id}`, {
            headers: { authorization: `Bearer ${greedy}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(open.map(() => 200));
    }

    const other = await methodServer.signIn('patient-method-buyer@example.com');
    const response = await fetch(`${methodServer.url}/api/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${other}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(vaOrder()),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await methodServer.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.status).toBe('REQUIRES_ACTION');
  });
});

describe('reads of a record left open', () => {
  let readServer: TestServer;
  beforeAll(async () => {
    readServer = await startTestServer();
  });
  afterAll(() => readServer?.close());

  /** The provider reads (GETs) recorded in the log of a payment or a method. */
  const providerReads = async (id: string) => {
    const rows = await readServer.db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(
        and(
          or(eq(exchanges.paymentId, id), eq(exchanges.paymentMethodId, id)),
          sql`${exchanges.exchange}->'request'->>'method' = 'GET'`,
        ),
      );
    return rows.length;
  };

  it('ask the provider at most every 2 s, and at most 10 times in 50 minutes for one record', async () => {
    const token = await readServer.signIn('patient-reader@example.com');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      readServer.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        payload,
      });
    const link = async () =>
      (
        (
          await call('POST', '/api/payment_methods', {
            channel: 'DANA',
            country: 'ID',
            reference_id: randomUUID().slice(0, 8),
          })
        ).json() as { id: string }
      ).id;
    const pay = async () =>
      ((await call('POST', '/api/payments', vaOrder())).json() as { id: string }).id;
    const fresh = { payment: await pay(), method: await link() };
    const polled = { payment: await pay(), method: await link() };
    const old = { payment: await pay(), method: await link() };
    // Ten reads of each `polled` record asked the provider in the last minutes.
    for (const id of Object.values(polled)) {
      await readServer.db.insert(rateLimitWindows).values({
        key: `provider-read:record:${id}`,
        hits: sql`array_fill(extract(epoch from now())::float8 - 60, array[10])`,
      });
    }
    // Made and last changed an hour ago, and never read: the customer comes back to it now.
    const anHourAgo = sql`now() - interval '1 hour'`;
    await readServer.db
      .update(payments)
      .set({ createdAt: anHourAgo, updatedAt: anHourAgo })
      .where(eq(payments.id, old.payment));
    await readServer.db
      .update(paymentMethods)
      .set({ createdAt: anHourAgo, updatedAt: anHourAgo })
      .where(eq(paymentMethods.id, old.method));

    const urls = (record: { payment: string; method: string }) => [
      `/api/payments/${record.payment}`,
      `/api/payment_methods/${record.method}`,
    ];
    for (let round = 0; round < 2; round += 1) {
      await pastReadInterval();
      for (const url of [...urls(fresh), ...urls(polled), ...urls(old)]) {
        // Twice at once: the second is within 2 s of the first.
        const [first, second] = await Promise.all([call('GET', url), call('GET', url)]);
        expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
      }
    }
    expect(await providerReads(fresh.payment)).toBe(2);
    expect(await providerReads(fresh.method)).toBe(2);
    expect(await providerReads(polled.payment)).toBe(0);
    expect(await providerReads(polled.method)).toBe(0);
    expect(await providerReads(old.payment)).toBe(2);
    expect(await providerReads(old.method)).toBe(2);
  });
});
