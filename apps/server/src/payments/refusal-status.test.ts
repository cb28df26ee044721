import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.signIn('refused@example.com');
});
afterAll(() => server?.close());

/** The Sandbox: Channel Unavailable product, whose test amount e-wallets refuse with a 503. */
const channelUnavailable = {
  product_id: 'id-sandbox-channel-unavailable',
  quantity: 1,
  price: 10_101,
  currency: 'IDR',
};

/** A create sent as the browser sends it: over the store's real port, not injected. */
async function createOverHttp(body: object): Promise<Response> {
  return fetch(`${server.url}/api/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-client-id': 'web',
    },
    body: JSON.stringify(body),
  });
}

describe('a create the provider refuses with a 5xx that names its error', () => {
  it('answers the browser 422 with the provider’s code and exchange, not 502, and fails the payment', async () => {
    const response = await createOverHttp({
      amount: 10_101,
      currency: 'IDR',
      country: 'ID',
      channel: 'DANA',
      type: 'PAY',
      orders: [channelUnavailable],
    });
    const body = (await response.json()) as {
      error_code: string;
      message: string;
      response?: { response?: { status: number } };
    };
    expect(response.status).toBe(422);
    expect(body.error_code).toBe('CHANNEL_UNAVAILABLE');
    expect(body.response?.response?.status).toBe(503);

    const listed = await fetch(`${server.url}/api/payments`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [payment] = ((await listed.json()) as { payments: Payment[] }).payments;
    expect(payment?.status).toBe('FAILED');
  });
});
