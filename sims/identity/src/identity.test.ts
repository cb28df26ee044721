import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientId, startIdentitySimulator } from './index.ts';

let simulator: Awaited<ReturnType<typeof startIdentitySimulator>>;
beforeAll(async () => {
  simulator = await startIdentitySimulator({ port: 0 });
});
afterAll(() => simulator?.close());

describe('identity simulator', () => {
  it('mints credentials at /dev/credentials that verify against its JWKS', async () => {
    const response = await fetch(`${simulator.url}/dev/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'Ana@Example.com', name: 'Ana' }),
    });
    expect(response.status).toBe(200);
    const { credential } = (await response.json()) as { credential: string };
    const keys = createRemoteJWKSet(new URL(`${simulator.url}/oauth2/v3/certs`));
    const { payload } = await jwtVerify(credential, keys, {
      issuer: simulator.url,
      audience: defaultClientId,
    });
    expect(payload).toMatchObject({ email: 'ana@example.com', name: 'Ana', email_verified: true });
    expect(payload.sub).toMatch(/^[0-9a-f]{21}$/);
  });

  it('mints a credential for an unverified address when asked, and only for a boolean', async () => {
    const request = (emailVerified: unknown) =>
      fetch(`${simulator.url}/dev/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'unverified@example.com', email_verified: emailVerified }),
      });
    const response = await request(false);
    expect(response.status).toBe(200);
    const { credential } = (await response.json()) as { credential: string };
    const keys = createRemoteJWKSet(new URL(`${simulator.url}/oauth2/v3/certs`));
    const { payload } = await jwtVerify(credential, keys, {
      issuer: simulator.url,
      audience: defaultClientId,
    });
    expect(payload.email_verified).toBe(false);
    expect((await request('false')).status).toBe(400);
  });

  it('gives one account the same subject every time', async () => {
    const decode = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
    const a = await simulator.issueCredential({ email: 'x@example.com', audience: 'a' });
    const b = await simulator.issueCredential({ email: 'x@example.com', audience: 'a' });
    const c = await simulator.issueCredential({ email: 'y@example.com', audience: 'a' });
    expect(decode(a).sub).toBe(decode(b).sub);
    expect(decode(c).sub).not.toBe(decode(a).sub);
  });

  it('refuses a credential request without a valid email', async () => {
    const response = await fetch(`${simulator.url}/gsi/credential`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', client_id: defaultClientId }),
    });
    expect(response.status).toBe(400);
  });

  it('serves the Google Identity Services interface script to other origins', async () => {
    const response = await fetch(`${simulator.url}/gsi/client`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const script = await response.text();
    expect(script).toContain('google.accounts.id');
    expect(script).toContain('renderButton');
  });
});
