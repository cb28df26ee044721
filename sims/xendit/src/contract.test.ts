import {
  EWALLET_TEST_AMOUNTS,
  FAILING_AMOUNTS,
  TEST_CARDS,
  REFUND_TEST_AMOUNTS,
  TEST_OTPS,
  XenditError,
  type CreatePaymentRequestBody,
} from '@store/xendit';
import { describe, expect, it } from 'vitest';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { webhookOf } from './testing/webhook-receiver.ts';

// The client names its own idempotency keys; the few calls made by hand send none.
const sim = simulatorUnderTest({
  simulator: { webhookRetrySchedule: [0.2, 0.5], asyncDelayMs: 200 },
  idempotencyKeys: false,
});
const { account, call, key } = sim;
const client = sim.client();
const liveClient = sim.client({ secretKey: account.liveSecretKey });

async function providerError(promise: Promise<unknown>): Promise<XenditError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof XenditError))
    throw new Error(`expected a XenditError, got ${String(error)}`);
  return error;
}

const returnUrls = {
  success_return_url: 'https://store.example/success',
  failure_return_url: 'https://store.example/failure',
};

const virtualAccount = (
  overrides: Partial<CreatePaymentRequestBody> = {},
): CreatePaymentRequestBody => ({
  reference_id: `order-${key()}`,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 150_000,
  channel_code: 'BCA_VIRTUAL_ACCOUNT',
  channel_properties: {},
  ...overrides,
});

const ewallet = (amount: number, channel = 'DANA'): CreatePaymentRequestBody =>
  virtualAccount({
    request_amount: amount,
    channel_code: channel,
    channel_properties: returnUrls,
  });

const customer = {
  type: 'INDIVIDUAL' as const,
  reference_id: 'customer-1',
  email: 'ana@example.com',
  individual_detail: { given_names: 'Ana', surname: 'Santos' },
};

