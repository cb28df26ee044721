import {
  countrySchema,
  currencySchema,
  paymentRequestStatusSchema,
  paymentTokenStatusSchema,
  refundReasonSchema,
  refundStatusSchema,
  sessionStatusSchema,
  RECURRING_TEST_AMOUNTS,
  TEST_CARDS,
  TEST_OTPS,
  XenditError,
  type CreatePaymentRequestBody,
  type CreateRecurringPlanBody,
  type CreateSessionBody,
} from '@store/xendit';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allowances,
  descriptionPath,
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
  type PublishedDescription,
  type Violation,
  type WireExchange,
} from './testing/published-description.ts';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { webhookOf } from './testing/webhook-receiver.ts';

if (!descriptionPresent)
  console.warn(`Skipping the published contract: ${descriptionPath} is absent`);

type Json = Record<string, unknown>;

let description: PublishedDescription;
// The client names its own idempotency keys; the calls made by hand (the browser's cards-session
// script, the development endpoints) send none.
const sim = simulatorUnderTest({
  keyPrefix: 'contract',
  simulator: { asyncDelayMs: 100 },
  idempotencyKeys: false,
  skip: !descriptionPresent,
});
const { account, call, key } = sim;

/** Every call the client makes, as it crossed the wire. */
const exchanges: WireExchange[] = [];

/** The client's requests go through this fetch, which keeps a copy of each exchange. */
const recordingFetch: typeof globalThis.fetch = async (input, init) => {
  const response = await fetch(input, init);
  const text = await response.clone().text();
  exchanges.push({
    method: init?.method ?? 'GET',
    url: String(input),
    headers: Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    ),
    requestBody: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    status: response.status,
    responseBody: text === '' ? null : JSON.parse(text),
  });
  return response;
};

const client = sim.client({ fetch: recordingFetch });

beforeAll(() => {
  if (descriptionPresent) description = loadPublishedDescription();
});

const returnUrls = {
  success_return_url: 'https://store.example/success',
  failure_return_url: 'https://store.example/failure',
};

const customer = {
  type: 'INDIVIDUAL' as const,
  reference_id: 'contract-customer',
  email: 'ana@example.com',
  individual_detail: { given_names: 'Ana', surname: 'Santos' },
};

const items = [
  {
    reference_id: 'kopi-beans',
    type: 'PHYSICAL_PRODUCT' as const,
    name: 'Kopi Arabica Beans',
    net_unit_amount: 50_000,
    quantity: 1,
    category: 'Food & Drink',
  },
];

/** A create body as the store sends one: items with their category, the customer by details. */
const payment = (overrides: Partial<CreatePaymentRequestBody>): CreatePaymentRequestBody => ({
  reference_id: `order-${key()}`,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 50_000,
  channel_code: 'BRI_VIRTUAL_ACCOUNT',
  channel_properties: {},
  customer,
  description: 'Order from the contract walk',
  items,
  metadata: { app_id: 'demo-id' },
  ...overrides,
});

/** Submits a hosted page's form as the customer's browser would (the page is not the API). */
async function decide(url: string, decision: string) {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
}

/** The cards-session script's call, made by the customer's browser with the public key. */
async function payWithSession(sessionId: string, cardNumber: string) {
  const answer = await call(
    'POST',
    '/v3/payment_with_session',
    {
      payment_session_id: sessionId,
      card_number: cardNumber,
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
      cardholder_first_name: 'Ana',
      cardholder_last_name: 'Santos',
      cardholder_email: 'ana@example.com',
    },
    { secretKey: account.testPublicKey },
  );
  return answer.body as Record<string, string>;
}

async function simPost(path: string, body: unknown = {}) {
  expect((await call('POST', path, body)).status, path).toBeLessThan(300);
}

