import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';

// The idempotency tests send their keys themselves, and the rest none.
const sim = simulatorUnderTest({
  simulator: { rateLimit: { max: 400, windowSeconds: 60 } },
  idempotencyKeys: false,
});
const { account, call, exchange } = sim;

const paymentRequest = (reference_id: string, request_amount = 10_000) => ({
  reference_id,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount,
  channel_code: 'BNI_VIRTUAL_ACCOUNT',
  channel_properties: {},
});

describe('authentication and errors', () => {
  it('a wrong key is 401 INVALID_API_KEY, with request-id, date and rate-limit headers', async () => {
    const response = await exchange('POST', '/v3/payment_requests', paymentRequest('wrong-key'), {
      secretKey: 'xnd_development_wrong',
    });
    expect(response.status).toBe(401);
    expect(response.body.error_code).toBe('INVALID_API_KEY');
    for (const header of [
      'request-id',
      'date',
      'rate-limit-limit',
      'rate-limit-remaining',
      'rate-limit-reset',
    ]) {
      expect(response.headers.get(header), header).toBeTruthy();
    }
  });

  it('a missing Authorization header is 401 too, and the public key cannot create', async () => {
    const response = await fetch(`${sim.simulator.url}/v3/payment_requests/pr-x`);
    expect(response.status).toBe(401);
    const publicKey = await call('POST', '/v3/payment_requests', paymentRequest('public'), {
      secretKey: account.testPublicKey,
    });
    expect(publicKey.status).toBe(401);
  });

  it('a malformed body is 400 API_VALIDATION_ERROR with errors[{path, message}]', async () => {
    const response = await call('POST', '/v3/payment_requests', {
      ...paymentRequest('bad'),
      currency: 'XYZ',
      request_amount: -1,
    });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('API_VALIDATION_ERROR');
    const paths = (response.body.errors as { path: string; message: string }[]).map(
      (error) => error.path,
    );
    expect(paths).toEqual(expect.arrayContaining(['currency', 'request_amount']));
  });

  it('broken JSON is 400 API_VALIDATION_ERROR', async () => {
    const response = await call('POST', '/v3/payment_requests', undefined, {
      raw: '{"reference_id":',
    });
    expect([response.status, response.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
  });

  it('a /recurring body that is not JSON is 415 UNSUPPORTED_CONTENT_TYPE, as the description says', async () => {
    const authorization = `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`;
    const send = (path: string, contentType: string | undefined, body: string) =>
      fetch(`${sim.simulator.url}${path}`, {
        method: 'POST',
        headers: { authorization, ...(contentType ? { 'content-type': contentType } : {}) },
        body,
      }).then(async (response) => [
        response.status,
        ((await response.json()) as { error_code?: string }).error_code,
      ]);
    const unsupported = [415, 'UNSUPPORTED_CONTENT_TYPE'];
    expect(await send('/recurring/plans', 'text/plain', 'x')).toEqual(unsupported);
    expect(await send('/recurring/plans', 'application/x-www-form-urlencoded', 'a=1')).toEqual(
      unsupported,
    );
    expect(await send('/recurring/plans', 'application/xml', '<plan/>')).toEqual(unsupported);
    expect(await send('/recurring/plans/repl-x/deactivate', undefined, 'x')).toEqual(unsupported);
    // Without a key, the key's 401 comes first.
    const anonymous = await fetch(`${sim.simulator.url}/recurring/plans`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(anonymous.status).toBe(401);
    // JSON, with a charset too, is read; a bodiless call needs no type.
    expect(await send('/recurring/plans', 'application/json; charset=utf-8', '{}')).toEqual([
      400,
      'API_VALIDATION_ERROR',
    ]);
    const bodiless = await fetch(`${sim.simulator.url}/recurring/plans/repl-x/deactivate`, {
      method: 'POST',
      headers: { authorization },
    });
    expect(bodiless.status).toBe(404);
    // The Payments API v3 describes no 415: its malformed bodies stay 400.
    expect(await send('/v3/payment_requests', 'text/plain', 'x')).toEqual([
      400,
      'API_VALIDATION_ERROR',
    ]);
  });

  it('text PostgreSQL cannot store (a NUL, half a surrogate pair) is 400 on its field, not a 500', async () => {
    const body = paymentRequest('unstorable');
    for (const [raw, path] of [
      [JSON.stringify({ ...body, reference_id: 'a\u0000b' }), 'reference_id'],
      [JSON.stringify({ ...body, description: 'a\ud800b' }), 'description'],
      [JSON.stringify({ ...body, metadata: { note: 'a\udc00' } }), 'metadata.note'],
      [JSON.stringify({ ...body, metadata: { 'a\u0000': 'b' } }), 'metadata.(a key)'],
    ] as const) {
      const response = await call('POST', '/v3/payment_requests', undefined, { raw });
      expect([response.status, response.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect(response.body.errors).toEqual([{ path, message: expect.any(String) }]);
    }
    // Nested deeper than a call stack: refused by the schema, not a server error.
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const nested = await call('POST', '/v3/payment_requests', undefined, {
      raw: JSON.stringify(body).replace('{}', deep),
    });
    expect([nested.status, nested.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    // A whole pair (an emoji) is text like any other.
    const emoji = await call('POST', '/v3/payment_requests', {
      ...paymentRequest('storable'),
      description: 'Kopi \u{1F375}',
    });
    expect(emoji.status).toBe(201);
  });

  it('an id or query value with a NUL names nothing: 404 DATA_NOT_FOUND or 400, never a 500', async () => {
    // PostgreSQL's text cannot hold a NUL: a query asking for one failed with a 500.
    const gets = [
      '/v3/payment_requests/%00',
      '/v3/payments/%00',
      '/v3/payment_tokens/%00',
      '/sessions/%00',
      '/refunds/%00',
      '/customers/%00',
      '/recurring/plans/%00',
      '/recurring/plans/%00/cycles',
      '/recurring/plans/%00/cycles/%00',
      '/recurring/schedules/%00',
    ];
    const posts: [string, unknown?][] = [
      ['/v3/payment_requests/%00/cancel'],
      ['/v3/payment_requests/%00/resend_otp'],
      ['/v3/payment_requests/%00/simulate', {}],
      ['/v3/payment_requests/%00/validate_otp', { otp_code: '111111' }],
      ['/v3/payments/%00/cancel'],
      ['/v3/payments/%00/capture', { capture_amount: 1000 }],
      ['/v3/payment_tokens/%00/cancel'],
      ['/v3/payment_tokens/%00/resend_otp'],
      ['/v3/payment_tokens/%00/validate_otp', { otp_code: '111111' }],
      ['/sessions/%00/cancel'],
      ['/refunds/%00/cancel'],
      ['/recurring/plans/%00/deactivate'],
      ['/recurring/plans/%00/cycles/%00/cancel'],
      ['/recurring/plans/%00/cycles/%00/force_attempt'],
      ['/recurring/plans/%00/cycles/%00/simulate'],
      ['/_sim/webhooks/%00/resend'],
      ['/_sim/payment_requests/%00/outcome', { status: 'SUCCEEDED' }],
      ['/_sim/payment_tokens/%00/outcome', { status: 'ACTIVE' }],
      ['/_sim/refunds/%00/outcome', { status: 'SUCCEEDED' }],
      ['/_sim/payments/%00/expire'],
      ['/_sim/sessions/%00/expire'],
    ];
    const answers = await Promise.all([
      ...gets.map(async (path) => [path, await call('GET', path)] as const),
      ...posts.map(async ([path, body]) => [path, await call('POST', path, body)] as const),
    ]);
    expect(answers.map(([path, response]) => [path, response.status, response.body])).toEqual(
      answers.map(([path]) => [
        path,
        404,
        { error_code: expect.stringMatching(/NOT_FOUND$/), message: expect.any(String) },
      ]),
    );
    for (const path of [
      '/customers?reference_id=%00',
      '/refunds?payment_request_id=%00',
      '/refunds?after_id=%00',
      '/refunds?before_id=%00',
      '/refunds?channel_code=%00',
      '/_sim/payment_requests?reference_id=%00',
      '/_sim/webhooks?status=%00',
    ]) {
      const response = await call('GET', path);
      expect([path, response.status < 500], JSON.stringify(response.body)).toEqual([path, true]);
      if (response.status >= 400) expect(response.body.message, path).toEqual(expect.any(String));
    }
    const customers = await call('GET', '/customers?reference_id=%00');
    expect(customers.body).toEqual({ data: [], has_more: false });
    for (const path of [
      '/pages/checkout/%00',
      '/pages/ewallet/%00',
      '/pages/link/%00',
      '/pages/pay/%00',
    ]) {
      const page = await fetch(`${sim.simulator.url}${path}`);
      expect([path, page.status]).toEqual([path, 404]);
    }
  });

  it('a malformed URL is 400 API_VALIDATION_ERROR in the error shape, with a request-id', async () => {
    const response = await exchange('GET', '/v3/payment_requests/%ZZ');
    expect([response.status, response.body]).toEqual([
      400,
      { error_code: 'API_VALIDATION_ERROR', message: 'The URL is malformed' },
    ]);
    expect(response.headers.get('request-id')).toBeTruthy();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('an unknown channel is 400 API_VALIDATION_ERROR on channel_code', async () => {
    const response = await call('POST', '/v3/payment_requests', {
      ...paymentRequest('unknown-channel'),
      channel_code: 'MOON_WALLET',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'channel_code', message: expect.any(String) }]);
  });

  it('every response has its own request-id', async () => {
    const first = await exchange('GET', '/v3/payment_requests/pr-none');
    const second = await exchange('GET', '/v3/payment_requests/pr-none');
    expect(first.status).toBe(404);
    expect(first.headers.get('request-id')).not.toBe(second.headers.get('request-id'));
  });
});

describe('idempotency', () => {
  it('the same key and body replay the first answer: same status, same id', async () => {
    const body = paymentRequest('idem-replay');
    const first = await call('POST', '/v3/payment_requests', body, {
      headers: { 'idempotency-key': 'replay-1' },
    });
    const second = await call('POST', '/v3/payment_requests', body, {
      headers: { 'idempotency-key': 'replay-1' },
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
  });

  it('x-idempotency-key works the same way', async () => {
    const body = paymentRequest('idem-x');
    const first = await call('POST', '/v3/payment_requests', body, {
      headers: { 'x-idempotency-key': 'x-1' },
    });
    const second = await call('POST', '/v3/payment_requests', body, {
      headers: { 'x-idempotency-key': 'x-1' },
    });
    expect(second.body.payment_request_id).toBe(first.body.payment_request_id);
  });

  it('the same key with another body is 409 DUPLICATE_ERROR', async () => {
    await call('POST', '/v3/payment_requests', paymentRequest('idem-conflict'), {
      headers: { 'idempotency-key': 'conflict-1' },
    });
    const other = await call(
      'POST',
      '/v3/payment_requests',
      paymentRequest('idem-conflict', 20_000),
      { headers: { 'idempotency-key': 'conflict-1' } },
    );
    expect([other.status, other.body.error_code]).toEqual([409, 'DUPLICATE_ERROR']);
  });

  it('concurrent creates with one key make one object', async () => {
    const body = paymentRequest('idem-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/v3/payment_requests', body, {
          headers: { 'idempotency-key': 'concurrent-1' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.payment_request_id)).size).toBe(1);
  });

  it('a key longer than 255 characters is 400 API_VALIDATION_ERROR, never a server error', async () => {
    // Random text: PostgreSQL compresses a repeated one below its index row limit.
    const key = randomBytes(3_000).toString('base64url');
    const answer = await call('POST', '/v3/payment_requests', paymentRequest('idem-long-key'), {
      headers: { 'idempotency-key': key },
    });
    expect([answer.status, answer.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    const longest = await call('POST', '/v3/payment_requests', paymentRequest('idem-longest-key'), {
      headers: { 'idempotency-key': key.slice(0, 255) },
    });
    expect(longest.status).toBe(201);
  });

  it('keys are per account and mode: the live key gets its own object', async () => {
    const body = paymentRequest('idem-modes');
    const test = await call('POST', '/v3/payment_requests', body, {
      headers: { 'idempotency-key': 'modes-1' },
    });
    const live = await call('POST', '/v3/payment_requests', body, {
      secretKey: account.liveSecretKey,
      headers: { 'idempotency-key': 'modes-1' },
    });
    expect(live.body.payment_request_id).not.toBe(test.body.payment_request_id);
  });
});

describe('/_sim endpoints', () => {
  it('health answers ok', async () => {
    const response = await fetch(`${sim.simulator.url}/_sim/health`);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('lists deliveries with their attempts, and resends one', async () => {
    const created = await call('POST', '/v3/payment_requests', paymentRequest('sim-log'));
    const id = created.body.payment_request_id as string;
    await call('POST', `/v3/payment_requests/${id}/simulate`, { amount: 10_000 });
    const match = (webhook: { body: { event: string; data: unknown } }) =>
      webhook.body.event === 'payment.capture' && JSON.stringify(webhook.body.data).includes(id);
    await sim.receiver.waitFor(match);
    const log = (await call('GET', '/_sim/webhooks?status=DELIVERED')).body as {
      data: {
        id: string;
        payload: { data: { payment_request_id: string } };
        attempts: { response_status: number }[];
      }[];
    };
    const entry = log.data.find((event) => event.payload.data.payment_request_id === id);
    expect(entry?.attempts).toEqual([expect.objectContaining({ response_status: 200 })]);

    const resend = await call('POST', `/_sim/webhooks/${entry?.id}/resend`);
    expect(resend.status).toBe(202);
    const deadline = Date.now() + 5000;
    while (sim.receiver.received.filter(match).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(sim.receiver.received.filter(match)).toHaveLength(2);
  });

  it('answers nothing without the test secret key, and shows no live-mode webhook', async () => {
    const live = await call('POST', '/v3/payment_requests', paymentRequest('sim-live-hidden'), {
      secretKey: account.liveSecretKey,
    });
    expect(live.status).toBe(201);
    for (const path of ['/_sim/webhooks', '/_sim/payment_requests']) {
      expect((await fetch(`${sim.simulator.url}${path}`)).status, path).toBe(401);
      const asLive = await call('GET', path, undefined, { secretKey: account.liveSecretKey });
      expect(asLive.status, path).toBe(403);
    }
    expect((await fetch(`${sim.simulator.url}/_sim/reset`, { method: 'POST' })).status).toBe(401);
    const log = await call('GET', '/_sim/payment_requests');
    const listed = JSON.stringify(log.body);
    expect(listed).not.toContain(live.body.payment_request_id as string);
  });

  it('reset deletes the test-mode data of the account of the key', async () => {
    const created = await call('POST', '/v3/payment_requests', paymentRequest('sim-reset'));
    const reset = await call('POST', '/_sim/reset');
    expect(reset.status).toBe(200);
    const after = await call(
      'GET',
      `/v3/payment_requests/${created.body.payment_request_id as string}`,
    );
    expect(after.status).toBe(404);
    const live = await call('POST', '/_sim/reset', undefined, {
      secretKey: account.liveSecretKey,
    });
    expect(live.status).toBe(403);
  });
});

// Last in the file: it spends this address's window, which every request without an issued key
// shares.
describe('the rate limit', () => {
  it('answers 429 RATE_LIMIT_EXCEEDED past it, and a key made up per request gets no window of its own', async () => {
    const withMadeUpKey = (index: number) =>
      exchange('GET', '/v3/payment_requests/pr-none', undefined, {
        secretKey: `xnd_development_made_up_${index}`,
      });
    let last = await withMadeUpKey(0);
    for (let index = 1; index <= 400 && last.status !== 429; index += 1) {
      last = await withMadeUpKey(index);
    }
    expect([last.status, last.body.error_code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(last.headers.get('rate-limit-remaining')).toBe('0');
  });
});