/** Submits a hosted page's form as the customer's browser would, without following the redirect. */
async function decide(url: string, decision: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

async function payWithSession(body: Record<string, unknown>, publicKey = account.testPublicKey) {
  const answer = await call('POST', '/v3/payment_with_session', body, { secretKey: publicKey });
  return { status: answer.status, body: answer.body as Record<string, string> };
}

const card = (number: string) => ({
  card_number: number,
  expiry_month: '12',
  expiry_year: '2030',
  cvn: '123',
  cardholder_first_name: 'Ana',
  cardholder_last_name: 'Santos',
  cardholder_email: 'ana@example.com',
  cardholder_phone: '+6281234567890',
});

async function cardsSession(sessionType: 'PAY' | 'SAVE', amount = 250_000) {
  const { body } = await client.createSession(
    {
      reference_id: `session-${key()}`,
      session_type: sessionType,
      mode: 'CARDS_SESSION_JS',
      amount: sessionType === 'SAVE' ? 0 : amount,
      currency: 'IDR',
      country: 'ID',
      customer,
      cards_session_js: returnUrls,
    },
    { idempotencyKey: key() },
  );
  return body;
}

describe('virtual accounts, retail codes and QR', () => {
  it('creates a virtual-account payment request with a PRESENT_TO_CUSTOMER action and logs the exchange', async () => {
    const { body, exchange } = await client.createPaymentRequest(virtualAccount(), {
      idempotencyKey: key(),
    });
    expect(body.payment_request_id).toMatch(/^pr-[0-9a-f-]{36}$/);
    expect(body.status).toBe('REQUIRES_ACTION');
    expect(body.actions?.[0]).toMatchObject({
      type: 'PRESENT_TO_CUSTOMER',
      descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
    });
    expect(body.channel_properties?.expires_at).toBeTruthy();
    expect(exchange.response?.status).toBe(201);
    expect(exchange.response?.headers['request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(exchange.response?.headers.date).toBeTruthy();
    expect(exchange.request.headers.authorization).toBe('[REDACTED]');
    expect(exchange.request.headers['api-version']).toBe('2024-11-11');
    expect(JSON.stringify(exchange)).not.toContain(account.testSecretKey);
  });

  it.each([
    ['BNI_VIRTUAL_ACCOUNT', 'ID', 'IDR', 'VIRTUAL_ACCOUNT_NUMBER'],
    ['BRI_VIRTUAL_ACCOUNT', 'ID', 'IDR', 'VIRTUAL_ACCOUNT_NUMBER'],
    ['MANDIRI_VIRTUAL_ACCOUNT', 'ID', 'IDR', 'VIRTUAL_ACCOUNT_NUMBER'],
    ['PERMATA_VIRTUAL_ACCOUNT', 'ID', 'IDR', 'VIRTUAL_ACCOUNT_NUMBER'],
    ['ALFAMART', 'ID', 'IDR', 'PAYMENT_CODE'],
    ['INDOMARET', 'ID', 'IDR', 'PAYMENT_CODE'],
    ['7ELEVEN', 'PH', 'PHP', 'PAYMENT_CODE'],
    ['QRIS', 'ID', 'IDR', 'QR_STRING'],
  ] as const)(
    '%s presents a %s with a deadline',
    async (channel_code, country, currency, descriptor) => {
      const { body } = await client.createPaymentRequest(
        virtualAccount({ channel_code, country, currency }),
        { idempotencyKey: key() },
      );
      expect(body.actions).toEqual([
        { type: 'PRESENT_TO_CUSTOMER', descriptor, value: expect.any(String) },
      ]);
      const expiresAt = Date.parse(String(body.channel_properties?.expires_at));
      expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    },
  );

  it.each([
    ['BCA_VIRTUAL_ACCOUNT', 'ID', 'IDR'],
    ['ALFAMART', 'ID', 'IDR'],
    ['7ELEVEN', 'PH', 'PHP'],
    ['QRIS', 'ID', 'IDR'],
  ] as const)(
    'expires an unpaid %s code at expires_at with payment_request.expiry',
    async (channel_code, country, currency) => {
      const expiresAt = new Date(Date.now() + 300).toISOString();
      const { body } = await client.createPaymentRequest(
        virtualAccount({
          channel_code,
          country,
          currency,
          channel_properties: { expires_at: expiresAt },
        }),
        { idempotencyKey: key() },
      );
      expect(body.channel_properties?.expires_at).toBe(expiresAt);
      const webhook = await sim.receiver.waitFor(
        webhookOf('payment_request.expiry', body.payment_request_id),
      );
      expect(webhook.body.data).toMatchObject({
        status: 'EXPIRED',
        failure_code: 'PAYMENT_REQUEST_EXPIRED',
      });
      const read = await client.getPaymentRequest(body.payment_request_id);
      expect(read.body.status).toBe('EXPIRED');
      const late = await providerError(
        client.simulatePaymentRequest(body.payment_request_id, { amount: 150_000 }),
      );
      expect(late.status).toBe(400);
    },
  );

  it('simulate pays the request and sends payment.capture with the callback token', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount(), { idempotencyKey: key() });
    const simulated = await client.simulatePaymentRequest(body.payment_request_id, {
      amount: 150_000,
    });
    expect(simulated.body.status).toBe('PENDING');
    const webhook = await sim.receiver.waitFor(
      webhookOf('payment.capture', body.payment_request_id),
    );
    expect(webhook.headers['x-callback-token']).toBe(account.callbackToken);
    expect(webhook.body).toMatchObject({
      event: 'payment.capture',
      business_id: account.businessId,
      api_version: 'v3',
      data: {
        payment_request_id: body.payment_request_id,
        status: 'SUCCEEDED',
        request_amount: 150_000,
        channel_code: 'BCA_VIRTUAL_ACCOUNT',
      },
    });
    expect(webhook.body.data).toHaveProperty('payment_id', expect.stringMatching(/^py-/));
    const after = await client.getPaymentRequest(body.payment_request_id);
    expect(after.body.status).toBe('SUCCEEDED');
    expect(after.body.latest_payment_id).toBe(
      (webhook.body.data as { payment_id: string }).payment_id,
    );
  });

  it('cancels a request awaiting payment, and refuses to cancel it twice', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount(), { idempotencyKey: key() });
    expect((await client.cancelPaymentRequest(body.payment_request_id)).body.status).toBe(
      'CANCELED',
    );
    const error = await providerError(client.cancelPaymentRequest(body.payment_request_id));
    expect([error.status, error.errorCode]).toEqual([400, 'INACTIVE_PAYMENT_REQUEST']);
    const simulate = await providerError(
      client.simulatePaymentRequest(body.payment_request_id, { amount: 150_000 }),
    );
    expect(simulate.errorCode).toBe('INELIGIBLE_TRANSACTION_STATUS');
  });

  it('simulate is refused for a live key with 403 INVALID_MERCHANT_SETTINGS', async () => {
    const { body } = await liveClient.createPaymentRequest(virtualAccount(), {
      idempotencyKey: key(),
    });
    const error = await providerError(
      liveClient.simulatePaymentRequest(body.payment_request_id, { amount: 150_000 }),
    );
    expect([error.status, error.errorCode]).toEqual([403, 'INVALID_MERCHANT_SETTINGS']);
  });

  it('a key sees only its own mode: a test object is 404 DATA_NOT_FOUND for the live key', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount(), { idempotencyKey: key() });
    const error = await providerError(liveClient.getPaymentRequest(body.payment_request_id));
    expect([error.status, error.errorCode]).toEqual([404, 'DATA_NOT_FOUND']);
  });
});

