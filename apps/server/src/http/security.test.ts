import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_RATE_LIMIT_PER_MINUTE: '3',
    OTP_RATE_LIMIT_PER_MINUTE: '2',
  });
  token = await server.signIn('limited@example.com');
});
afterAll(() => server?.close());

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('lets the page run only the store, the identity script and the cards script', async () => {
    const response = await server.app.inject({ url: '/config.js' });
    const csp = directives(response.headers['content-security-policy']);
    const identity = new URL(server.config.identity.scriptUrl).origin;
    const cards = new URL(server.config.xenditCardsScriptUrl).origin;
    expect(csp.get('script-src')?.sort()).toEqual(["'self'", cards, identity].sort());
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    // beforeAll spent one of the three sign-ins this address may make in a minute.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { credential: 'not-a-token', app_id: 'demo-id' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error_code).toBe('RATE_LIMIT_EXCEEDED');
      }
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('limits one-time-password attempts per session', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/payments/pay_missing/validate_otp',
        headers: { authorization: `Bearer ${token}` },
        payload: { otp_code: '000000' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});
