import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, StatusEvent } from '@store/contract';
import { startInstanceWithHeldAnswers } from '../test/held-answers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';
import { testSettings } from '../../harness/test-settings.ts';

/** A client of GET /api/events as the web reads it: fetch with a streamed body, token in a header. */
async function openEventStream(url: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: StatusEvent[] = [];
  let comments = 0;
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) comments += 1;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: status\n') && data) {
            events.push(JSON.parse(data.slice('data: '.length)) as StatusEvent);
          }
        }
      }
      ended = true;
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return {
    events,
    comments: () => comments,
    /** Whether the server ended the stream (a stream the client closed has not ended). */
    ended: () => ended,
    waitFor: (predicate: (event: StatusEvent) => boolean, from = 0): Promise<StatusEvent> =>
      waitFor(
        () => `no such event in ${JSON.stringify(events)}`,
        () => events.slice(from).find(predicate),
      ),
    async close() {
      abort.abort();
      await reading;
    },
  };
}

function order() {
  return {
    amount: 89_000,
    currency: 'IDR',
    country: 'ID',
    channel: 'BCA_VIRTUAL_ACCOUNT',
    reference_id: 'demo-store-order',
    type: 'PAY',
    orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
  };
}

async function createPayment(url: string, token: string): Promise<Payment> {
  const response = await fetch(`${url}/api/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(order()),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Payment;
}

/** The provider's capture webhook, posted over HTTP to one instance. */
/** The provider captures the payment, and its capture webhook reaches `server`. */
async function deliverCapture(server: TestServer, payment: Payment): Promise<void> {
  await server.endAtProvider(payment.id, 'SUCCEEDED');
  const body = await server.providerEvent('payment.capture', payment.id, 'SUCCEEDED');
  const response = await fetch(`${server.url}/api/webhooks/xendit`, {
    method: 'POST',
    headers: {
      'x-callback-token': server.config.xendit.callbackTokens.development,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function signOut(url: string, token: string, route: 'logout' | 'logout_all') {
  const response = await fetch(`${url}/api/auth/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
}

const allowedKeys = ['app_id', 'customer_id', 'id', 'kind', 'payment_id'];

describe.each([
  ['one instance', 1],
  ['two instances on one database', 2],
] as const)('GET /api/events, %s', (_name, instances) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // One session secret: a token from either instance is good on both, as behind a balancer.
    const env = { SESSION_SECRET: randomBytes(32).toString('hex') };
    a = await startTestServer(env);
    b = instances === 1 ? a : await startTestServer(env, { database: a.database });
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  it("delivers a webhook's status change to the customer's stream, and no other's", async () => {
    const payer = await a.signIn(`payer-${instances}@example.com`);
    const other = await a.signIn(`other-${instances}@example.com`);
    const payerStream = await openEventStream(b.url, payer);
    const otherStream = await openEventStream(b.url, other);
    try {
      const payment = await createPayment(a.url, payer);
      const created = await payerStream.waitFor((e) => e.kind === 'payment' && e.id === payment.id);
      // The create's answer is announced once, after its commit, not by its triggers as well
      // (statuses/status-announcements.ts): by the time a later create's announcement arrives,
      // the first has had one.
      const later = await createPayment(a.url, payer);
      await payerStream.waitFor((e) => e.id === later.id);
      expect(payerStream.events.filter((e) => e.id === payment.id)).toEqual([created]);
      const afterCreate = payerStream.events.length;

      await deliverCapture(a, payment);
      await payerStream.waitFor((e) => e.kind === 'payment' && e.id === payment.id, afterCreate);
      const line = await payerStream.waitFor((e) => e.kind === 'order_line', afterCreate);
      expect(line.payment_id).toBe(payment.id);
      expect(created.app_id).toBe('demo-id');
      for (const event of payerStream.events) {
        expect(Object.keys(event).every((key) => allowedKeys.includes(key))).toBe(true);
        expect(event.customer_id).toBe(created.customer_id);
      }

      // The other customer's own change arrives, after all of the payer's: it heard none of them.
      const own = await createPayment(a.url, other);
      await otherStream.waitFor((e) => e.id === own.id);
      expect(otherStream.events.filter((e) => e.customer_id === created.customer_id)).toEqual([]);
      expect(otherStream.events.some((e) => e.id === payment.id)).toBe(false);
    } finally {
      await payerStream.close();
      await otherStream.close();
    }
  });

  it('lets go of a stream the client closes', async () => {
    const token = await a.signIn(`leaving-${instances}@example.com`);
    const before = b.app.statusFeed.subscriptionCount();
    const stream = await openEventStream(b.url, token);
    expect(b.app.statusFeed.subscriptionCount()).toBe(before + 1);
    await stream.close();
    await waitFor('the subscription let go', () => b.app.statusFeed.subscriptionCount() === before);
  });

  it('ends the stream of a session that signs out, and not the other sessions of its customer', async () => {
    const email = `signing-out-${instances}@example.com`;
    const signingOut = await a.signIn(email);
    const otherTab = await a.signIn(email);
    const signingOutStream = await openEventStream(b.url, signingOut);
    const otherTabStream = await openEventStream(b.url, otherTab);
    const opened = b.app.statusFeed.subscriptionCount();
    try {
      await signOut(a.url, signingOut, 'logout');
      await waitFor('the signed-out stream ended', () => signingOutStream.ended());
      await waitFor(
        'the ended stream let go of its subscription',
        () => b.app.statusFeed.subscriptionCount() <= opened - 1,
      );
      // The sign-out has been heard where the streams are: the other tab's is still open, and
      // follows the customer's changes.
      const payment = await createPayment(a.url, otherTab);
      await otherTabStream.waitFor((e) => e.id === payment.id);
      expect(otherTabStream.ended()).toBe(false);
    } finally {
      await signingOutStream.close();
      await otherTabStream.close();
    }
  });

  it("ends every stream of a customer who signs out everywhere, and no other customer's", async () => {
    const phone = await a.signIn(`everywhere-${instances}@example.com`);
    const laptop = await a.signIn(`everywhere-${instances}@example.com`);
    const other = await a.signIn(`everywhere-other-${instances}@example.com`);
    const phoneStream = await openEventStream(b.url, phone);
    const laptopStream = await openEventStream(b.url, laptop);
    const otherStream = await openEventStream(b.url, other);
    const opened = b.app.statusFeed.subscriptionCount();
    try {
      await signOut(a.url, laptop, 'logout_all');
      await waitFor('the phone stream ended', () => phoneStream.ended());
      await waitFor('the laptop stream ended', () => laptopStream.ended());
      await waitFor(
        'the ended streams let go of their subscriptions',
        () => b.app.statusFeed.subscriptionCount() <= opened - 2,
      );
      const payment = await createPayment(a.url, other);
      await otherStream.waitFor((e) => e.id === payment.id);
      expect(otherStream.ended()).toBe(false);
    } finally {
      await phoneStream.close();
      await laptopStream.close();
      await otherStream.close();
    }
  });

  it('refuses a stream without a session token', async () => {
    const response = await fetch(`${b.url}/api/events`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error_code: string }).error_code).toBe('UNAUTHORIZED');
  });
});

