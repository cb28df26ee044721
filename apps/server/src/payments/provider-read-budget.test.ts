import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchanges, paymentMethods, payments } from '../db/schema.ts';
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

  it('ask the provider every 2 s while the record is young, and more rarely as it ages', async () => {
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
    const young = { payment: await pay(), method: await link() };
    const old = { payment: await pay(), method: await link() };
    // Made and last changed an hour ago: a read asks the provider at most every two minutes.
    const anHourAgo = sql`now() - interval '1 hour'`;
    await readServer.db
      .update(payments)
      .set({ createdAt: anHourAgo, updatedAt: anHourAgo })
      .where(eq(payments.id, old.payment));
    await readServer.db
      .update(paymentMethods)
      .set({ createdAt: anHourAgo, updatedAt: anHourAgo })
      .where(eq(paymentMethods.id, old.method));

    for (let round = 0; round < 2; round += 1) {
      await pastReadInterval();
      for (const url of [
        `/api/payments/${young.payment}`,
        `/api/payments/${old.payment}`,
        `/api/payment_methods/${young.method}`,
        `/api/payment_methods/${old.method}`,
      ]) {
        expect((await call('GET', url)).statusCode).toBe(200);
      }
    }
    expect(await providerReads(young.payment)).toBe(2);
    expect(await providerReads(young.method)).toBe(2);
    expect(await providerReads(old.payment)).toBe(1);
    expect(await providerReads(old.method)).toBe(1);
  });
});