describe('e-wallets', () => {
  it('redirects to the approval page; Approve succeeds and returns to success_return_url', async () => {
    const { body } = await client.createPaymentRequest(ewallet(50_000), { idempotencyKey: key() });
    expect(body.status).toBe('REQUIRES_ACTION');
    const action = body.actions?.[0];
    expect(action).toMatchObject({ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL' });
    expect(action?.value).toMatch(/\/pages\/ewallet\/pr-/);
    const page = await fetch(action?.value ?? '');
    expect(await page.text()).toContain('>Approve</button>');
    expect(await decide(action?.value ?? '', 'approve')).toEqual({
      status: 303,
      location: returnUrls.success_return_url,
    });
    await sim.receiver.waitFor(webhookOf('payment.capture', body.payment_request_id));
    expect((await client.getPaymentRequest(body.payment_request_id)).body.status).toBe('SUCCEEDED');
  });

  it('Decline fails with USER_DECLINED_PAYMENT and returns to failure_return_url', async () => {
    const { body } = await client.createPaymentRequest(
      { ...ewallet(50_000, 'GCASH'), country: 'PH', currency: 'PHP' },
      { idempotencyKey: key() },
    );
    const url = body.actions?.[0]?.value ?? '';
    expect(await decide(url, 'decline')).toEqual({
      status: 303,
      location: returnUrls.failure_return_url,
    });
    const webhook = await sim.receiver.waitFor(
      webhookOf('payment.failure', body.payment_request_id),
    );
    expect(webhook.body.data).toMatchObject({
      status: 'FAILED',
      failure_code: 'USER_DECLINED_PAYMENT',
    });
  });

  it.each([
    [EWALLET_TEST_AMOUNTS.channelNotActivated, 403, 'INVALID_MERCHANT_SETTINGS'],
    [EWALLET_TEST_AMOUNTS.channelUnavailable, 503, 'CHANNEL_UNAVAILABLE'],
    [EWALLET_TEST_AMOUNTS.serverError, 500, 'SERVER_ERROR'],
  ])('amount %i answers %i %s', async (amount, status, errorCode) => {
    const error = await providerError(
      client.createPaymentRequest(ewallet(amount), { idempotencyKey: key() }),
    );
    expect([error.status, error.errorCode]).toEqual([status, errorCode]);
    expect(error.exchange.response?.headers['request-id']).toBeTruthy();
  });

  it.each([
    [20103, 'ACCOUNT_ACCESS_BLOCKED'],
    [20104, 'INVALID_MERCHANT_SETTINGS'],
    [EWALLET_TEST_AMOUNTS.declinedLater, 'USER_DECLINED_PAYMENT'],
    [20106, 'INVALID_ACCOUNT_DETAILS'],
    [20107, 'PAYMENT_AMOUNT_LIMITS_EXCEEDED'],
  ])('amount %i fails later by webhook with %s', async (amount, failureCode) => {
    const { body } = await client.createPaymentRequest(ewallet(amount), {
      idempotencyKey: key(),
    });
    expect(body.status).toBe('REQUIRES_ACTION');
    const webhook = await sim.receiver.waitFor(
      webhookOf('payment.failure', body.payment_request_id),
    );
    expect(webhook.body.data).toMatchObject({ failure_code: failureCode });
  });

  it('OVO answers REQUIRES_ACTION without an action (no PENDING: the published statuses) and succeeds by webhook (push approval)', async () => {
    const { body } = await client.createPaymentRequest(
      virtualAccount({
        channel_code: 'OVO',
        channel_properties: { account_mobile_number: '+628123' },
      }),
      { idempotencyKey: key() },
    );
    expect(body.status).toBe('REQUIRES_ACTION');
    expect(body.actions).toEqual([]);
    await sim.receiver.waitFor(webhookOf('payment.capture', body.payment_request_id));
  });

  it('an e-wallet without success_return_url is 400 API_VALIDATION_ERROR', async () => {
    const error = await providerError(
      client.createPaymentRequest(virtualAccount({ channel_code: 'DANA' }), {
        idempotencyKey: key(),
      }),
    );
    expect(error.errorCode).toBe('API_VALIDATION_ERROR');
  });
});

describe('direct debit OTP', () => {
  const directDebit = (amount = 75_000) =>
    client.createPaymentRequest(
      virtualAccount({ channel_code: 'BRI_DIRECT_DEBIT', request_amount: amount }),
      { idempotencyKey: key() },
    );

  it('asks for an OTP with VALIDATE_OTP and RESEND_OTP actions; 222000 succeeds', async () => {
    const { body } = await directDebit();
    expect(body.actions).toEqual([
      {
        type: 'API_POST_REQUEST',
        descriptor: 'VALIDATE_OTP',
        value: expect.stringMatching(
          new RegExp(`/v3/payment_requests/${body.payment_request_id}/validate_otp$`),
        ),
      },
      {
        type: 'API_POST_REQUEST',
        descriptor: 'RESEND_OTP',
        value: expect.stringMatching(/\/resend_otp$/),
      },
    ]);
    expect((await client.resendPaymentRequestOtp(body.payment_request_id)).body.status).toBe(
      'REQUIRES_ACTION',
    );
    const validated = await client.validatePaymentRequestOtp(body.payment_request_id, {
      otp_code: TEST_OTPS.success,
    });
    expect(validated.body.status).toBe('SUCCEEDED');
    await sim.receiver.waitFor(webhookOf('payment.capture', body.payment_request_id));
  });

  it('222001 is EXPIRED_OTP and the request still awaits an OTP', async () => {
    const { body } = await directDebit();
    const error = await providerError(
      client.validatePaymentRequestOtp(body.payment_request_id, { otp_code: TEST_OTPS.expired }),
    );
    expect([error.status, error.errorCode]).toEqual([400, 'EXPIRED_OTP']);
    expect((await client.getPaymentRequest(body.payment_request_id)).body.status).toBe(
      'REQUIRES_ACTION',
    );
  });

  it('222002 is MAX_OTP_ATTEMPTS and the request FAILED', async () => {
    const { body } = await directDebit();
    const error = await providerError(
      client.validatePaymentRequestOtp(body.payment_request_id, {
        otp_code: TEST_OTPS.maxAttempts,
      }),
    );
    expect(error.errorCode).toBe('MAX_OTP_ATTEMPTS');
    const after = (await client.getPaymentRequest(body.payment_request_id)).body;
    expect([after.status, after.failure_code]).toEqual(['FAILED', 'OTP_ATTEMPT_COUNTS_EXCEEDED']);
    await sim.receiver.waitFor(webhookOf('payment.failure', body.payment_request_id));
  });

  it('a wrong OTP is INVALID_OTP; the third wrong one is MAX_OTP_ATTEMPTS', async () => {
    const { body } = await directDebit();
    const codes = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const error = await providerError(
        client.validatePaymentRequestOtp(body.payment_request_id, { otp_code: TEST_OTPS.invalid }),
      );
      codes.push(error.errorCode);
    }
    expect(codes).toEqual(['INVALID_OTP', 'INVALID_OTP', 'MAX_OTP_ATTEMPTS']);
    expect((await client.getPaymentRequest(body.payment_request_id)).body.status).toBe('FAILED');
  });

  it('a failing amount fails after the right OTP with its failure_code', async () => {
    const { body } = await directDebit(10054);
    const validated = await client.validatePaymentRequestOtp(body.payment_request_id, {
      otp_code: TEST_OTPS.success,
    });
    expect([validated.body.status, validated.body.failure_code]).toEqual([
      'FAILED',
      'INSUFFICIENT_BALANCE',
    ]);
  });

  it('validate_otp on a virtual account is 400 INELIGIBLE_TRANSACTION_STATUS', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount(), { idempotencyKey: key() });
    const error = await providerError(
      client.validatePaymentRequestOtp(body.payment_request_id, { otp_code: TEST_OTPS.success }),
    );
    expect(error.errorCode).toBe('INELIGIBLE_TRANSACTION_STATUS');
  });
});

