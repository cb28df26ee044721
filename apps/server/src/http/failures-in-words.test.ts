import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { registerErrorHandler } from './error-handler.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function call(token: string, path: string, body?: object) {
  const response = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('a refund while the provider is down', () => {
  it('tells the customer in words, not the socket error', async () => {
    const token = await server.signIn('refund-down@example.com');
    const paid = await call(token, '/api/payments', {
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BRI_DIRECT_DEBIT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
      channel_properties: { mobile_number: '+628111111111' },
    });
    const paymentId = String(paid.body.id);
    const confirmed = await call(token, `/api/payments/${paymentId}/validate_otp`, {
      otp_code: '222000',
    });
    expect(confirmed.body.status).toBe('SUCCEEDED');
    const lines = (paid.body.orders as { id: string }[]).map((line) => line.id);

    // The provider goes away (its port refuses connections); closing the server later skips it.
    await server.xendit.close();
    server.xendit.close = async () => undefined;
    const refund = await call(token, `/api/payments/${paymentId}/refund`, { orders: lines });
    expect(refund.status).toBeGreaterThanOrEqual(500);
    expect(String(refund.body.message)).not.toMatch(
      /ECONNREFUSED|127\.0\.0\.1|socket|fetch failed/,
    );
    expect(String(refund.body.message)).toContain('payment provider did not answer');
  });
});

describe('a dropped database connection', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    // The error handler as the store registers it, behind a route whose database connection drops
    // the way node-postgres reports it (the driver's words, or PostgreSQL's shutdown code).
    app = Fastify();
    registerErrorHandler(app, { spaIndexHtml: null });
    app.get('/terminated', async () => {
      throw new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') });
    });
    app.get('/admin-shutdown', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it.each(['/terminated', '/admin-shutdown'])(
    'answers 503 saying a retry is safe (%s)',
    async (path) => {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      const body = (await response.json()) as { error_code: string; message: string };
      expect(body.error_code).toBe('SERVICE_UNAVAILABLE');
      expect(body.message).toContain('a retry is safe');
    },
  );
});
