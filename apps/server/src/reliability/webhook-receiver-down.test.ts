import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { createXenditClient } from '@store/xendit';
import { payments } from '../db/schema.ts';
import { waitFor } from '../test/wait-for.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { simulatorTestKey, vaOrder } from '../../harness/helpers.ts';
import { recordCounts, soak } from '../../harness/soak.ts';

const paymentCount = soak ? 50 : 10;

let server: TestServer;
beforeAll(async () => {
  // Retries after 0.5, 1, 2 and 4 s: the store stays down for about 2 s.
  server = await startTestServer({}, { simulator: { webhookRetrySchedule: [0.5, 1, 2, 4] } });
});
afterAll(() => server?.close());

interface SimWebhook {
  payload: { data?: { reference_id?: string } };
  status: string;
  attempts: { response_status: number | null; error: string | null }[];
}

async function webhooksFor(ids: Set<string>): Promise<SimWebhook[]> {
  const response = await fetch(`${server.xendit.url}/_sim/webhooks?limit=500`, {
    headers: simulatorTestKey,
  });
  const { data } = (await response.json()) as { data: SimWebhook[] };
  return data.filter((event) => ids.has(event.payload.data?.reference_id ?? ''));
}

/** Stops accepting connections, as a store that is down; the database stays as it is. */
async function takeDown(): Promise<void> {
  await new Promise<void>((resolve) => {
    server.app.server.close(() => resolve());
    server.app.server.closeAllConnections();
  });
}

async function bringBack(): Promise<void> {
  const port = Number(new URL(server.url).port);
  await new Promise<void>((resolve) => server.app.server.listen(port, '127.0.0.1', resolve));
}

describe('the webhook receiver down while payments settle', () => {
  it("brings every payment to SUCCEEDED by the provider's retries once the store is back", async () => {
    const token = await server.signIn('receiver-down@example.com');
    const created: Payment[] = [];
    for (let i = 0; i < paymentCount; i += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        payload: vaOrder(),
      });
      expect(response.statusCode).toBe(201);
      created.push(response.json() as Payment);
    }
    const ids = new Set(created.map((payment) => payment.id));
    const rows = await server.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [...ids]));

    await takeDown();
    const client = createXenditClient({
      baseUrl: server.xendit.url,
      secretKey: server.config.xendit.keys.development.secretKey,
    });
    // The customers pay at the bank: the provider learns it, the store cannot hear it.
    for (const row of rows) {
      await client.simulatePaymentRequest(row.providerRequestId ?? '', { amount: 89_000 });
    }
    // Every capture has been sent and refused: the provider knows the store did not hear it.
    await waitFor('a refused delivery of every capture', async () => {
      const events = await webhooksFor(ids);
      return (
        events.length === paymentCount &&
        events.every((e) => e.attempts.some((attempt) => attempt.response_status !== 200))
      );
    });
    const stillPaying = await server.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [...ids]));
    expect(stillPaying.filter((row) => row.status === 'SUCCEEDED')).toHaveLength(0);

    await bringBack();
    // Read from the database, not through GET /api/payments/:id, which would ask the provider.
    await waitFor(
      'every payment SUCCEEDED',
      async () => {
        const current = await server.db
          .select()
          .from(payments)
          .where(inArray(payments.id, [...ids]));
        return current.every((row) => row.status === 'SUCCEEDED');
      },
      15_000,
    );
    // The store applies a capture before the provider records its 200: wait for that record too.
    const events = await waitFor('every capture recorded as delivered', async () => {
      const current = await webhooksFor(ids);
      return current.every((event) => event.status === 'DELIVERED') && current;
    });
    const failedAttempts = events.flatMap((event) =>
      event.attempts.filter((attempt) => attempt.response_status !== 200),
    );
    expect(failedAttempts.length).toBeGreaterThanOrEqual(paymentCount);
    expect(events).toHaveLength(paymentCount);
    recordCounts('webhook-receiver-down', {
      requests: paymentCount * 2,
      faultsInjected: failedAttempts.length,
      paymentsChecked: paymentCount,
    });
  });
});
