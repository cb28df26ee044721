import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChannel } from '../statuses/status-announcements.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

const perCustomer = 2;
/** An event's id this long makes each event about 7 KB: a few thousand fill any socket's buffers. */
const longId = 'x'.repeat(7_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ EVENT_STREAMS_PER_CUSTOMER: String(perCustomer) });
});
afterAll(() => server?.close());

function customerIdOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    customer_id: string;
  };
  return claims.customer_id;
}

/** A live-status stream whose client reads the answer's head, then never reads again. */
function streamNeverRead(token: string): Promise<Socket> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nhost: store\r\nauthorization: Bearer ${token}\r\n\r\n`,
      );
    });
    socket.once('data', (head) => {
      socket.pause();
      if (head.toString().startsWith('HTTP/1.1 200')) resolve(socket);
      else reject(new Error(`the stream was refused: ${head.toString().split('\r\n')[0]}`));
    });
    socket.once('error', reject);
  });
}

/** `count` status changes of the customer, announced as the database announces them. */
async function announce(customerId: string, count: number, from = 0): Promise<void> {
  await server.db.execute(
    sql`select pg_notify(${statusChannel}, json_build_object(
          'app_id', 'demo-id', 'customer_id', ${customerId}::text, 'kind', 'payment',
          'id', ${longId}::text || n)::text)
        from generate_series(${from + 1}::int, ${from + count}::int) as n`,
  );
}

describe('a live-status client that stops reading', () => {
  it('is dropped once it is far behind, rather than having every later event kept for it', async () => {
    const token = await server.signIn('never-reads@example.com');
    const socket = await streamNeverRead(token);
    try {
      const before = server.app.statusFeed.subscriptionCount();
      expect(before).toBeGreaterThan(0);
      // About 14 MB of events for a client that reads none of them.
      await announce(customerIdOf(token), 2_000);
      await waitFor(
        () => `${server.app.statusFeed.subscriptionCount()} subscriptions, ${before} before`,
        () => server.app.statusFeed.subscriptionCount() === before - 1,
      );
    } finally {
      socket.destroy();
    }
  });

  it('is ended without harm when replaced while behind, and the store still answers', async () => {
    const token = await server.signIn('replaced-while-behind@example.com');
    const customerId = customerIdOf(token);
    const behind = await streamNeverRead(token);
    const newer: Socket[] = [];
    try {
      // Enough to fill the socket's buffers and leave some unsent, not enough to be dropped for.
      await announce(customerId, 1_000);
      for (let i = 0; i < perCustomer; i += 1) newer.push(await streamNeverRead(token));
      // The replaced stream is ended with events still unsent; more arrive for the customer.
      await announce(customerId, 5, 1_000);
      await waitFor(
        () => `${server.app.statusFeed.subscriptionCount()} subscriptions`,
        () => server.app.statusFeed.subscriptionCount() === perCustomer,
      );
      const vouchers = await fetch(`${server.url}/api/vouchers?app_id=demo-id`);
      expect(vouchers.status).toBe(200);
    } finally {
      behind.destroy();
      for (const socket of newer) socket.destroy();
    }
  });
});
