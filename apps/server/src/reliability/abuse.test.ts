import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@store/contract';
import { TEST_OTPS } from '@store/xendit';
import { payments } from '../db/schema.ts';
import { startFaultProxy, type FaultProxy } from '../../harness/fault-proxy.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { directDebitOrder, vaOrder } from '../../harness/helpers.ts';
import { recordCounts } from '../../harness/soak.ts';

let server: TestServer;
let proxy: FaultProxy;
let token: string;
let requests = 0;
beforeAll(async () => {
  proxy = await startFaultProxy();
  server = await startTestServer({ XENDIT_BASE_URL: proxy.url });
  proxy.target = server.xendit.url;
  token = await server.signIn('abuser@example.com');
});
afterAll(async () => {
  recordCounts('abuse', { requests, faultsInjected: proxy?.faultsInjected ?? 0 });
  await server?.close();
  await proxy?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  requests += 1;
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload,
  });
}

/** Provider calls seen by the proxy for one path, e.g. "POST /v3/payment_requests/pr-1/validate_otp". */
const seen = (key: string) => proxy.seen.get(key) ?? 0;

describe('wrong one-time passwords', () => {
  it('answers MAX_OTP_ATTEMPTS after too many wrong OTPs, one provider call per attempt', async () => {
    const payment = (await call('POST', '/api/payments', directDebitOrder())).json() as Payment;
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    const verb = `POST /v3/payment_requests/${row?.providerRequestId}/validate_otp`;
    const answers: string[] = [];
    for (const otp of ['111111', '111112', '111113', '111114']) {
      const response = await call('POST', `/api/payments/${payment.id}/validate_otp`, {
        otp_code: otp,
      });
      answers.push(`${response.statusCode} ${response.json().error_code as string}`);
    }
    // The third wrong code ended the payment; the fourth is refused by the store itself.
    expect(answers).toEqual([
      '400 INVALID_OTP',
      '400 INVALID_OTP',
      '400 MAX_OTP_ATTEMPTS',
      '409 PAYMENT_NOT_ACTIONABLE',
    ]);
    // Each attempt while the payment was open reached the provider once: a refusal is never
    // retried, and the ended payment's is not sent at all.
    expect(seen(verb)).toBe(3);
    const read = (await call('GET', `/api/payments/${payment.id}`)).json() as Payment;
    expect(read.status).not.toBe('SUCCEEDED');
  });

  it('answers MAX_OTP_ATTEMPTS for the test value 222002 after a single provider call', async () => {
    const payment = (await call('POST', '/api/payments', directDebitOrder())).json() as Payment;
    const before = [...proxy.seen.entries()].filter(([key]) => key.endsWith('/validate_otp'));
    const response = await call('POST', `/api/payments/${payment.id}/validate_otp`, {
      otp_code: TEST_OTPS.maxAttempts,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: 'MAX_OTP_ATTEMPTS' });
    expect(response.json().response.request.url).toContain('/validate_otp');
    const after = [...proxy.seen.entries()].filter(([key]) => key.endsWith('/validate_otp'));
    const calls = (entries: [string, number][]) => entries.reduce((sum, [, n]) => sum + n, 0);
    expect(calls(after) - calls(before)).toBe(1);
  });
});

describe('no retries of refused provider calls', () => {
  it.each([
    ['refuse', 400],
    ['unavailable', 422],
  ] as const)(
    'sends a create the provider refuses (%s) once and shows the error',
    async (mode, status) => {
      const before = seen('POST /v3/payment_requests');
      proxy.inject(mode, { times: 5 });
      const response = await call('POST', '/api/payments', vaOrder());
      proxy.inject('pass');
      expect(response.statusCode).toBe(status);
      expect(response.json().error_code).toMatch(/^[A-Z_]+$/);
      expect(seen('POST /v3/payment_requests') - before).toBe(1);
    },
  );

  it.each(['status500', 'status503'] as const)(
    'sends a create whose outcome a bare %s leaves unknown once, and shows it pending',
    async (mode) => {
      const before = seen('POST /v3/payment_requests');
      proxy.inject(mode, { times: 5 });
      const response = await call('POST', '/api/payments', vaOrder());
      proxy.inject('pass');
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('PENDING');
      expect(seen('POST /v3/payment_requests') - before).toBe(1);
    },
  );
});
