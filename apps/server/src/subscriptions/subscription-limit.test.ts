import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@store/contract';
import { customers, subscriptions } from '../db/schema.ts';
import { linkedEwallet } from '../test/linked-methods.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

/** Subscriptions not ended a customer may hold at once, here. */
const openLimit = 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    SUBSCRIPTIONS_PER_CUSTOMER: String(openLimit),
    // No budget of creates, which would otherwise take each customer's turn for the limit too.
    PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '0',
  });
});
afterAll(() => server?.close());

function subscribe(token: string, paymentMethodId: string, key = randomUUID()) {
  return server.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { product_id: 'id-kopi-beans', payment_method_id: paymentMethodId },
  });
}

/** The customer's subscriptions as the database holds them. */
function rowsOf(customerEmail: string) {
  return server.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(
      customers,
      and(eq(customers.id, subscriptions.customerId), eq(customers.appId, subscriptions.appId)),
    )
    .where(eq(customers.email, customerEmail));
}

describe('subscriptions one customer may hold at once', () => {
  it('refuses a subscribe past the limit until one ends, and answers a retry of one recorded', async () => {
    const email = 'many-plans@example.com';
    const token = await server.signIn(email);
    const method = await linkedEwallet(server, token);
    const keys = [randomUUID(), randomUUID()];
    const first = await subscribe(token, method.id, keys[0]);
    expect(first.statusCode, first.body).toBe(201);
    expect((await subscribe(token, method.id, keys[1])).statusCode).toBe(201);

    const refused = await subscribe(token, method.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ error_code: 'SUBSCRIPTION_LIMIT_REACHED' });
    expect(await rowsOf(email)).toHaveLength(openLimit);

    // Its answer lost, the first subscribe is sent again under its key: the same subscription.
    const retried = await subscribe(token, method.id, keys[0]);
    expect(retried.statusCode, retried.body).toBeLessThan(300);
    expect((retried.json() as Subscription).id).toBe((first.json() as Subscription).id);

    // Once the customer cancels one, they may start another.
    const { id } = first.json() as Subscription;
    await waitFor(`${id} past its create`, async () => {
      const read = await server.app.inject({
        method: 'GET',
        url: `/api/subscriptions/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      return (read.json() as Subscription).status === 'ACTIVE';
    });
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await subscribe(token, method.id)).statusCode).toBe(201);
  });

  it('lets subscribes racing each other pass no more than one at a time would', async () => {
    const email = 'racing-plans@example.com';
    const token = await server.signIn(email);
    const method = await linkedEwallet(server, token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => subscribe(token, method.id).then((r) => r.statusCode)),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(openLimit);
    expect(answers.filter((status) => status === 409)).toHaveLength(6 - openLimit);
    expect(await rowsOf(email)).toHaveLength(openLimit);
  });
});
