import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_RATE_LIMIT_PER_MINUTE: '3',
    OTP_RATE_LIMIT_PER_MINUTE: '2',
    OTP_RESEND_LIMIT_PER_10_MINUTES: '2',
    PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '3',
  });
  token = await server.signIn('limited@example.com');
});
afterAll(() => server?.close());

/** The live status stream's status and headers, over real HTTP: the stream itself never ends. */
async function liveStatusStreamHead() {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  controller.abort();
  return { statusCode: response.status, headers: Object.fromEntries(response.headers) };
}

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

  it("gives the API's answers, its refusals too, the headers OWASP asks of an API", async () => {
    const answers = [
      await server.app.inject({ url: '/api/health' }),
      await server.app.inject({ url: '/api/products' }),
      await server.app.inject({
        url: '/api/payments',
        headers: { authorization: `Bearer ${token}` },
      }),
      await server.app.inject({ url: '/api/no-such-route' }),
      // Written ahead of time, outside Fastify's reply.
      await server.app.inject({
        url: '/api/products',
        headers: { authorization: `Bearer ${token}` },
      }),
      await liveStatusStreamHead(),
      // Refused by the router, before any hook.
      await server.app.inject({ url: `/api/payments/${'x'.repeat(300)}` }),
      await server.app.inject({ url: '/api/payments/%E0%A4%A' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 401, 200, 404, 200, 200, 414, 400,
    ]);
    for (const answer of answers) {
      expect(directives(answer.headers['content-security-policy'])).toEqual(
        new Map([
          ['default-src', ["'none'"]],
          ['frame-ancestors', ["'none'"]],
        ]),
      );
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it("keeps a page's headers on the API's documentation, a page of scripts", async () => {
    const docs = await server.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
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

  it('counts sign-ins per address whatever Authorization header each one carries', async () => {
    const fresh = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { authorization: `Bearer junk-${attempt}-${Math.random()}` },
          payload: { credential: 'not-a-token', app_id: 'demo-id' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await fresh.close();
    }
  });
});

describe('limits keyed on the verified customer and the payment', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      OTP_RATE_LIMIT_PER_MINUTE: '2',
      OTP_RESEND_LIMIT_PER_10_MINUTES: '2',
      PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => limited?.close());

  it('counts OTP tries per customer whatever the spelling of the bearer scheme', async () => {
    const other = await limited.signIn('otp-spellings@example.com');
    const statuses: number[] = [];
    for (const scheme of ['Bearer ', 'bearer ', 'BEARER ', 'Bearer  ']) {
      const response = await limited.app.inject({
        method: 'POST',
        url: `/api/payments/pay_missing_${statuses.length}/validate_otp`,
        headers: { authorization: `${scheme}${other}` },
        payload: { otp_code: '000000' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses).not.toContain(500);
  });

  it('allows a few OTP resends per payment in ten minutes', async () => {
    const resender = await limited.signIn('resender@example.com');
    const payment = await limited.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${resender}` },
      payload: {
        amount: 89_000,
        currency: 'IDR',
        country: 'ID',
        channel: 'BRI_DIRECT_DEBIT',
        type: 'PAY',
        orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
        channel_properties: { mobile_number: '+628111111111' },
      },
    });
    const id = (payment.json() as { id: string }).id;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: `/api/payments/${id}/resend_otp`,
        headers: { authorization: `Bearer ${resender}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.slice(2)).toEqual([429, 429]);
  });

  it("spends none of a payment's OTP tries or resends on another customer's requests", async () => {
    const owner = await limited.signIn('otp-owner@example.com');
    const payment = await limited.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${owner}` },
      payload: {
        amount: 89_000,
        currency: 'IDR',
        country: 'ID',
        channel: 'BRI_DIRECT_DEBIT',
        type: 'PAY',
        orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
        channel_properties: { mobile_number: '+628111111111' },
      },
    });
    const id = (payment.json() as { id: string }).id;
    // Strangers who learnt the id, each within their own limits, try the owner's payment.
    for (let stranger = 0; stranger < 2; stranger += 1) {
      const intruder = await limited.signIn(`otp-stranger-${stranger}@example.com`);
      for (const verb of ['resend_otp', 'validate_otp']) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `/api/payments/${id}/${verb}`,
          headers: { authorization: `Bearer ${intruder}` },
          ...(verb === 'validate_otp' ? { payload: { otp_code: '000000' } } : {}),
        });
        expect(response.statusCode).toBe(404);
      }
    }
    // The owner still has every resend and try of the payment.
    const statuses: number[] = [];
    for (const verb of ['resend_otp', 'resend_otp']) {
      const response = await limited.app.inject({
        method: 'POST',
        url: `/api/payments/${id}/${verb}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200]);
  });

  it("spends none of a method's OTP tries on another customer's requests", async () => {
    const owner = await limited.signIn('method-otp-owner@example.com');
    const linked = await limited.app.inject({
      method: 'POST',
      url: '/api/payment_methods',
      headers: { authorization: `Bearer ${owner}` },
      payload: {
        channel: 'BRI_DIRECT_DEBIT',
        country: 'ID',
        reference_id: 'otp-owner',
        channel_properties: { mobile_number: '+628111111111' },
      },
    });
    const id = (linked.json() as { id: string }).id;
    for (let stranger = 0; stranger < 3; stranger += 1) {
      const intruder = await limited.signIn(`method-otp-stranger-${stranger}@example.com`);
      const response = await limited.app.inject({
        method: 'POST',
        url: `/api/payment_methods/${id}/validate_otp`,
        headers: { authorization: `Bearer ${intruder}` },
        payload: { otp_code: '000000' },
      });
      expect(response.statusCode).toBe(404);
    }
    const right = await limited.app.inject({
      method: 'POST',
      url: `/api/payment_methods/${id}/validate_otp`,
      headers: { authorization: `Bearer ${owner}` },
      payload: { otp_code: '333000' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ status: 'ACTIVE' });
  });

  it('limits payment creates per customer', async () => {
    const buyer = await limited.signIn('busy-buyer@example.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${buyer}` },
        payload: {
          amount: 89_000,
          currency: 'IDR',
          country: 'ID',
          channel: 'BCA_VIRTUAL_ACCOUNT',
          type: 'PAY',
          orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
