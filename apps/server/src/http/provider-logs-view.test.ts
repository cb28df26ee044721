import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('logs-reader@example.com');
});
afterAll(() => server?.close());

async function call(path: string, body?: object) {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, text: await response.text() };
}

describe("the customer's provider logs", () => {
  it('show a webhook the store did not apply as ignored, with the reason it stored', async () => {
    const created = await call('/api/payments', {
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    });
    const paymentId = (JSON.parse(created.text) as { id: string }).id;
    // A capture naming the recorded request with another amount: a forgery the store ignores.
    const event = await server.providerEvent('payment.capture', paymentId, 'SUCCEEDED');
    (event.data as Record<string, unknown>).request_amount = 1;
    expect((await server.deliverWebhook(event)).statusCode).toBe(200);

    const payment = JSON.parse((await call(`/api/payments/${paymentId}`)).text) as {
      status: string;
      xendit_operations: { kind: string; ignored_reason?: string }[];
    };
    expect(payment.status).not.toBe('SUCCEEDED');
    const webhooks = payment.xendit_operations.filter((operation) => operation.kind === 'webhook');
    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]?.ignored_reason).toEqual(expect.any(String));
  });

  it("never hand the browser the provider's payment token id", async () => {
    const linked = await call('/api/payment_methods', {
      channel: 'DANA',
      country: 'ID',
      reference_id: 'logs-dana',
      channel_properties: {
        success_return_url: 'http://localhost:3000/payment_methods/success',
        failure_return_url: 'http://localhost:3000/payment_methods/failure',
      },
    });
    expect(linked.status).toBeLessThan(300);
    const methodId = (JSON.parse(linked.text) as { id: string }).id;
    const read = await call(`/api/payment_methods/${methodId}`);
    // The linking page's address names the token (the browser must open it); the logs do not.
    const { xendit_operations: operations } = JSON.parse(read.text) as {
      xendit_operations: unknown[];
    };
    expect(operations.length).toBeGreaterThan(0);
    expect(JSON.stringify(operations)).toContain('pt-[REDACTED]');
    expect(JSON.stringify(operations)).not.toMatch(/pt-[0-9a-f]{6}/);
  });
});
