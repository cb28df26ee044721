import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../harness/test-settings.ts';
import { startInstanceWithHeldAnswers } from '../test/held-answers.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function call(token: string, path: string, method = 'GET', on = server) {
  const response = await fetch(`${on.url}/api${path}`, {
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

  it('refuses the token on another instance as soon as it is signed out, though that one had just checked it', async () => {
    const other = await startTestServer(
      { SESSION_SECRET: server.config.sessionSecret },
      { database: server.database },
    );
    try {
      const token = await server.signIn('two-instances@example.com');
      const everywhere = await server.signIn('two-instances-everywhere@example.com');
      // The other instance checks both sessions, and would trust them for 30 s.
      expect((await call(token, '/auth/customers/me', 'GET', other)).status).toBe(200);
      expect((await call(everywhere, '/auth/customers/me', 'GET', other)).status).toBe(200);
      expect((await call(token, '/auth/logout', 'POST')).status).toBe(200);
      expect((await call(everywhere, '/auth/logout_all', 'POST')).status).toBe(200);
      // The sign-outs reach it as announcements: well within the time it would trust them.
      await vi.waitFor(
        async () => {
          const signedOut = await call(token, '/auth/customers/me', 'GET', other);
          const everywhereOut = await call(everywhere, '/auth/customers/me', 'GET', other);
          expect(signedOut.status).toBe(401);
          expect(everywhereOut.status).toBe(401);
          expect(signedOut.body.error_code).toBe('TOKEN_EXPIRED_ERROR');
        },
        { timeout: 2_000, interval: 20 },
      );
    } finally {
      await other.close();
    }
  });

  // Only a server database can answer a read after a change committed elsewhere: PGlite runs one
  // query at a time in this process.
  it.skipIf(!testSettings.serverTestsOnPostgres)(
    'does not remember a session whose check was answered after the sign-out was announced',
    async () => {
      const { proxy, other, signOutsAnnounced, close } = await startInstanceWithHeldAnswers(server);
      try {
        const token = await server.signIn('late-answer@example.com');
        // Another customer's request opens the other instance's connection before answers are held.
        const warm = await server.signIn('late-answer-warm@example.com');
        expect((await call(warm, '/auth/customers/me', 'GET', other)).status).toBe(200);
        proxy.hold();
        const early = call(token, '/auth/customers/me', 'GET', other);
        await waitFor('the database answering the early check', () => proxy.heldBytes > 0);
        expect((await call(token, '/auth/logout', 'POST')).status).toBe(200);
        // The other instance hears the sign-out (its handler was added before this one) before
        // the early answer.
        await waitFor('the sign-out announced', () => signOutsAnnounced.length > 0);
        proxy.release();
        await early;
        const after = await call(token, '/auth/customers/me', 'GET', other);
        expect(after.status).toBe(401);
        expect(after.body.error_code).toBe('TOKEN_EXPIRED_ERROR');
      } finally {
        await close();
      }
    },
  );
});
