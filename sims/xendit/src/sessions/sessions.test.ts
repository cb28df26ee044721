import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { XenditSimulator } from '../index.ts';
import { startTestSimulator } from '../testing/test-simulator.ts';
import { descriptionPath, descriptionPresent } from '../testing/published-description.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';
import { webhookOf } from '../testing/webhook-receiver.ts';

type Json = Record<string, unknown>;

const sim = simulatorUnderTest({ keyPrefix: 'sessions' });
const { account, call, key } = sim;

const customer = {
  reference_id: 'cust_sessions',
  type: 'INDIVIDUAL',
  email: 'ana@example.com',
  individual_detail: { given_names: 'Ana', surname: 'Santos' },
};

/** A form posted on a hosted page as the customer's browser posts it, its redirect not followed. */
const postForm = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });

const paySession = (overrides: Json = {}) => ({
  reference_id: key(),
  session_type: 'PAY',
  mode: 'PAYMENT_LINK',
  amount: 50_000,
  currency: 'IDR',
  country: 'ID',
  customer,
  success_return_url: 'https://store.example/success',
  cancel_return_url: 'https://store.example/cancel',
  ...overrides,
});

describe.skipIf(!descriptionPresent)("the description's /sessions examples", () => {
  const operation = descriptionPresent
    ? ((((parse(readFileSync(descriptionPath, 'utf8')) as Json).paths as Json)['/sessions'] as Json)
        .post as Json)
    : {};
  const content = (node: unknown) => ((node as Json).content as Json)['application/json'] as Json;
  const requests = descriptionPresent
    ? Object.entries(content(operation.requestBody).examples as Record<string, { value: Json }>)
    : [];
  const documented = descriptionPresent
    ? (
        Object.values(
          content((operation.responses as Json)['201']).examples as Record<string, { value: Json }>,
        )[0] as { value: Json }
      ).value
    : {};

  it('finds the three', () => {
    expect(requests.map(([name]) => name).sort()).toEqual([
      'PaymentLink_OneTimePaymentExample',
      'PaymentLink_PayandSaveExample',
      'PaymentLink_SavePaymentMethodExample',
    ]);
  });

  it.each(requests)(
    '%s is accepted and answered with every field of the answer shown',
    async (_, example) => {
      const { status, body } = await call('POST', '/sessions', example.value);
      expect(status).toBe(201);
      expect(Object.keys(documented).filter((field) => !(field in body))).toEqual([]);
      expect(body).toMatchObject({
        reference_id: example.value.reference_id,
        session_type: example.value.session_type,
        mode: 'PAYMENT_LINK',
        amount: example.value.amount,
        currency: example.value.currency,
        country: example.value.country,
        locale: 'en',
        description: example.value.description,
        success_return_url: example.value.success_return_url,
        cancel_return_url: example.value.cancel_return_url,
        items: example.value.items ?? null,
        status: 'ACTIVE',
        payment_link_url: expect.stringMatching(
          new RegExp(`^http://[^/]+/pages/checkout/${String(body.payment_session_id)}$`),
        ),
        payment_request_id: null,
        payment_token_id: null,
        payment_id: null,
        business_id: account.businessId,
      });
      expect(body.payment_session_id).toMatch(/^ps-[0-9a-f]{24}$/);
      expect(body.customer_id).toMatch(/^cust-/);
      expect(Date.parse(String(body.expires_at)) - Date.parse(String(body.created))).toBe(
        30 * 60_000,
      );
      expect(body).toMatchObject(
        example.value.allow_save_payment_method
          ? { allow_save_payment_method: example.value.allow_save_payment_method }
          : {},
      );
      const read = await call('GET', `/sessions/${String(body.payment_session_id)}`);
      expect(read).toEqual({ status: 200, body });
    },
  );
});

