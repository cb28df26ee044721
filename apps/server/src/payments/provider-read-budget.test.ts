import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema.ts';
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
