import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy.ts';
import { vaOrder } from '../../harness/helpers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * A retry under the Idempotency-Key of a payment whose create went unanswered sends the create
 * again (the answer the customer waits for), free of the create budget since it is no new payment;
 * but each is a provider call, so a customer replaying one key in a loop while the provider faults
 * spends the merchant's calls like any other verb: within the provider-call limits.
 */
const perCustomer = 3;

let server: TestServer;
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy();
  server = await startTestServer({
    XENDIT_BASE_URL: proxy.url,
    XENDIT_TIMEOUT_MS: '300',
    PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: String(perCustomer),
  });
  proxy.target = server.xendit.url;
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

const creates = () => proxy.seen.get('POST /v3/payment_requests') ?? 0;

describe('replaying the key of a payment left unanswered', () => {
  it("sends the create again at most as often as the customer's provider-call limit allows", async () => {
    const token = await server.signIn('replayer@example.com');
    const key = randomUUID();
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
        payload: order,
      });
    const order = vaOrder();
    // The provider answers nothing but 503 from now on: every replay finds the payment unanswered.
    proxy.inject('status503');
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as Payment).status).toBe('PENDING');
    const before = creates();
    const replays = await Promise.all(Array.from({ length: perCustomer * 3 }, send));
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(201);
      expect((replay.json() as Payment).id).toBe((first.json() as Payment).id);
      expect((replay.json() as Payment).status).toBe('PENDING');
    }
    expect(creates() - before).toBeLessThanOrEqual(perCustomer);
    proxy.inject('pass');
  });
});
