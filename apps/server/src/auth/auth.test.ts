import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema.ts';
import { createSessionTokens } from './session-token.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function login(credential: string, appId = 'demo-id') {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { credential, app_id: appId },
  });
}

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('POST /api/auth/login', () => {
  it('exchanges a credential from the identity provider for a session token', async () => {
    const credential = await server.identity.issueCredential({
      email: 'ana@example.com',
      name: 'Ana',
      audience: server.config.identity.clientId,
    });
    const response = await login(credential);
    expect(response.statusCode).toBe(200);
    const claims = decodeClaims(response.json().token);
    expect(claims).toMatchObject({ app_id: 'demo-id', mode: 'development' });
    expect(claims.customer_id).toMatch(/^cus_/);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('finds the same customer on a second sign-in and keeps apps apart', async () => {
    const first = decodeClaims(await server.signIn('same@example.com'));
    const second = decodeClaims(await server.signIn('same@example.com'));
    const otherApp = decodeClaims(await server.signIn('same@example.com', 'demo-ph'));
    expect(second.customer_id).toBe(first.customer_id);
    expect(otherApp.customer_id).not.toBe(first.customer_id);
    expect(otherApp).toMatchObject({ app_id: 'demo-ph', mode: 'live' });
  });

  it('refuses an account whose email Google has not verified, creating no customer, until it is verified', async () => {
    const email = 'unverified@example.com';
    const customersWithEmail = () =>
      server.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.appId, 'demo-id'), eq(customers.email, email)));
    const unverified = await server.identity.issueCredential({
      email,
      audience: server.config.identity.clientId,
      emailVerified: false,
    });
    const refused = await login(unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error_code: 'EMAIL_NOT_VERIFIED',
      message:
        "Your Google account's email address is not verified yet. Verify it in your Google account, then sign in again.",
    });
    expect(await customersWithEmail()).toEqual([]);

    const verified = await server.identity.issueCredential({
      email,
      audience: server.config.identity.clientId,
    });
    const accepted = await login(verified);
    expect(accepted.statusCode).toBe(200);
    const [customer] = await customersWithEmail();
    expect(decodeClaims(accepted.json().token).customer_id).toBe(customer?.id);
  });

  it('refuses a credential whose signature is forged', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'mallory@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'sim-forged' })
      .setIssuer(server.identity.url)
      .setAudience(server.config.identity.clientId)
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await login(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: 'INVALID_CREDENTIAL' });
  });

  it('refuses a credential issued for another audience', async () => {
    const credential = await server.identity.issueCredential({
      email: 'ana@example.com',
      audience: 'someone-else.apps.example',
    });
    const response = await login(credential);
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('INVALID_CREDENTIAL');
  });

  it('refuses an expired credential', async () => {
    const credential = await server.identity.issueCredential({
      email: 'ana@example.com',
      audience: server.config.identity.clientId,
      expiresInSeconds: -60,
    });
    const response = await login(credential);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error_code: 'INVALID_CREDENTIAL',
      message: 'The sign-in credential has expired',
    });
  });

  it("refuses a credential that lives longer than Google's hour", async () => {
    const credential = await server.identity.issueCredential({
      email: 'ana@example.com',
      audience: server.config.identity.clientId,
      expiresInSeconds: 24 * 3600,
    });
    const response = await login(credential);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error_code: 'INVALID_CREDENTIAL',
      message: 'The sign-in credential lives too long',
    });
  });

  it('refuses an unsigned (alg none) credential', async () => {
    const unsigned = new UnsecuredJWT({ email: 'eve@example.com' })
      .setIssuer(server.identity.url)
      .setAudience(server.config.identity.clientId)
      .setSubject('eve')
      .setExpirationTime('1h')
      .encode();
    const response = await login(unsigned);
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 APP_NOT_FOUND for an unknown app', async () => {
    const credential = await server.identity.issueCredential({
      email: 'ana@example.com',
      audience: server.config.identity.clientId,
    });
    const response = await login(credential, 'no-such-app');
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('APP_NOT_FOUND');
  });

  it('answers 400 with an error_code for a malformed body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { app_id: 'demo-id' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe('API_VALIDATION_ERROR');
    expect(response.json().message).toContain('credential');
  });
});