describe('cards through sessions', () => {
  it.each(TEST_CARDS.frictionless)(
    'card %s pays without 3DS and completes the session',
    async (number) => {
      const session = await cardsSession('PAY');
      expect(session.payment_session_id).toMatch(/^ps-[0-9a-f]{24}$/);
      expect(session.status).toBe('ACTIVE');
      const result = await payWithSession({
        payment_session_id: session.payment_session_id,
        ...card(number),
      });
      expect(result.status).toBe(200);
      expect(result.body.action_url).toBeUndefined();
      const paymentRequestId = result.body.payment_request_id ?? '';
      expect((await client.getPaymentRequest(paymentRequestId)).body.status).toBe('SUCCEEDED');
      const completed = (await client.getSession(session.payment_session_id)).body;
      expect([completed.status, completed.payment_request_id]).toEqual([
        'COMPLETED',
        paymentRequestId,
      ]);
      await sim.receiver.waitFor(
        webhookOf('payment_session.completed', session.payment_session_id),
      );
      await sim.receiver.waitFor(webhookOf('payment.capture', paymentRequestId));
      const again = await payWithSession({
        payment_session_id: session.payment_session_id,
        ...card(number),
      });
      expect([again.status, again.body.error_code]).toEqual([400, 'INELIGIBLE_TRANSACTION_STATUS']);
    },
  );

  it.each(TEST_CARDS.threeDs)(
    'card %s needs the 3DS challenge: action_url to the 3DS page',
    async (number) => {
      const session = await cardsSession('PAY');
      const result = await payWithSession({
        payment_session_id: session.payment_session_id,
        ...card(number),
      });
      expect(result.body.action_url).toMatch(/\/pages\/3ds\/pr-/);
      const paymentRequest = (await client.getPaymentRequest(result.body.payment_request_id ?? ''))
        .body;
      expect(paymentRequest.status).toBe('REQUIRES_ACTION');
      expect(await decide(result.body.action_url ?? '', 'authenticate')).toEqual({
        status: 303,
        location: returnUrls.success_return_url,
      });
      expect((await client.getPaymentRequest(paymentRequest.payment_request_id)).body.status).toBe(
        'SUCCEEDED',
      );
    },
  );

  it.each(Object.entries(FAILING_AMOUNTS))(
    'amount %s fails with %s',
    async (amount, failureCode) => {
      const session = await cardsSession('PAY', Number(amount));
      const result = await payWithSession({
        payment_session_id: session.payment_session_id,
        ...card(TEST_CARDS.frictionless[0]),
      });
      const paymentRequest = (await client.getPaymentRequest(result.body.payment_request_id ?? ''))
        .body;
      expect([paymentRequest.status, paymentRequest.failure_code]).toEqual(['FAILED', failureCode]);
    },
  );

  it('a SAVE session makes an ACTIVE card token with masked details', async () => {
    const session = await cardsSession('SAVE');
    const result = await payWithSession({
      payment_session_id: session.payment_session_id,
      ...card(TEST_CARDS.frictionless[1]),
    });
    const token = (await client.getPaymentToken(result.body.payment_token_id ?? '')).body;
    expect(token.status).toBe('ACTIVE');
    expect(token.channel_properties?.card_details).toMatchObject({
      masked_card_number: '520000XXXXXX1005',
      network: 'MASTERCARD',
      expiry_month: '12',
      expiry_year: '2030',
    });
    expect(JSON.stringify(token)).not.toContain(TEST_CARDS.frictionless[1]);
    await sim.receiver.waitFor(webhookOf('payment_token.activation', token.payment_token_id));

    // A merchant-initiated charge as PayWithToken lists its fields and the description's
    // PAY_WithToken_Cards example tags it: the channel named, card_on_file_type beside it.
    const charged = await client.createPaymentRequest(
      {
        ...virtualAccount({
          channel_code: 'CARDS',
          channel_properties: { card_on_file_type: 'RECURRING' },
        }),
        payment_token_id: token.payment_token_id,
      },
      { idempotencyKey: key() },
    );
    expect([charged.body.status, charged.body.channel_code]).toEqual(['SUCCEEDED', 'CARDS']);
    // A channel named must be the token's.
    const otherChannel = await providerError(
      client.createPaymentRequest(
        {
          ...virtualAccount({ channel_code: 'DANA', channel_properties: undefined }),
          payment_token_id: token.payment_token_id,
        },
        { idempotencyKey: key() },
      ),
    );
    expect([otherChannel.status, otherChannel.errorCode]).toEqual([400, 'API_VALIDATION_ERROR']);
  });

  it('a token the provider never made is 400 INVALID_TOKEN, the answer the file gives a create', async () => {
    const error = await providerError(
      client.createPaymentRequest(
        {
          ...virtualAccount({ channel_code: 'CARDS', channel_properties: undefined }),
          payment_token_id: 'pt-00000000-0000-4000-8000-000000000000',
        },
        { idempotencyKey: key() },
      ),
    );
    expect([error.status, error.errorCode]).toEqual([400, 'INVALID_TOKEN']);
  });

  it('the cards script needs the public key, and a bad card number is 400 with errors[]', async () => {
    const session = await cardsSession('PAY');
    const secret = await payWithSession(
      { payment_session_id: session.payment_session_id, ...card(TEST_CARDS.frictionless[0]) },
      account.testSecretKey,
    );
    expect([secret.status, secret.body.error_code]).toEqual([401, 'INVALID_API_KEY']);
    const bad = await payWithSession({
      payment_session_id: session.payment_session_id,
      ...card('4000000000001001'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error_code: 'INVALID_PAYMENT_DETAILS',
      errors: [{ path: 'channel_properties.card_details.card_number' }],
    });
  });

  it('cancels a session; an unknown session is 404 SESSION_NOT_FOUND', async () => {
    const session = await cardsSession('PAY');
    expect((await client.cancelSession(session.payment_session_id)).body.status).toBe('CANCELED');
    const error = await providerError(client.getSession('ps-000000000000000000000000'));
    expect([error.status, error.errorCode]).toEqual([404, 'SESSION_NOT_FOUND']);
  });

  it('a session without a customer is 400 API_VALIDATION_ERROR', async () => {
    const error = await providerError(
      client.createSession(
        {
          reference_id: 'no-customer',
          session_type: 'PAY',
          mode: 'CARDS_SESSION_JS',
          amount: 1000,
          currency: 'IDR',
          country: 'ID',
          cards_session_js: returnUrls,
        },
        { idempotencyKey: key() },
      ),
    );
    expect(error.errorCode).toBe('API_VALIDATION_ERROR');
  });
});

describe('payment tokens', () => {
  const tokenBody = (channel_code: string) => ({
    reference_id: `token-${key()}`,
    country: 'ID' as const,
    currency: 'IDR' as const,
    channel_code,
    channel_properties: returnUrls,
    customer,
  });

  it('links an e-wallet on the hosted page, then pays with the token at once', async () => {
    const { body } = await client.createPaymentToken(tokenBody('DANA'), { idempotencyKey: key() });
    expect(body.payment_token_id).toMatch(/^pt-/);
    expect(body.status).toBe('REQUIRES_ACTION');
    expect(body.actions?.[0]?.value).toMatch(/\/pages\/link\/pt-/);
    expect(await decide(body.actions?.[0]?.value ?? '', 'link')).toEqual({
      status: 303,
      location: returnUrls.success_return_url,
    });
    await sim.receiver.waitFor(webhookOf('payment_token.activation', body.payment_token_id));
    const token = (await client.getPaymentToken(body.payment_token_id)).body;
    expect(token.status).toBe('ACTIVE');
    expect(token.customer_id).toMatch(/^cust-/);

    const paid = await client.createPaymentRequest(
      {
        ...virtualAccount({ channel_code: 'DANA', channel_properties: undefined }),
        payment_token_id: body.payment_token_id,
      },
      { idempotencyKey: key() },
    );
    expect([paid.body.status, paid.body.actions, paid.body.channel_code]).toEqual([
      'SUCCEEDED',
      [],
      'DANA',
    ]);
    await sim.receiver.waitFor(webhookOf('payment.capture', paid.body.payment_request_id));

    const declined = await client.createPaymentRequest(
      {
        ...virtualAccount({
          channel_code: 'DANA',
          channel_properties: undefined,
          request_amount: 10054,
        }),
        payment_token_id: body.payment_token_id,
      },
      { idempotencyKey: key() },
    );
    expect([declined.body.status, declined.body.failure_code]).toEqual([
      'FAILED',
      'INSUFFICIENT_BALANCE',
    ]);
  });

  it('Cancel on the linking page fails the token', async () => {
    const { body } = await client.createPaymentToken(tokenBody('SHOPEEPAY'), {
      idempotencyKey: key(),
    });
    expect((await decide(body.actions?.[0]?.value ?? '', 'cancel')).location).toBe(
      returnUrls.failure_return_url,
    );
    await sim.receiver.waitFor(webhookOf('payment_token.failure', body.payment_token_id));
  });

  it('activates a direct-debit token with linking OTP 333000; its payments need an OTP; cancel ends it', async () => {
    const { body } = await client.createPaymentToken(tokenBody('BRI_DIRECT_DEBIT'), {
      idempotencyKey: key(),
    });
    expect(body.actions?.map((action) => action.descriptor)).toEqual([
      'VALIDATE_OTP',
      'RESEND_OTP',
    ]);
    expect((await client.resendPaymentTokenOtp(body.payment_token_id)).body.status).toBe(
      'REQUIRES_ACTION',
    );
    const wrong = await providerError(
      client.validatePaymentTokenOtp(body.payment_token_id, { otp_code: TEST_OTPS.success }),
    );
    expect(wrong.errorCode).toBe('INVALID_OTP');
    const active = await client.validatePaymentTokenOtp(body.payment_token_id, {
      otp_code: TEST_OTPS.linkingSuccess,
    });
    expect(active.body.status).toBe('ACTIVE');

    const payment = await client.createPaymentRequest(
      {
        ...virtualAccount({ channel_code: 'BRI_DIRECT_DEBIT', channel_properties: undefined }),
        payment_token_id: body.payment_token_id,
      },
      { idempotencyKey: key() },
    );
    expect(payment.body.status).toBe('REQUIRES_ACTION');
    expect(payment.body.actions?.[0]?.descriptor).toBe('VALIDATE_OTP');

    expect((await client.cancelPaymentToken(body.payment_token_id)).body.status).toBe('CANCELED');
    const refused = await providerError(
      client.createPaymentRequest(
        {
          ...virtualAccount({ channel_code: 'BRI_DIRECT_DEBIT', channel_properties: undefined }),
          payment_token_id: body.payment_token_id,
        },
        { idempotencyKey: key() },
      ),
    );
    expect([refused.status, refused.errorCode]).toEqual([400, 'INVALID_TOKEN']);
  });

  it('PAY_AND_SAVE leaves an ACTIVE token on the paid request', async () => {
    const { body } = await client.createPaymentRequest(
      { ...ewallet(60_000), type: 'PAY_AND_SAVE', customer },
      { idempotencyKey: key() },
    );
    await decide(body.actions?.[0]?.value ?? '', 'approve');
    const paid = (await client.getPaymentRequest(body.payment_request_id)).body;
    expect(paid.payment_token_id).toMatch(/^pt-/);
    expect((await client.getPaymentToken(paid.payment_token_id ?? '')).body.status).toBe('ACTIVE');
    await sim.receiver.waitFor(webhookOf('payment_token.activation', paid.payment_token_id ?? ''));
  });

  it('a virtual account cannot be saved', async () => {
    const error = await providerError(
      client.createPaymentToken(tokenBody('BCA_VIRTUAL_ACCOUNT'), { idempotencyKey: key() }),
    );
    expect(error.errorCode).toBe('API_VALIDATION_ERROR');
  });
});

describe('refunds', () => {
  async function paidRequest(amount = 100_000) {
    const { body } = await client.createPaymentRequest(virtualAccount({ request_amount: amount }), {
      idempotencyKey: key(),
    });
    await client.simulatePaymentRequest(body.payment_request_id, { amount });
    return body.payment_request_id;
  }

  it('a refund is PENDING, then SUCCEEDED with refund.succeeded', async () => {
    const paymentRequestId = await paidRequest();
    const { body, exchange } = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'REQUESTED_BY_CUSTOMER', amount: 40_000 },
      { idempotencyKey: key() },
    );
    expect(exchange.response?.status).toBe(200);
    expect(exchange.request.headers['api-version']).toBeUndefined();
    expect(body).toMatchObject({ status: 'PENDING', amount: 40_000, currency: 'IDR' });
    expect(body.id).toMatch(/^rfd-/);
    const webhook = await sim.receiver.waitFor(webhookOf('refund.succeeded', body.id));
    expect(webhook.body.data).toMatchObject({ status: 'SUCCEEDED', amount: 40_000 });
  });

  it('a refund of the test amount 20105 is PENDING, then FAILED with refund.failed', async () => {
    const paymentRequestId = await paidRequest();
    const { body } = await client.createRefund(
      {
        payment_request_id: paymentRequestId,
        reason: 'REQUESTED_BY_CUSTOMER',
        amount: REFUND_TEST_AMOUNTS.failsLater,
      },
      { idempotencyKey: key() },
    );
    expect(body.status).toBe('PENDING');
    const webhook = await sim.receiver.waitFor(webhookOf('refund.failed', body.id));
    expect(webhook.body.data).toMatchObject({
      status: 'FAILED',
      failure_code: 'INSUFFICIENT_BALANCE',
    });
    const again = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'REQUESTED_BY_CUSTOMER', amount: 100_000 },
      { idempotencyKey: key() },
    );
    expect(again.body.amount).toBe(100_000);
  });

  it('takes one refund of a payment at a time: REFUND_IN_PROGRESS while one is PENDING', async () => {
    const paymentRequestId = await paidRequest();
    const first = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'CANCELLATION', amount: 10_000 },
      { idempotencyKey: key() },
    );
    const meanwhile = await providerError(
      client.createRefund(
        { payment_request_id: paymentRequestId, reason: 'CANCELLATION', amount: 10_000 },
        { idempotencyKey: key() },
      ),
    );
    expect([meanwhile.status, meanwhile.errorCode]).toEqual([400, 'REFUND_IN_PROGRESS']);
    await sim.receiver.waitFor(webhookOf('refund.succeeded', first.body.id));
    const next = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'CANCELLATION', amount: 10_000 },
      { idempotencyKey: key() },
    );
    expect(next.body.status).toBe('PENDING');
  });

  it('refunds up to what was captured, then REFUND_AMOUNT_EXCEEDED', async () => {
    const paymentRequestId = await paidRequest();
    const first = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'CANCELLATION', amount: 60_000 },
      { idempotencyKey: key() },
    );
    await sim.receiver.waitFor(webhookOf('refund.succeeded', first.body.id));
    const error = await providerError(
      client.createRefund(
        { payment_request_id: paymentRequestId, reason: 'CANCELLATION', amount: 40_001 },
        { idempotencyKey: key() },
      ),
    );
    expect([error.status, error.errorCode]).toEqual([400, 'REFUND_AMOUNT_EXCEEDED']);
    const rest = await client.createRefund(
      { payment_request_id: paymentRequestId, reason: 'OTHERS' },
      { idempotencyKey: key() },
    );
    expect(rest.body.amount).toBe(40_000);
  });

  it('refuses a request that has not succeeded, and an unknown reason', async () => {
    const { body } = await client.createPaymentRequest(virtualAccount(), { idempotencyKey: key() });
    const error = await providerError(
      client.createRefund(
        { payment_request_id: body.payment_request_id, reason: 'OTHERS' },
        { idempotencyKey: key() },
      ),
    );
    expect(error.errorCode).toBe('INELIGIBLE_TRANSACTION_STATUS');
    const response = await call('POST', '/refunds', {
      payment_request_id: body.payment_request_id,
      reason: 'BORED',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errors: [{ path: 'reason' }] });
  });
});

