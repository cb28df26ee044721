import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function call(token: string, path: string, method = 'GET') {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('signing out on the server', () => {
  it('refuses the signed-out token from then on, and leaves the other sessions alone', async () => {
    const stolen = await server.signIn('signing-out@example.com');
    const otherTab = await server.signIn('signing-out@example.com');
    expect((await call(stolen, '/auth/customers/me')).status).toBe(200);
    expect((await call(stolen, '/auth/logout', 'POST')).status).toBe(200);
    // A copy of the token (a stolen one, a tab left open) is refused as an ended session.
    const after = await call(stolen, '/auth/customers/me');
    expect(after.status).toBe(401);
    expect(after.body.error_code).toBe('TOKEN_EXPIRED_ERROR');
    expect((await call(otherTab, '/auth/customers/me')).status).toBe(200);
  });

  it('signs every session of the customer out everywhere, and a new sign-in works', async () => {
    const phone = await server.signIn('everywhere@example.com');
    const laptop = await server.signIn('everywhere@example.com');
    expect((await call(laptop, '/auth/logout_all', 'POST')).status).toBe(200);
    expect((await call(phone, '/payments')).status).toBe(401);
    expect((await call(laptop, '/payments')).status).toBe(401);
    // The next second's sign-in is a new session.
    const startedAt = Date.now();
    while (Math.floor(Date.now() / 1000) === Math.floor(startedAt / 1000)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const fresh = await server.signIn('everywhere@example.com');
    expect((await call(fresh, '/payments')).status).toBe(200);
  });
});