describe('session tokens', () => {
  async function products(token: string) {
    return server.app.inject({
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('answers 401 TOKEN_EXPIRED_ERROR for an expired session', async () => {
    const tokens = createSessionTokens(server.config.sessionSecret, 60);
    const customerId = decodeClaims(await server.signIn('late@example.com')).customer_id as string;
    const expired = await tokens.sign(
      { appId: 'demo-id', mode: 'development', customerId },
      Date.now() - 3600_000,
    );
    const response = await server.app.inject({
      url: '/api/products',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('TOKEN_EXPIRED_ERROR');
  });

  it('refuses a token once it expires, though it was checked and remembered a moment before', async () => {
    const customerId = decodeClaims(await server.signIn('brief@example.com')).customer_id as string;
    const brief = await createSessionTokens(server.config.sessionSecret, 2).sign({
      appId: 'demo-id',
      mode: 'development',
      customerId,
    });
    expect((await products(brief)).statusCode).toBe(200);
    expect((await products(brief)).statusCode).toBe(200);
    const expiresAt = (decodeClaims(brief).exp as number) * 1000;
    await waitFor('the token expiring', () => Date.now() >= expiresAt);
    const response = await products(brief);
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('TOKEN_EXPIRED_ERROR');
  });

  it('refuses a token signed with another secret', async () => {
    const tokens = createSessionTokens('x'.repeat(40), 60);
    const token = await tokens.sign({ appId: 'demo-id', mode: 'development', customerId: 'cus_x' });
    const response = await server.app.inject({
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('UNAUTHORIZED');
  });

  it('refuses a session token without an expiry, signed with the server secret', async () => {
    const claims = decodeClaims(await server.signIn('forever@example.com'));
    delete claims.exp;
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(server.config.sessionSecret));
    const response = await products(forever);
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('UNAUTHORIZED');
  });

  it('refuses an unsigned (alg none) session token with valid claims', async () => {
    const claims = decodeClaims(await server.signIn('none@example.com'));
    const unsigned = new UnsecuredJWT(claims).encode();
    const response = await products(unsigned);
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('UNAUTHORIZED');
  });

  it('refuses a session token whose claims were altered under the old signature', async () => {
    const token = await server.signIn('mallory@example.com');
    const victim = decodeClaims(await server.signIn('victim@example.com'));
    // The genuine token is checked first, so the server remembers it, by its signature, which
    // every forged token below ends with too.
    expect((await products(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const altered = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) };
    for (const change of [
      { customer_id: victim.customer_id, sub: victim.customer_id },
      { app_id: 'demo-ph', mode: 'live' },
      { exp: Math.floor(Date.now() / 1000) + 365 * 24 * 3600 },
    ]) {
      const forged = Buffer.from(JSON.stringify({ ...altered, ...change })).toString('base64url');
      const response = await products(`${header}.${forged}.${signature}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().error_code).toBe('UNAUTHORIZED');
    }
  });

  it('takes the Bearer scheme in any case and spaces before the token, remembered or not, and nothing after it', async () => {
    const token = await server.signIn('schemes@example.com');
    const answer = (authorization: string) =>
      server.app.inject({ url: '/api/products', headers: { authorization } });
    for (const authorization of [
      `bearer ${token}`,
      `Bearer   ${token}`,
      `Bearer ${token}`,
      `BEARER\t${token}`,
    ]) {
      expect((await answer(authorization)).statusCode, authorization).toBe(200);
    }
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token} ${token}`,
      `Bearer${token}`,
      token,
      `Basic ${token}`,
    ]) {
      const response = await answer(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json().error_code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a token with a space or a tab inside, which its signature alone would let through', async () => {
    const tokens = createSessionTokens(server.config.sessionSecret, 60);
    const token = await tokens.sign({ appId: 'demo-id', mode: 'development', customerId: 'c' });
    for (const altered of [
      `${token.slice(0, -10)} ${token.slice(-10)}`,
      `${token.slice(0, 20)}\t${token.slice(20)}`,
    ]) {
      await expect(tokens.verify(altered)).rejects.toMatchObject({
        statusCode: 401,
        errorCode: 'UNAUTHORIZED',
      });
    }
    await expect(tokens.verify(token)).resolves.toMatchObject({ customerId: 'c' });
  });

  it('refuses a session token signed with an asymmetric key, or with HS256 under another secret', async () => {
    const claims = decodeClaims(await server.signIn('keys@example.com'));
    const { privateKey } = await generateKeyPair('RS256');
    const rsa = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .sign(privateKey);
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-chars'));
    for (const token of [rsa, otherSecret]) {
      const response = await products(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().error_code).toBe('UNAUTHORIZED');
    }
  });

  it('answers CUSTOMER_NOT_FOUND for a valid token of a customer that does not exist', async () => {
    const tokens = createSessionTokens(server.config.sessionSecret, 60);
    const token = await tokens.sign({
      appId: 'demo-id',
      mode: 'development',
      customerId: 'cus_gone',
    });
    const response = await server.app.inject({
      url: '/api/products',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('/api/auth/customers/me', () => {
  it('reads and updates the mobile number of the signed-in customer only', async () => {
    const token = await server.signIn('budi@example.com');
    const otherToken = await server.signIn('citra@example.com');
    const auth = { authorization: `Bearer ${token}` };

    const me = await server.app.inject({ url: '/api/auth/customers/me', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'budi@example.com', mobile_number: null });

    const updated = await server.app.inject({
      method: 'PATCH',
      url: '/api/auth/customers/me',
      headers: auth,
      payload: { ...(me.json() as object), mobile_number: '+6281234567890' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().mobile_number).toBe('+6281234567890');

    const reread = await server.app.inject({ url: '/api/auth/customers/me', headers: auth });
    expect(reread.json().mobile_number).toBe('+6281234567890');
    const other = await server.app.inject({
      url: '/api/auth/customers/me',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(other.json()).toMatchObject({ email: 'citra@example.com', mobile_number: null });
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.inject({ url: '/api/auth/customers/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: 'UNAUTHORIZED' });
  });
});