describe('payments: manual capture', () => {
  const authorized = async (amount = 150_000) => {
    const { body } = await client.createPaymentRequest(
      virtualAccount({
        channel_code: 'CARDS',
        request_amount: amount,
        capture_method: 'MANUAL',
        channel_properties: {
          ...returnUrls,
          card_details: {
            card_number: TEST_CARDS.frictionless[0],
            expiry_month: '12',
            expiry_year: '2030',
            cvn: '123',
          },
        },
      }),
      { idempotencyKey: key() },
    );
    return body;
  };

  it('authorises with payment.authorization, then a capture succeeds both with payment.capture', async () => {
    const request = await authorized();
    expect(request.status).toBe('AUTHORIZED');
    await sim.receiver.waitFor(webhookOf('payment.authorization', request.payment_request_id));
    const payment = (await client.getPayment(request.latest_payment_id ?? '')).body;
    expect([payment.status, payment.payment_request_id]).toEqual([
      'AUTHORIZED',
      request.payment_request_id,
    ]);
    const over = await providerError(
      client.capturePayment(payment.payment_id, { capture_amount: 150_001 }),
    );
    expect([over.status, over.errorCode]).toEqual([400, 'CAPTURE_AMOUNT_EXCEEDED']);
    const captured = (await client.capturePayment(payment.payment_id, { capture_amount: 100_000 }))
      .body;
    expect([captured.status, captured.captures?.[0]?.capture_amount]).toEqual([
      'SUCCEEDED',
      100_000,
    ]);
    expect((await client.getPaymentRequest(request.payment_request_id)).body.status).toBe(
      'SUCCEEDED',
    );
    await sim.receiver.waitFor(webhookOf('payment.capture', payment.payment_id));
    const again = await providerError(client.cancelPayment(payment.payment_id));
    expect(again.errorCode).toBe('INELIGIBLE_TRANSACTION_STATUS');
  });

  it('refuses capture_method MANUAL on a channel other than cards', async () => {
    // "Currently authorization and capture flow is only available for Cards payment"
    // (https://docs.xendit.co/docs/authorize-and-capture-1).
    const response = await call(
      'POST',
      '/v3/payment_requests',
      virtualAccount({ capture_method: 'MANUAL' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      errors: [{ path: 'capture_method' }],
    });
  });

  it('cancels an authorisation; an expired one sends payment.expiry', async () => {
    const canceled = await authorized();
    const payment = (await client.cancelPayment(canceled.latest_payment_id ?? '')).body;
    expect(payment.status).toBe('CANCELED');
    expect((await client.getPaymentRequest(canceled.payment_request_id)).body.status).toBe(
      'CANCELED',
    );
    const expiring = await authorized();
    const response = await call(
      'POST',
      `/_sim/payments/${expiring.latest_payment_id ?? ''}/expire`,
    );
    expect(response.status).toBe(200);
    await sim.receiver.waitFor(webhookOf('payment.expiry', expiring.latest_payment_id ?? ''));
    expect((await client.getPayment(expiring.latest_payment_id ?? '')).body.status).toBe('EXPIRED');
  });

  it('an unknown payment is 404 DATA_NOT_FOUND', async () => {
    const error = await providerError(client.getPayment('py-00000000-0000-0000-0000-000000000000'));
    expect([error.status, error.errorCode]).toEqual([404, 'DATA_NOT_FOUND']);
  });
});

describe('a strict provider', () => {
  it('refuses an item without category, naming the field', async () => {
    const error = await providerError(
      client.createPaymentRequest(
        virtualAccount({
          items: [
            {
              reference_id: 'p1',
              type: 'PHYSICAL_PRODUCT',
              name: 'Mug',
              net_unit_amount: 150_000,
              quantity: 1,
            } as never,
          ],
        }),
        { idempotencyKey: key() },
      ),
    );
    expect([error.status, error.errorCode]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(JSON.stringify(error.exchange.response?.data)).toContain('items.0.category');
  });

  it('refuses a payment without channel_properties, unless it pays with a token', async () => {
    const missing = await providerError(
      client.createPaymentRequest(virtualAccount({ channel_properties: undefined }), {
        idempotencyKey: key(),
      }),
    );
    expect([missing.status, missing.errorCode]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(JSON.stringify(missing.exchange.response?.data)).toContain('channel_properties');
  });

  it('refuses an unknown api-version, naming the header', async () => {
    const response = await call('GET', '/v3/payment_requests/pr-1', undefined, {
      headers: { 'api-version': '2099-01-01' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      errors: [{ path: 'api-version' }],
    });
  });

  it.each([
    ['1e308 IDR on a virtual account', 'BCA_VIRTUAL_ACCOUNT', 1e308],
    ['50 IDR on an e-wallet', 'DANA', 50],
    ['20,000,001 IDR on an e-wallet', 'DANA', 20_000_001],
  ])('refuses %s as out of range, naming request_amount', async (_label, channel, amount) => {
    const error = await providerError(
      client.createPaymentRequest(
        virtualAccount({
          channel_code: channel,
          request_amount: amount,
          channel_properties: channel === 'DANA' ? returnUrls : {},
        }),
        { idempotencyKey: key() },
      ),
    );
    expect([error.status, error.errorCode]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(JSON.stringify(error.exchange.response?.data)).toContain('request_amount');
  });

  it('answers BPI direct debit with the published DEBIT_ACCOUNT action; its OTP pays it', async () => {
    const { body } = await client.createPaymentRequest(
      virtualAccount({
        country: 'PH',
        currency: 'PHP',
        request_amount: 2_500,
        channel_code: 'BPI_DIRECT_DEBIT',
        channel_properties: returnUrls,
      }),
      { idempotencyKey: key() },
    );
    expect(body.actions).toEqual([
      {
        type: 'API_POST_REQUEST',
        descriptor: 'DEBIT_ACCOUNT',
        value: expect.stringMatching(
          new RegExp(`/v3/payment_requests/${body.payment_request_id}/validate_otp$`),
        ) as string,
      },
    ]);
    const paid = await client.validatePaymentRequestOtp(body.payment_request_id, {
      otp_code: TEST_OTPS.success,
    });
    expect(paid.body.status).toBe('SUCCEEDED');
  });
});
