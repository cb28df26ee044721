import { describe, expect, it } from 'vitest';
import { verifyCallbackToken } from './callback-token.ts';
import { createXenditClient, XenditError } from './client.ts';
import { recurringWebhookEventSchema, webhookEventSchema } from './wire/webhooks.ts';

const secretKey = 'xnd_development_unit_test_key';

type Seen = { url: string; init: RequestInit };

function fakeFetch(respond: (seen: Seen) => Promise<Response> | Response) {
  const calls: Seen[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const seen = { url: String(input), init: init ?? {} };
    calls.push(seen);
    return respond(seen);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const paymentRequest = {
  payment_request_id: 'pr-1',
  business_id: 'b',
  reference_id: 'order-1',
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 10000,
  channel_code: 'BCA_VIRTUAL_ACCOUNT',
  status: 'REQUIRES_ACTION',
  actions: [],
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
};

async function failure(promise: Promise<unknown>): Promise<XenditError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof XenditError)) throw new Error('expected a XenditError');
  return error;
}

describe('createXenditClient', () => {
  it('sends Basic auth, api-version on /v3 and the idempotency key, and redacts the key in the exchange', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, paymentRequest, { 'request-id': 'req-1' }));
    const client = createXenditClient({ baseUrl: 'http://provider.test/', secretKey, fetch });
    const { body, exchange } = await client.createPaymentRequest(
      {
        reference_id: 'order-1',
        type: 'PAY',
        country: 'ID',
        currency: 'IDR',
        request_amount: 10000,
        channel_code: 'BCA_VIRTUAL_ACCOUNT',
      },
      { idempotencyKey: 'idem-1' },
    );
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('http://provider.test/v3/payment_requests');
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`);
    expect(headers['api-version']).toBe('2024-11-11');
    expect(headers['idempotency-key']).toBe('idem-1');
    expect(body.payment_request_id).toBe('pr-1');
    expect(exchange.request.headers.authorization).toBe('[REDACTED]');
    expect(exchange.response).toMatchObject({ status: 201, headers: { 'request-id': 'req-1' } });
    expect(exchange.request.data).toMatchObject({ request_amount: 10000 });
    expect(Date.parse(exchange.started_at)).not.toBeNaN();
    const serialised = JSON.stringify(exchange);
    expect(serialised).not.toContain(secretKey);
    expect(serialised).not.toContain(Buffer.from(`${secretKey}:`).toString('base64'));
  });

  it('sends no api-version to /refunds and /sessions', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(404, { error_code: 'DATA_NOT_FOUND', message: 'no' }),
    );
    const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
    await failure(
      client.createRefund(
        { payment_request_id: 'pr-1', reason: 'REQUESTED_BY_CUSTOMER' },
        { idempotencyKey: 'rfd-key-1' },
      ),
    );
    await failure(client.getSession('ps-1'));
    for (const call of calls) {
      expect((call.init.headers as Record<string, string>)['api-version']).toBeUndefined();
    }
  });

  it('turns a provider error into XenditError with its error_code, message, status and exchange', async () => {
    const { fetch } = fakeFetch(() =>
      json(400, { error_code: 'INVALID_OTP', message: 'The OTP is not valid' }),
    );
    const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
    const error = await failure(client.validatePaymentRequestOtp('pr-1', { otp_code: '1' }));
    expect([error.errorCode, error.message, error.status]).toEqual([
      'INVALID_OTP',
      'The OTP is not valid',
      400,
    ]);
    expect(error.exchange.response?.data).toMatchObject({ error_code: 'INVALID_OTP' });
  });

  it('times out with TIMEOUT and status null', async () => {
    const { fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = createXenditClient({
      baseUrl: 'http://provider.test',
      secretKey,
      fetch,
      timeoutMs: 50,
    });
    const error = await failure(client.getPaymentRequest('pr-1'));
    expect([error.errorCode, error.status, error.exchange.response]).toEqual([
      'TIMEOUT',
      null,
      null,
    ]);
    expect(error.exchange.duration_ms).toBeGreaterThanOrEqual(40);
  });

  it('reports an unreachable provider as NETWORK_ERROR', async () => {
    const client = createXenditClient({ baseUrl: 'http://127.0.0.1:1', secretKey });
    const error = await failure(client.getPaymentToken('pt-1'));
    expect([error.errorCode, error.status]).toEqual(['NETWORK_ERROR', null]);
  });

  it('reports a body that does not match the wire format as INVALID_RESPONSE', async () => {
    const { fetch } = fakeFetch(() => json(200, { ...paymentRequest, status: 'DANCING' }));
    const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
    const error = await failure(client.getPaymentRequest('pr-1'));
    expect([error.errorCode, error.status]).toEqual(['INVALID_RESPONSE', 200]);
    expect(error.message).toContain('status');
  });

  it('reports an error status without an error body as INVALID_RESPONSE', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
    const error = await failure(client.cancelSession('ps-1'));
    expect([error.errorCode, error.status]).toEqual(['INVALID_RESPONSE', 502]);
    expect(error.exchange.response?.data).toBe('<html>Bad gateway</html>');
  });

  it('passes amounts with decimals as given', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(201, { ...paymentRequest, currency: 'PHP', country: 'PH', request_amount: 1234.56 }),
    );
    const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
    const { body } = await client.createPaymentRequest(
      {
        reference_id: 'o',
        type: 'PAY',
        country: 'PH',
        currency: 'PHP',
        request_amount: 1234.56,
        channel_code: 'GCASH',
      },
      { idempotencyKey: 'k' },
    );
    expect(JSON.parse(String(calls[0]?.init.body)).request_amount).toBe(1234.56);
    expect(body.request_amount).toBe(1234.56);
  });
});

describe('verifyCallbackToken', () => {
  it('accepts the expected token and rejects others, missing ones and an empty expectation', () => {
    expect(verifyCallbackToken('token-1', 'token-1')).toBe(true);
    expect(verifyCallbackToken('token-2', 'token-1')).toBe(false);
    expect(verifyCallbackToken('token-1-longer', 'token-1')).toBe(false);
    expect(verifyCallbackToken(undefined, 'token-1')).toBe(false);
    expect(verifyCallbackToken(['token-1'], 'token-1')).toBe(false);
    expect(verifyCallbackToken('', '')).toBe(false);
  });

  describe('subscriptions', () => {
    const schedule = {
      id: 'resc-1',
      reference_id: 'schedule-1',
      interval: 'MONTH',
      interval_count: 1,
      anchor_date: '2026-02-01T00:00:00.000Z',
    };
    const plan = {
      id: 'repl-1',
      reference_id: 'plan-1',
      customer_id: 'cust-1',
      recurring_action: 'PAYMENT',
      currency: 'IDR',
      amount: 13579,
      status: 'PENDING',
      schedule,
      payment_methods: [{ payment_method_id: 'pt-1', rank: 1 }],
    };
    const cycle = {
      id: 'recy-1',
      plan_id: 'repl-1',
      status: 'SCHEDULED',
      amount: 13579,
      cycle_number: 1,
      attempt_details: [],
    };

    it('creates a plan under an idempotency key, without api-version, and reads it back typed', async () => {
      const { fetch, calls } = fakeFetch(() => json(201, plan));
      const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
      const { body } = await client.createRecurringPlan(
        {
          reference_id: 'plan-1',
          customer_id: 'cust-1',
          recurring_action: 'PAYMENT',
          currency: 'IDR',
          amount: 13579,
          schedule: { reference_id: 'schedule-1', interval: 'MONTH', interval_count: 1 },
          payment_methods: [{ payment_method_id: 'pt-1', rank: 1 }],
        },
        { idempotencyKey: 'plan-idem' },
      );
      const headers = calls[0]?.init.headers as Record<string, string>;
      expect([calls[0]?.init.method, calls[0]?.url]).toEqual([
        'POST',
        'http://provider.test/recurring/plans',
      ]);
      expect(headers['idempotency-key']).toBe('plan-idem');
      expect(headers['api-version']).toBeUndefined();
      expect(body).toMatchObject({ id: 'repl-1', status: 'PENDING', schedule: { id: 'resc-1' } });
    });

    it('calls each plan and cycle operation on its path', async () => {
      const { fetch, calls } = fakeFetch(({ url }) =>
        json(200, url.endsWith('/cycles') ? [cycle] : url.includes('/cycles/') ? cycle : plan),
      );
      const client = createXenditClient({ baseUrl: 'http://provider.test', secretKey, fetch });
      await client.getRecurringPlan('repl-1');
      await client.deactivateRecurringPlan('repl-1');
      const { body: cycles } = await client.listRecurringCycles('repl-1');
      await client.forceRecurringCycleAttempt('repl-1', 'recy-1');
      await client.simulateRecurringCycle('repl-1', 'recy-1');
      await client.simulateRecurringCycle('repl-1', 'recy-1', { amount: 21110 });
      await client.cancelRecurringCycle('repl-1', 'recy-1');
      await client.updateRecurringPlan('repl-1', { amount: 20000 });
      expect(cycles.map((c) => c.status)).toEqual(['SCHEDULED']);
      expect(calls.map(({ url, init }) => `${init.method} ${url.slice(20)}`)).toEqual([
        'GET /recurring/plans/repl-1',
        'POST /recurring/plans/repl-1/deactivate',
        'GET /recurring/plans/repl-1/cycles',
        'POST /recurring/plans/repl-1/cycles/recy-1/force_attempt',
        'POST /recurring/plans/repl-1/cycles/recy-1/simulate',
        'POST /recurring/plans/repl-1/cycles/recy-1/simulate',
        'POST /recurring/plans/repl-1/cycles/recy-1/cancel',
        'PATCH /recurring/plans/repl-1',
      ]);
      // Simulate sends a body only with an amount that picks the outcome.
      expect(calls[4]?.init.body).toBeUndefined();
      expect(calls[5]?.init.body).toBe('{"amount":21110}');
    });

    it('reads the subscription webhooks apart from the events the store handles', () => {
      const cycleWebhook = {
        event: 'recurring.cycle.retrying',
        business_id: 'b',
        created: '2026-01-01T00:00:00Z',
        data: { ...cycle, status: 'RETRYING' },
      };
      expect(recurringWebhookEventSchema.parse(cycleWebhook).data).toMatchObject({
        id: 'recy-1',
        status: 'RETRYING',
      });
      expect(
        recurringWebhookEventSchema.safeParse({ ...cycleWebhook, event: 'recurring.cycle.paused' })
          .success,
      ).toBe(false);
      expect(webhookEventSchema.safeParse(cycleWebhook).success).toBe(false);
    });

    it('refuses a cycle list that is not the published array, and reads INELIGIBLE_CYCLE_REQUEST as refused', async () => {
      const wrapped = fakeFetch(() => json(200, { data: [cycle], has_more: false }));
      const listing = createXenditClient({
        baseUrl: 'http://provider.test',
        secretKey,
        fetch: wrapped.fetch,
      });
      expect((await failure(listing.listRecurringCycles('repl-1'))).errorCode).toBe(
        'INVALID_RESPONSE',
      );
      const ineligible = fakeFetch(() =>
        json(403, { error_code: 'INELIGIBLE_CYCLE_REQUEST', message: 'Only SCHEDULED cycles' }),
      );
      const simulating = createXenditClient({
        baseUrl: 'http://provider.test',
        secretKey,
        fetch: ineligible.fetch,
      });
      const error = await failure(simulating.simulateRecurringCycle('repl-1', 'recy-1'));
      expect([error.status, error.errorCode, error.refused]).toEqual([
        403,
        'INELIGIBLE_CYCLE_REQUEST',
        true,
      ]);
    });
  });
});
