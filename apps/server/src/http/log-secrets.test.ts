import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logStream });
});
afterAll(() => server?.close());

it('keeps keys, tokens and credentials out of the logs through a whole payment', async () => {
  const credential = await server.identity.issueCredential({
    email: 'quiet@example.com',
    audience: server.config.identity.clientId,
  });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential, app_id: 'demo-id' }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${server.url}/api/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await fetch(`${server.url}/api/payments/${id}/simulate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  // The provider's capture webhook is the last request of the payment: wait until it has come and
  // every request has been answered, so every line the payment writes is in the logs.
  const count = (text: string, word: string) => text.split(word).length - 1;
  const logs = await waitFor('the webhook answered and every request logged', () => {
    const written = logLines.join('');
    return (
      written.includes('/api/webhooks/xendit') &&
      count(written, '"request completed"') >= count(written, '"incoming request"') &&
      written
    );
  });
  expect(logs).toContain('/api/payments');
  for (const secret of [
    token,
    credential,
    server.config.sessionSecret,
    server.config.xendit.keys.development.secretKey,
    server.config.xendit.callbackTokens.development,
    server.config.xendit.callbackTokens.live,
  ]) {
    expect(logs).not.toContain(secret);
  }
});

it("logs the catalogue's answer, written without Fastify's reply, under its request id", async () => {
  const token = await server.signIn('browsing@example.com');
  const listing = await fetch(`${server.url}/api/products`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listing.status).toBe(200);
  const lines = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const incoming = await waitFor('the catalogue request logged', () =>
    lines().find(
      (line) =>
        line.msg === 'incoming request' &&
        (line.req as { url?: string } | undefined)?.url === '/api/products',
    ),
  );
  const completed = await waitFor('its completion logged', () =>
    lines().find((line) => line.msg === 'request completed' && line.reqId === incoming.reqId),
  );
  expect((completed.res as { statusCode?: number }).statusCode).toBe(200);
  expect(logLines.join('')).not.toContain(token);
});