describe.runIf(testSettings.serverTestsOnPostgres)(
  'GET /api/events when the PostgreSQL server drops the LISTEN connection',
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server?.close());

    it('listens again and delivers the changes made after', async () => {
      const token = await server.signIn('relisten@example.com');
      const stream = await openEventStream(server.url, token);
      try {
        // What a server restart or failover does to the connection that LISTENs.
        const listening = async () =>
          (
            (await server.db.execute(
              sql`SELECT pid FROM pg_stat_activity
                  WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
            )) as unknown as { rows: { pid: number }[] }
          ).rows.map((row) => row.pid);
        const before = await listening();
        const dropped = (await server.db.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
        )) as unknown as { rows: unknown[] };
        expect(dropped.rows).toHaveLength(1);
        await waitFor('a new connection listening', async () =>
          (await listening()).some((pid) => !before.includes(pid)),
        );
        const payment = await createPayment(server.url, token);
        await stream.waitFor((e) => e.kind === 'payment' && e.id === payment.id);
      } finally {
        await stream.close();
      }
    });
  },
);

// Only a server database can answer a read after a change committed elsewhere: PGlite runs one
// query at a time in this process.
describe.runIf(testSettings.serverTestsOnPostgres)(
  'GET /api/events when its session signs out while the stream is being opened',
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server?.close());

    it('ends a stream whose check the database answered after the sign-out was announced', async () => {
      const { proxy, other, signOutsAnnounced, close } = await startInstanceWithHeldAnswers(server);
      try {
        const token = await server.signIn('late-stream@example.com');
        // Another customer's request opens the other instance's connection before answers are held.
        const warm = await server.signIn('late-stream-warm@example.com');
        const warmed = await fetch(`${other.url}/api/auth/customers/me`, {
          headers: { authorization: `Bearer ${warm}` },
        });
        expect(warmed.status).toBe(200);
        proxy.hold();
        const opening = openEventStream(other.url, token);
        await waitFor("the database answering the stream's check", () => proxy.heldBytes > 0);
        await signOut(server.url, token, 'logout');
        // The other instance hears the sign-out (its handler was added before this one) before
        // the stream it would end is open.
        await waitFor('the sign-out announced', () => signOutsAnnounced.length > 0);
        proxy.release();
        const stream = await opening;
        await waitFor('the stream ended', () => stream.ended());
      } finally {
        await close();
      }
    });
  },
);