describe('sessions', () => {
  it('COMPONENTS takes components_configuration and answers the key its browser SDK starts with', async () => {
    const refused = await call('POST', '/sessions', paySession({ mode: 'COMPONENTS' }));
    expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    const { status, body } = await call(
      'POST',
      '/sessions',
      paySession({
        mode: 'COMPONENTS',
        components_configuration: { origins: ['https://store.example'] },
      }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      mode: 'COMPONENTS',
      components_configuration: { origins: ['https://store.example'] },
      payment_link_url: null,
    });
    expect(body.components_sdk_key).toEqual(expect.any(String));
  });

  it('a customer by id, allowed channels, locale and metadata are kept', async () => {
    const customerId = String((await call('POST', '/sessions', paySession())).body.customer_id);
    const { body } = await call(
      'POST',
      '/sessions',
      paySession({
        customer: undefined,
        customer_id: customerId,
        allowed_payment_channels: ['DANA', 'CARDS'],
        locale: 'id',
        metadata: { order: '7' },
      }),
    );
    expect(body).toMatchObject({
      customer_id: customerId,
      allowed_payment_channels: ['DANA', 'CARDS'],
      locale: 'id',
      metadata: { order: '7' },
    });
  });

  it('refuses allowed channels a payment request of its market would refuse', async () => {
    for (const [allowed, says] of [
      [['DANA', 'GCASH'], 'GCASH is not available in ID'],
      [['NO_SUCH_WALLET'], 'NO_SUCH_WALLET is not a supported channel'],
    ] as const) {
      const refused = await call(
        'POST',
        '/sessions',
        paySession({ allowed_payment_channels: allowed }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: [{ path: `allowed_payment_channels[${allowed.length - 1}]`, message: says }],
      });
    }
    const inPesos = await call(
      'POST',
      '/sessions',
      paySession({ currency: 'PHP', amount: 500, allowed_payment_channels: ['DANA'] }),
    );
    expect(inPesos.status).toBe(400);
    expect(inPesos.body).toMatchObject({
      error_code: 'INVALID_VALUE_ERROR',
      errors: [{ path: 'currency', message: 'DANA in ID takes IDR, not PHP' }],
    });
    // Left empty, the field offers every channel the session can use.
    const empty = await call('POST', '/sessions', paySession({ allowed_payment_channels: [] }));
    expect(empty.body.allowed_payment_channels).toContain('DANA');
  });

  it('refuses a session nothing could pay: an amount finer than its currency or beyond every channel', async () => {
    for (const [overrides, path] of [
      [{ amount: 10_000.5 }, 'amount'],
      [{ amount: 100.001, currency: 'PHP', country: 'PH' }, 'amount'],
      [{ amount: 1e15 }, 'amount'],
      [{ amount: 50, allowed_payment_channels: ['DANA'] }, 'amount'],
    ] as const) {
      const refused = await call('POST', '/sessions', paySession(overrides));
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect(refused.body.errors).toMatchObject([{ path }]);
    }
    // Nothing to save with: the channels it allows are the cause, not the amount.
    const unsaveable = await call(
      'POST',
      '/sessions',
      paySession({
        allow_save_payment_method: 'FORCED',
        allowed_payment_channels: ['BCA_VIRTUAL_ACCOUNT'],
      }),
    );
    expect(unsaveable.status).toBe(400);
    expect(unsaveable.body.errors).toMatchObject([{ path: 'allowed_payment_channels' }]);
    // Another currency than the market's: cards alone take it, as a payment request's cards do.
    const inDollars = await call('POST', '/sessions', paySession({ currency: 'USD', amount: 25 }));
    expect(inDollars.status).toBe(201);
    expect(inDollars.body.allowed_payment_channels).toEqual(['CARDS']);
  });

  it('capture_method MANUAL offers cards alone, and refuses another channel named', async () => {
    const manual = await call('POST', '/sessions', paySession({ capture_method: 'MANUAL' }));
    expect(manual.status).toBe(201);
    expect(manual.body.allowed_payment_channels).toEqual(['CARDS']);
    const named = await call(
      'POST',
      '/sessions',
      paySession({
        capture_method: 'MANUAL',
        allowed_payment_channels: ['CARDS', 'BCA_VIRTUAL_ACCOUNT'],
      }),
    );
    expect(named.status).toBe(400);
    expect(named.body.errors).toMatchObject([{ path: 'allowed_payment_channels[1]' }]);
  });

  it("refuses a currency outside the description's Payment_Session_Currency", async () => {
    for (const currency of ['MXN', 'HKD']) {
      const refused = await call('POST', '/sessions', paySession({ currency, amount: 500 }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: [{ path: 'currency' }],
      });
    }
    expect((await call('POST', '/sessions', paySession({ currency: 'USD' }))).status).toBe(201);
  });

  it("refuses a country outside the description's Payment_Session_Country", async () => {
    // A payment request may be in HK or MX; a session may not (ID, PH, VN, TH, SG, MY only).
    for (const country of ['HK', 'MX']) {
      const refused = await call('POST', '/sessions', paySession({ country, currency: 'USD' }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        errors: [{ path: 'country' }],
      });
    }
    const singapore = await call(
      'POST',
      '/sessions',
      paySession({ country: 'SG', currency: 'SGD' }),
    );
    expect(singapore.status).toBe(201);
  });

  it('refuses a customer_id that is not the 41 characters of Payment_Session_CustomerId', async () => {
    const refused = await call(
      'POST',
      '/sessions',
      paySession({ customer: undefined, customer_id: 'cust-1' }),
    );
    expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(refused.body.errors).toEqual([{ path: 'customer_id', message: expect.any(String) }]);
  });

  it('takes metadata: null, which Payment_Session_MerchantMetadata allows, as no metadata', async () => {
    const { status, body } = await call('POST', '/sessions', paySession({ metadata: null }));
    expect([status, body.metadata]).toEqual([201, null]);
  });

  it('answers 404 CUSTOMER_NOT_FOUND for a customer_id the simulator never made', async () => {
    const refused = await call(
      'POST',
      '/sessions',
      paySession({
        customer: undefined,
        customer_id: 'cust-8d1a3a52-3f4e-4c2e-9a57-0f1d2b9a3c11',
      }),
    );
    expect([refused.status, refused.body]).toEqual([
      404,
      {
        error_code: 'CUSTOMER_NOT_FOUND',
        message: 'customer_id is invalid or not found. Please try again with a valid customer_id.',
      },
    ]);
    // A customer is its mode's: the account's live key does not find one made in test mode.
    const known = String((await call('POST', '/sessions', paySession())).body.customer_id);
    const live = await call(
      'POST',
      '/sessions',
      paySession({ customer: undefined, customer_id: known }),
      { secretKey: account.liveSecretKey },
    );
    expect([live.status, live.body.error_code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });

  it('refuses a PAY session without an amount, and an expires_at in the past', async () => {
    for (const body of [
      paySession({ amount: 0 }),
      paySession({ expires_at: new Date(Date.now() - 1000).toISOString() }),
      paySession({ customer: undefined }),
    ]) {
      const refused = await call('POST', '/sessions', body);
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    }
  });

  it('cancel: CANCELED once; a second cancel is refused', async () => {
    const { body } = await call('POST', '/sessions', paySession());
    const id = String(body.payment_session_id);
    expect((await call('POST', `/sessions/${id}/cancel`)).body.status).toBe('CANCELED');
    const again = await call('POST', `/sessions/${id}/cancel`);
    expect(again.status).toBe(400);
    expect((await call('GET', '/sessions/ps-000000000000000000000000')).body.error_code).toBe(
      'SESSION_NOT_FOUND',
    );
  });

  it('expires by the scheduler at expires_at, with payment_session.expired', async () => {
    const { body } = await call(
      'POST',
      '/sessions',
      paySession({ expires_at: new Date(Date.now() + 300).toISOString() }),
    );
    const id = String(body.payment_session_id);
    const webhook = await sim.receiver.waitFor(webhookOf('payment_session.expired', id));
    expect(webhook.body.data).toMatchObject({ payment_session_id: id, status: 'EXPIRED' });
    expect((await call('GET', `/sessions/${id}`)).body.status).toBe('EXPIRED');
  });

  it("takes the provider's own sample store's session bodies, and completes them on the hosted page", async () => {
    // As xendit/demo-store (server/integrations/payment-link.ts, components.ts) sends them: amounts
    // converted by an exchange rate, a SAVE with no items, no success URL off https, http origins.
    const sample = (flow: 'pay' | 'pay_save' | 'save', mode = 'PAYMENT_LINK') => ({
      reference_id: `checkout-demo-${key()}`,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      customer: {
        type: 'INDIVIDUAL',
        reference_id: `demo-customer-${key()}`,
        email: 'demo@xendit.co',
        individual_detail: { given_names: 'Checkout', surname: 'Demo' },
      },
      session_type: flow === 'save' ? 'SAVE' : 'PAY',
      allow_save_payment_method: flow === 'pay_save' ? 'OPTIONAL' : 'DISABLED',
      currency: 'MYR',
      amount: flow === 'save' ? 0 : 59.97,
      items:
        flow === 'save'
          ? []
          : [
              {
                name: 'Plushie',
                quantity: 3,
                net_unit_amount: 19.99,
                reference_id: 'product-1',
                category: 'Plushxie',
                type: 'PHYSICAL_PRODUCT',
              },
            ],
      country: 'MY',
      description: 'Checkout Demo with Sessions Payment Link',
      mode,
      ...(mode === 'COMPONENTS' && {
        components_configuration: { origins: ['http://localhost:5173'] },
      }),
    });
    const form = async (url: string, body: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
        redirect: 'manual',
      });
    const card = {
      channel: 'CARDS',
      card_number: '4000000000001000',
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
    };
    for (const flow of ['pay', 'pay_save', 'save'] as const) {
      const { status, body } = await call('POST', '/sessions', sample(flow));
      expect(status, flow).toBe(201);
      const page = String(body.payment_link_url);
      // The amount keeps its currency code on the same line (a no-break space between them).
      expect((await (await fetch(page)).text()).replaceAll('\u00a0', ' ')).toContain(
        flow === 'save' ? 'Save Card' : 'Total MYR 59.97',
      );
      await form(`${page}/pay`, flow === 'pay_save' ? { ...card, save: 'yes' } : card);
      const done = (await call('GET', `/sessions/${String(body.payment_session_id)}`)).body;
      expect(done.status, flow).toBe('COMPLETED');
      expect(done.payment_token_id === null, flow).toBe(flow === 'pay');
      expect(await (await fetch(page)).text()).toContain('Payment complete');
    }
    expect((await call('POST', '/sessions', sample('pay', 'COMPONENTS'))).status).toBe(201);
  });

  it("offers on the page only the channels whose limits take the session's amount", async () => {
    const session = (amount: number) =>
      paySession({
        amount,
        currency: 'PHP',
        country: 'PH',
        customer: { ...customer, reference_id: 'cust_sessions_ph' },
      });
    const pageOf = async (amount: number) => {
      const { status, body } = await call('POST', '/sessions', session(amount));
      expect(status).toBe(201);
      return (await fetch(String(body.payment_link_url))).text();
    };
    // PESONet takes PHP 50,000.01 and more: a PHP 450 checkout does not offer it, a larger one does.
    expect(await pageOf(450)).not.toContain('PESONET_ONLINE_BANKING');
    expect(await pageOf(60_000)).toContain('PESONET_ONLINE_BANKING');
  });

  it('turning to another way to pay cancels the request left waiting, so it cannot charge later', async () => {
    const { body } = await call('POST', '/sessions', paySession());
    const page = String(body.payment_link_url);
    const post = (path: string, form: Record<string, string> = {}) =>
      postForm(`${page}${path}`, form);
    const chosen = await post('/pay', { channel: 'DANA' });
    const approval = chosen.headers.get('location') ?? '';
    expect(approval).toMatch(/\/pages\/ewallet\/pr-/);
    const requestId = approval.split('/').pop() ?? '';
    await post('/another');
    expect((await call('GET', `/v3/payment_requests/${requestId}`)).body.status).toBe('CANCELED');
    const late = await postForm(approval, { decision: 'approve' });
    expect(late.status).toBe(400);
    expect((await call('GET', `/sessions/${String(body.payment_session_id)}`)).body.status).toBe(
      'ACTIVE',
    );
  });

  it.each(['cancelled', 'expired'] as const)(
    'a session %s cancels the request begun on its page, which then pays nothing',
    async (end) => {
      const { body } = await call('POST', '/sessions', paySession());
      const id = String(body.payment_session_id);
      const chosen = await postForm(`${String(body.payment_link_url)}/pay`, { channel: 'DANA' });
      const approval = chosen.headers.get('location') ?? '';
      const requestId = approval.split('/').pop() ?? '';
      expect(requestId).toMatch(/^pr-/);
      if (end === 'cancelled') {
        expect((await call('POST', `/sessions/${id}/cancel`)).body.status).toBe('CANCELED');
      } else {
        // Expired on demand (the scheduler's expiry runs the same code), so that a busy machine
        // cannot expire it before the choice above is made.
        expect((await call('POST', `/_sim/sessions/${id}/expire`)).status).toBe(200);
        await sim.receiver.waitFor(webhookOf('payment_session.expired', id));
      }
      expect((await call('GET', `/v3/payment_requests/${requestId}`)).body.status).toBe('CANCELED');
      const late = await postForm(approval, { decision: 'approve' });
      expect(late.status).toBe(400);
      expect((await call('GET', `/v3/payment_requests/${requestId}`)).body.status).toBe('CANCELED');
    },
  );
});

describe('session types and expiry on demand', () => {
  it('refuses session_type SUBSCRIPTION, saying the description names only PAY and SAVE', async () => {
    const refused = await call('POST', '/sessions', paySession({ session_type: 'SUBSCRIPTION' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      errors: [
        {
          path: 'session_type',
          message: expect.stringContaining('PAY or SAVE') as unknown,
        },
      ],
    });
  });

  it('expires a live session on demand only when the simulator was started to allow it', async () => {
    const live = (simulator: XenditSimulator, path: string, body?: unknown) =>
      call('POST', path, body, { secretKey: account.liveSecretKey, simulator });
    const created = (await live(sim.simulator, '/sessions', paySession())).body;
    const refused = await live(
      sim.simulator,
      `/_sim/sessions/${String(created.payment_session_id)}/expire`,
    );
    expect(refused.status).toBe(403);

    const allowing = await startTestSimulator({ port: 0, expireLiveSessions: true });
    try {
      const session = (await live(allowing, '/sessions', paySession())).body;
      const expired = await live(
        allowing,
        `/_sim/sessions/${String(session.payment_session_id)}/expire`,
      );
      expect(expired.status).toBe(200);
      expect(expired.body.status).toBe('EXPIRED');
    } finally {
      await allowing.close();
    }
  });
});