const cardsSession = async (sessionType: 'PAY' | 'SAVE') =>
  (
    await client.createSession(
      {
        reference_id: `session-${key()}`,
        session_type: sessionType,
        mode: 'CARDS_SESSION_JS',
        amount: sessionType === 'SAVE' ? 0 : 250_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        cards_session_js: returnUrls,
      },
      { idempotencyKey: key() },
    )
  ).body;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );

/** The flows of the store, end to end; each leaves its exchanges and webhooks to be judged. */
async function walkTheStoreFlows() {
  // Virtual account: paid by /simulate, then refunded in full and in part.
  const va = (await client.createPaymentRequest(payment({}), { idempotencyKey: key() })).body;
  await client.getPaymentRequest(va.payment_request_id);
  await client.simulatePaymentRequest(va.payment_request_id, { amount: 50_000 });
  await sim.receiver.waitFor(webhookOf('payment.capture', va.payment_request_id));
  const refund = await client.createRefund(
    { payment_request_id: va.payment_request_id, reason: 'REQUESTED_BY_CUSTOMER', amount: 10_000 },
    { idempotencyKey: key() },
  );
  await sim.receiver.waitFor(webhookOf('refund.succeeded', refund.body.id));
  const failing = await client.createRefund(
    { payment_request_id: va.payment_request_id, reason: 'CANCELLATION', amount: 20_105 },
    { idempotencyKey: key() },
  );
  await sim.receiver.waitFor(webhookOf('refund.failed', failing.body.id));

  // A reusable code of any amount (ReusablePaymentCode without request_amount), paid once.
  const anyAmount: CreatePaymentRequestBody = {
    reference_id: `order-${key()}`,
    type: 'REUSABLE_PAYMENT_CODE',
    country: 'ID',
    currency: 'IDR',
    channel_code: 'BRI_VIRTUAL_ACCOUNT',
    channel_properties: {},
  };
  const open = (await client.createPaymentRequest(anyAmount, { idempotencyKey: key() })).body;
  expect(open).not.toHaveProperty('request_amount');
  await client.simulatePaymentRequest(open.payment_request_id, { amount: 12_500 });
  await sim.receiver.waitFor(webhookOf('payment.capture', open.payment_request_id));

  // Cancelled, and expired at its expires_at.
  const canceled = (await client.createPaymentRequest(payment({}), { idempotencyKey: key() })).body;
  await client.cancelPaymentRequest(canceled.payment_request_id);
  const expiring = (
    await client.createPaymentRequest(
      payment({
        channel_properties: { expires_at: new Date(Date.now() + 300).toISOString() },
      }),
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('payment_request.expiry', expiring.payment_request_id));

  // E-wallets: redirect (approved on the hosted page) and push (OVO, decided by webhook).
  const dana = (
    await client.createPaymentRequest(
      payment({ channel_code: 'DANA', channel_properties: returnUrls }),
      { idempotencyKey: key() },
    )
  ).body;
  await decide(dana.actions?.[0]?.value ?? '', 'approve');
  await sim.receiver.waitFor(webhookOf('payment.capture', dana.payment_request_id));
  const ovo = (
    await client.createPaymentRequest(
      payment({ channel_code: 'OVO', channel_properties: { account_mobile_number: '+628123' } }),
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('payment.capture', ovo.payment_request_id));
  const declined = (
    await client.createPaymentRequest(
      payment({ channel_code: 'DANA', channel_properties: returnUrls, request_amount: 20_105 }),
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('payment.failure', declined.payment_request_id));

  // Direct debit with OTP: BRI (VALIDATE_OTP, RESEND_OTP) and BPI (DEBIT_ACCOUNT).
  const bri = (
    await client.createPaymentRequest(
      payment({ channel_code: 'BRI_DIRECT_DEBIT', channel_properties: returnUrls }),
      { idempotencyKey: key() },
    )
  ).body;
  await client.resendPaymentRequestOtp(bri.payment_request_id);
  await failure(client.validatePaymentRequestOtp(bri.payment_request_id, { otp_code: '000000' }));
  await client.validatePaymentRequestOtp(bri.payment_request_id, { otp_code: TEST_OTPS.success });
  const bpi = (
    await client.createPaymentRequest(
      payment({
        country: 'PH',
        currency: 'PHP',
        request_amount: 2_500,
        items: [{ ...items[0]!, net_unit_amount: 2_500 }],
        channel_code: 'BPI_DIRECT_DEBIT',
        channel_properties: returnUrls,
      }),
      { idempotencyKey: key() },
    )
  ).body;
  await client.validatePaymentRequestOtp(bpi.payment_request_id, { otp_code: TEST_OTPS.success });
  await sim.receiver.waitFor(webhookOf('payment.capture', bpi.payment_request_id));

  // Cards through sessions: pay, pay with 3DS, save; then pay with the saved card.
  const paySession = await cardsSession('PAY');
  const paid = await payWithSession(paySession.payment_session_id, TEST_CARDS.frictionless[0]);
  await client.getSession(paySession.payment_session_id);
  await client.getPaymentRequest(paid.payment_request_id ?? '');
  await sim.receiver.waitFor(webhookOf('payment_session.completed', paySession.payment_session_id));
  const threeDsSession = await cardsSession('PAY');
  const challenged = await payWithSession(threeDsSession.payment_session_id, TEST_CARDS.threeDs[0]);
  await client.getPaymentRequest(challenged.payment_request_id ?? '');
  const saveSession = await cardsSession('SAVE');
  const saved = await payWithSession(saveSession.payment_session_id, TEST_CARDS.frictionless[1]);
  const card = (await client.getPaymentToken(saved.payment_token_id ?? '')).body;
  await sim.receiver.waitFor(webhookOf('payment_token.activation', card.payment_token_id));
  const savedCardPayment = (
    await client.createPaymentRequest(
      {
        ...payment({ channel_code: 'CARDS' }),
        channel_properties: undefined,
        payment_token_id: card.payment_token_id,
        customer: undefined,
        customer_id: card.customer_id ?? undefined,
      },
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('payment.capture', savedCardPayment.payment_request_id));
  // Hosted checkout and components sessions: the description's own three examples, one for the
  // components SDK, one left to expire by the scheduler.
  const sessionExamples = (
    ((description.document.paths as Json)['/sessions'] as Json).post as {
      requestBody: {
        content: { 'application/json': { examples: Record<string, { value: Json }> } };
      };
    }
  ).requestBody.content['application/json'].examples;
  for (const example of Object.values(sessionExamples)) {
    const created = await client.createSession(example.value as unknown as CreateSessionBody, {
      idempotencyKey: key(),
    });
    await client.getSession(created.body.payment_session_id);
  }
  // Paid on the hosted checkout page as a customer's browser would: a virtual account, simulated.
  const hosted = (
    await client.createSession(
      {
        reference_id: `hosted-${key()}`,
        session_type: 'PAY',
        mode: 'PAYMENT_LINK',
        amount: 50_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        items,
        success_return_url: returnUrls.success_return_url,
      },
      { idempotencyKey: key() },
    )
  ).body;
  for (const [step, form] of [
    ['pay', { channel: 'BCA_VIRTUAL_ACCOUNT' }],
    ['simulate', {}],
  ] as const) {
    await fetch(`${hosted.payment_link_url ?? ''}/${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
  }
  await sim.receiver.waitFor(webhookOf('payment_session.completed', hosted.payment_session_id));
  await client.getSession(hosted.payment_session_id);
  await client.createSession(
    {
      reference_id: `components-${key()}`,
      session_type: 'PAY',
      mode: 'COMPONENTS',
      amount: 50_000,
      currency: 'IDR',
      country: 'ID',
      customer,
      items,
      components_configuration: { origins: ['https://store.example'] },
    },
    { idempotencyKey: key() },
  );
  const expiringSession = (
    await client.createSession(
      {
        reference_id: `expiring-${key()}`,
        session_type: 'PAY',
        mode: 'PAYMENT_LINK',
        amount: 50_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        expires_at: new Date(Date.now() + 300).toISOString(),
      },
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(
    webhookOf('payment_session.expired', expiringSession.payment_session_id),
  );
  const cancelledSession = await cardsSession('PAY');
  await client.cancelSession(cancelledSession.payment_session_id);
  const expiredSession = await cardsSession('PAY');
  await simPost(`/_sim/sessions/${expiredSession.payment_session_id}/expire`);
  await sim.receiver.waitFor(
    webhookOf('payment_session.expired', expiredSession.payment_session_id),
  );

  // Manual capture: authorised, then captured, cancelled or left to expire.
  const authorize = async () => {
    const request = (
      await client.createPaymentRequest(
        payment({
          channel_code: 'CARDS',
          capture_method: 'MANUAL',
          channel_properties: {
            ...returnUrls,
            card_details: {
              card_number: TEST_CARDS.frictionless[0],
              expiry_month: '12',
              expiry_year: '2030',
              cvn: '123',
              cardholder_first_name: 'Ana',
              cardholder_last_name: 'Santos',
              cardholder_email: 'ana@example.com',
            },
          },
        }),
        { idempotencyKey: key() },
      )
    ).body;
    await sim.receiver.waitFor(webhookOf('payment.authorization', request.payment_request_id));
    return (await client.getPayment(request.latest_payment_id ?? '')).body;
  };
  const captured = await authorize();
  await client.capturePayment(captured.payment_id, { capture_amount: captured.request_amount });
  await sim.receiver.waitFor(webhookOf('payment.capture', captured.payment_request_id));
  await client.cancelPayment((await authorize()).payment_id);
  const expired = await authorize();
  await simPost(`/_sim/payments/${expired.payment_id}/expire`);
  await sim.receiver.waitFor(webhookOf('payment.expiry', expired.payment_id));

  // Method links: an e-wallet on the hosted page, a direct debit by OTP; pay with one; cancel.
  const wallet = (
    await client.createPaymentToken(
      {
        reference_id: `link-${key()}`,
        country: 'ID',
        currency: 'IDR',
        channel_code: 'DANA',
        channel_properties: returnUrls,
        customer,
      },
      { idempotencyKey: key() },
    )
  ).body;
  await decide(wallet.actions?.[0]?.value ?? '', 'link');
  await sim.receiver.waitFor(webhookOf('payment_token.activation', wallet.payment_token_id));
  await client.getPaymentToken(wallet.payment_token_id);
  const walletPayment = (
    await client.createPaymentRequest(
      {
        ...payment({ channel_code: 'DANA' }),
        channel_properties: undefined,
        payment_token_id: wallet.payment_token_id,
      },
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('payment.capture', walletPayment.payment_request_id));
  // The channel comes from the token ("Pay with tokens"), as in the description's own examples.
  const byTokenAlone = (
    await client.createPaymentRequest(
      {
        ...payment({}),
        channel_code: undefined,
        channel_properties: undefined,
        payment_token_id: wallet.payment_token_id,
      },
      { idempotencyKey: key() },
    )
  ).body;
  expect(byTokenAlone.channel_code).toBe('DANA');
  await sim.receiver.waitFor(webhookOf('payment.capture', byTokenAlone.payment_request_id));
  const debit = (
    await client.createPaymentToken(
      {
        reference_id: `link-${key()}`,
        country: 'ID',
        currency: 'IDR',
        channel_code: 'BRI_DIRECT_DEBIT',
        channel_properties: returnUrls,
        customer,
      },
      { idempotencyKey: key() },
    )
  ).body;
  await client.resendPaymentTokenOtp(debit.payment_token_id);
  await client.validatePaymentTokenOtp(debit.payment_token_id, {
    otp_code: TEST_OTPS.linkingSuccess,
  });
  await client.cancelPaymentToken(debit.payment_token_id);
  const refused = (
    await client.createPaymentToken(
      {
        reference_id: `link-${key()}`,
        country: 'ID',
        currency: 'IDR',
        channel_code: 'SHOPEEPAY',
        channel_properties: returnUrls,
        customer,
      },
      { idempotencyKey: key() },
    )
  ).body;
  await decide(refused.actions?.[0]?.value ?? '', 'cancel');
  await sim.receiver.waitFor(webhookOf('payment_token.failure', refused.payment_token_id));

  // Subscriptions: plans on a saved card, their cycles driven by every /recurring operation.
  const savedCard = (
    await client.createPaymentToken(
      {
        reference_id: `card-${key()}`,
        country: 'ID',
        currency: 'IDR',
        channel_code: 'CARDS',
        channel_properties: {
          card_details: {
            card_number: TEST_CARDS.frictionless[0],
            expiry_month: '12',
            expiry_year: '2030',
            cvn: '123',
          },
        },
        customer,
      },
      { idempotencyKey: key() },
    )
  ).body;
  const planBody = (overrides: Partial<CreateRecurringPlanBody>): CreateRecurringPlanBody => ({
    reference_id: `plan-${key()}`,
    customer_id: savedCard.customer_id ?? '',
    recurring_action: 'PAYMENT',
    currency: 'IDR',
    amount: RECURRING_TEST_AMOUNTS.succeeds,
    payment_methods: [{ payment_method_id: savedCard.payment_token_id, rank: 1 }],
    schedule: {
      reference_id: `schedule-${key()}`,
      interval: 'MONTH',
      interval_count: 1,
      anchor_date: new Date(Date.now() + 86_400_000).toISOString(),
      retry_interval: 'DAY',
      retry_interval_count: 1,
      total_retry: 1,
      failed_attempt_notifications: [1],
    },
    notification_config: { recurring_failed: ['EMAIL'], locale: 'en' },
    failed_cycle_action: 'STOP',
    description: 'Kopi of the month',
    ...overrides,
  });
  const plan = (await client.createRecurringPlan(planBody({}), { idempotencyKey: key() })).body;
  await sim.receiver.waitFor(webhookOf('recurring.plan.activated', plan.id));
  const cycleCreated = await sim.receiver.waitFor(webhookOf('recurring.cycle.created', plan.id));
  const cycleId = String((cycleCreated.body.data as { id: string }).id);
  await client.getRecurringPlan(plan.id);
  await client.updateRecurringPlan(plan.id, { description: 'Kopi of the month, ground' });
  await client.getRecurringSchedule(plan.schedule.id);
  await client.updateRecurringSchedule(plan.schedule.id, { total_retry: 2 });
  await client.updateRecurringCycle(plan.id, cycleId, { amount: '15000' });
  await client.simulateRecurringCycle(plan.id, cycleId, {
    amount: RECURRING_TEST_AMOUNTS.insufficientBalance,
  });
  await sim.receiver.waitFor(webhookOf('recurring.cycle.retrying', cycleId));
  await client.forceRecurringCycleAttempt(plan.id, cycleId);
  await sim.receiver.waitFor(webhookOf('recurring.cycle.succeeded', cycleId));
  const cycles = (await client.listRecurringCycles(plan.id)).body;
  const next = cycles.find((cycle) => cycle.status === 'SCHEDULED');
  await client.getRecurringCycle(plan.id, next?.id ?? '');
  await client.cancelRecurringCycle(plan.id, next?.id ?? '');
  await client.deactivateRecurringPlan(plan.id);
  await sim.receiver.waitFor(webhookOf('recurring.plan.inactivated', plan.id));
  // Charged on creation and failing every retry: the plan ends (failed_cycle_action STOP).
  const ending = (
    await client.createRecurringPlan(
      planBody({
        amount: RECURRING_TEST_AMOUNTS.insufficientBalance,
        immediate_action_type: 'FULL_AMOUNT',
      }),
      { idempotencyKey: key() },
    )
  ).body;
  await sim.receiver.waitFor(webhookOf('recurring.cycle.failed', ending.id));
  await sim.receiver.waitFor(webhookOf('recurring.plan.inactivated', ending.id));
  // A forced attempt refused: the cycle keeps its date, with recurring.cycle.force_attempt_failed.
  const declining = (
    await client.createRecurringPlan(
      planBody({ amount: RECURRING_TEST_AMOUNTS.insufficientBalance }),
      { idempotencyKey: key() },
    )
  ).body;
  const decliningCycle = await sim.receiver.waitFor(
    webhookOf('recurring.cycle.created', declining.id),
  );
  const decliningCycleId = String((decliningCycle.body.data as { id: string }).id);
  await client.forceRecurringCycleAttempt(declining.id, decliningCycleId);
  await sim.receiver.waitFor(webhookOf('recurring.cycle.force_attempt_failed', decliningCycleId));

  // Refusals the store meets: a validation error, an ineligible status.
  await failure(client.cancelPaymentRequest(va.payment_request_id));
  await failure(
    client.createPaymentRequest(
      payment({ channel_code: 'DANA', channel_properties: returnUrls, request_amount: 50 }),
      { idempotencyKey: key() },
    ),
  );
}

/** Fails, naming what never came, when the simulator still holds undelivered webhooks after 10 s. */
async function outboxDrained() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const health = (await (await fetch(`${sim.simulator.url}/_sim/health`)).json()) as {
      pending_webhooks: number;
    };
    if (health.pending_webhooks === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`${health.pending_webhooks} webhooks were still undelivered after 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const describeViolations = (violations: Violation[]) =>
  violations.map((v) => `${v.subject} ${v.path} ${v.keyword}: ${v.message}`);

describe.skipIf(!descriptionPresent)('the store flows against the published description', () => {
  let violations: Violation[] = [];

  beforeAll(async () => {
    await walkTheStoreFlows();
    // Judge every webhook the walk caused: wait until the simulator has none left to deliver.
    await outboxDrained();
    violations = [
      ...exchanges.flatMap((exchange) => description.checkExchange(exchange)),
      ...sim.receiver.received.flatMap(({ body }) => description.checkWebhook(body)),
    ];
  }, 60_000);

  it('walks every flow: the calls and webhooks it judges are there', () => {
    const operations = new Set(
      exchanges.map(
        (e) => `${e.method} ${new URL(e.url).pathname.replace(/\/[a-z]+-[\w-]+/g, '/{id}')}`,
      ),
    );
    expect([...operations].sort()).toEqual(
      [
        'GET /sessions/{id}',
        'GET /v3/payment_requests/{id}',
        'GET /v3/payment_tokens/{id}',
        'GET /v3/payments/{id}',
        'POST /v3/payments/{id}/cancel',
        'POST /v3/payments/{id}/capture',
        'POST /refunds',
        'POST /sessions',
        'POST /sessions/{id}/cancel',
        'POST /v3/payment_requests',
        'POST /v3/payment_requests/{id}/cancel',
        'POST /v3/payment_requests/{id}/resend_otp',
        'POST /v3/payment_requests/{id}/simulate',
        'POST /v3/payment_requests/{id}/validate_otp',
        'POST /v3/payment_tokens',
        'POST /v3/payment_tokens/{id}/cancel',
        'POST /v3/payment_tokens/{id}/resend_otp',
        'POST /v3/payment_tokens/{id}/validate_otp',
        'POST /recurring/plans',
        'GET /recurring/plans/{id}',
        'PATCH /recurring/plans/{id}',
        'POST /recurring/plans/{id}/deactivate',
        'GET /recurring/plans/{id}/cycles',
        'GET /recurring/plans/{id}/cycles/{id}',
        'PATCH /recurring/plans/{id}/cycles/{id}',
        'POST /recurring/plans/{id}/cycles/{id}/cancel',
        'POST /recurring/plans/{id}/cycles/{id}/force_attempt',
        'POST /recurring/plans/{id}/cycles/{id}/simulate',
        'GET /recurring/schedules/{id}',
        'PATCH /recurring/schedules/{id}',
      ].sort(),
    );
    expect(new Set(sim.receiver.received.map(({ body }) => body.event))).toEqual(
      new Set([
        'payment.capture',
        'payment.failure',
        'payment.authorization',
        'payment.expiry',
        'payment_request.expiry',
        'refund.succeeded',
        'refund.failed',
        'payment_token.activation',
        'payment_token.failure',
        'payment_session.completed',
        'payment_session.expired',
        'recurring.plan.activated',
        'recurring.plan.inactivated',
        'recurring.cycle.created',
        'recurring.cycle.succeeded',
        'recurring.cycle.retrying',
        'recurring.cycle.failed',
        'recurring.cycle.force_attempt_failed',
      ]),
    );
  });

  it('every request, answer and webhook validates, but for the allow-listed slips', () => {
    expect(describeViolations(outsideAllowList(violations))).toEqual([]);
  });

  it('fills every field the description shows as null, instead of leaving it out', () => {
    const document = parse(readFileSync(descriptionPath, 'utf8')) as Json;
    const schemas = (document.components as Json).schemas as Record<string, Json>;
    // The answers whose published schema has nullable fields: a client reading them expects the key.
    const resolve = (node: Json): Json =>
      typeof node.$ref === 'string'
        ? resolve(schemas[node.$ref.replace('#/components/schemas/', '')] ?? {})
        : node;
    const nullable = (schema: string) =>
      Object.entries((schemas[schema]?.properties ?? {}) as Record<string, Json>)
        .filter(([, property]) => resolve(property).nullable === true)
        .map(([name]) => name);
    const checked = [
      {
        path: /\/sessions$/,
        method: 'POST',
        schema: 'Payment_Session_StandardSessionResponsePublicSchema',
      },
    ];
    for (const { path, method, schema } of checked) {
      const fields = nullable(schema);
      expect(fields.length).toBeGreaterThan(0);
      const answers = exchanges.filter(
        (exchange) =>
          exchange.method === method &&
          path.test(new URL(exchange.url).pathname) &&
          exchange.status < 300,
      );
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) {
        const missing = fields.filter((field) => !(field in (answer.responseBody as Json)));
        expect(missing, `${method} ${answer.url}`).toEqual([]);
      }
    }
  });

  it('every allowance is still needed: each matches a violation of this walk', () => {
    const unused = allowances.filter(
      (allowance) => !violations.some((violation) => allowance.matches(violation)),
    );
    expect(unused.map((allowance) => allowance.slip)).toEqual([]);
  });
});

describe.skipIf(!descriptionPresent)('the judge itself', () => {
  const exchange = (overrides: Partial<WireExchange>): WireExchange => ({
    method: 'POST',
    url: 'https://api.xendit.co/v3/payment_requests',
    headers: { 'api-version': '2024-11-11' },
    requestBody: payment({}),
    status: 201,
    responseBody: {},
    ...overrides,
  });

  it('accepts the store-shaped body, and fails one that drifts in any way the issue names', () => {
    expect(describeViolations(description.checkExchange(exchange({})))).toEqual([]);
    const drifts: Record<string, unknown> = {
      'an item without category': payment({
        items: [{ ...items[0]!, category: undefined as unknown as string }],
      }),
      'an unknown field': { ...payment({}), shipping_fee: 1 },
    };
    for (const [drift, body] of Object.entries(drifts)) {
      expect(
        description.checkExchange(exchange({ requestBody: JSON.parse(JSON.stringify(body)) })),
        drift,
      ).not.toEqual([]);
    }
    expect(
      description.checkExchange(exchange({ headers: { 'api-version': '2020-01-01' } })),
    ).not.toEqual([]);
  });

  it('a token body breaks only what the provider documents away: channel_code left out, or named beside channel_properties', () => {
    const byToken = {
      ...payment({ channel_properties: undefined }),
      channel_code: undefined,
      payment_token_id: 'pt-1',
    };
    const violations = description.checkExchange(
      exchange({ requestBody: JSON.parse(JSON.stringify(byToken)) }),
    );
    expect(violations).not.toEqual([]);
    expect(outsideAllowList(violations)).toEqual([]);
    // Named and with channel_properties, as PayWithToken lists them: it fits Pay as well.
    const namedToo = description.checkExchange(
      exchange({ requestBody: JSON.parse(JSON.stringify(payment({ payment_token_id: 'pt-1' }))) }),
    );
    expect(namedToo).not.toEqual([]);
    expect(outsideAllowList(namedToo)).toEqual([]);
    const alsoWrong = { ...byToken, request_amount: 'ten' };
    expect(
      outsideAllowList(
        description.checkExchange(exchange({ requestBody: JSON.parse(JSON.stringify(alsoWrong)) })),
      ),
    ).not.toEqual([]);
  });

  it('fails an answer with an undocumented status value, and a webhook of the wrong shape', () => {
    expect(
      description.checkExchange(exchange({ responseBody: { status: 'PENDING' } })),
    ).not.toEqual([]);
    expect(
      description.checkWebhook({
        event: 'payment.capture',
        business_id: 'b',
        created: 'x',
        data: {},
      }),
    ).not.toEqual([]);
    expect(
      description.checkWebhook({
        event: 'recurring.cycle.succeeded',
        business_id: 'b',
        created: '2026-01-01T00:00:00Z',
        data: { id: 'recy-1', plan_id: 'repl-1', status: 'SUCCEEDED', amount: 'ten' },
      }),
    ).not.toEqual([]);
  });
});

describe.skipIf(!descriptionPresent)('the wire enums match the published ones', () => {
  const enumOf = (name: string) =>
    ((description.document.components as Json).schemas as Record<string, Json>)[name]
      ?.enum as string[];

  it('countries, currencies, reasons and statuses', () => {
    expect(new Set(countrySchema.options)).toEqual(new Set(enumOf('Payments_API_Country')));
    expect(new Set(currencySchema.options)).toEqual(new Set(enumOf('Payments_API_Currency')));
    expect(new Set(refundReasonSchema.options)).toEqual(new Set(enumOf('Payments_API_Reason')));
    expect(new Set(refundStatusSchema.options)).toEqual(
      new Set(enumOf('Payments_API_RefundStatus')),
    );
    expect(new Set(paymentRequestStatusSchema.options)).toEqual(
      new Set(enumOf('Payments_API_PaymentRequestStatus')),
    );
    expect(new Set(paymentTokenStatusSchema.options)).toEqual(
      new Set(enumOf('Payments_API_PaymentTokenStatus')),
    );
    expect(new Set(sessionStatusSchema.options)).toEqual(
      new Set(enumOf('Payment_Session_SessionStatus')),
    );
  });

  it('409 on a reused idempotency key is DUPLICATE_ERROR (PROVIDER.md), where the file says DATA_NOT_FOUND', async () => {
    const idempotencyKey = key();
    await client.createPaymentRequest(payment({ reference_id: 'dup' }), { idempotencyKey });
    const error = await failure(
      client.createPaymentRequest(payment({ reference_id: 'dup', request_amount: 60_000 }), {
        idempotencyKey,
      }),
    );
    expect(error).toBeInstanceOf(XenditError);
    expect([(error as XenditError).status, (error as XenditError).errorCode]).toEqual([
      409,
      'DUPLICATE_ERROR',
    ]);
  });
});
