import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, expect as expectPage, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBrowser } from '../../../scripts/browser.ts';
import { createDefaultAccount, type XenditSimulator } from './index.ts';
import { startTestSimulator } from './testing/test-simulator.ts';
import {
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
  type WireExchange,
} from './testing/published-description.ts';

// The outside check of issue 26: a store written for the real provider, from its session guides
// alone, with its base URL pointed at the simulator and nothing else changed. It uses no code of
// this repository to speak to the provider: plain fetch, Basic auth, the guides' own request
// bodies ("One Time Payment", "Save payment details", "Pay and Save":
// https://docs.xendit.co/docs/payment-1, https://docs.xendit.co/docs/storing-payment-details,
// https://docs.xendit.co/docs/pay-and-save-2; the create-session reference
// https://docs.xendit.co/apidocs/create-session), a webhook handler that reads what the session
// webhook reference shows (https://docs.xendit.co/apidocs/webhook-notification-sent-defined-webhook-url-updates-payment-session),
// and a real browser at payment_link_url. Every PAY, SAVE and pay-and-save flow the hosted page
// offers in ID and PH must end on success_return_url with payment_session.completed.

const SECRET_KEY = 'xnd_development_outside_store_secret';
const CALLBACK_TOKEN = 'outside-store-callback-token';

/** What the guide's webhook handler keeps of a payment_session.* event. */
type SessionOutcome = {
  event: string;
  status: string;
  payment_request_id?: string | null;
  payment_id?: string | null;
  payment_token_id?: string | null;
};

/** A merchant's server as the guides write one: success and cancel pages, and the webhook handler. */
function startStore() {
  const outcomes = new Map<string, SessionOutcome>();
  const webhooks: unknown[] = [];
  const refused: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://store');
    if (request.method === 'POST' && url.pathname === '/webhooks/xendit') {
      // "Verify the x-callback-token header" before trusting the body.
      if (request.headers['x-callback-token'] !== CALLBACK_TOKEN) {
        refused.push(String(request.headers['x-callback-token']));
        response.writeHead(403).end();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const webhook = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          event: string;
          data: SessionOutcome & { payment_session_id?: string };
        };
        webhooks.push(webhook);
        if (webhook.event.startsWith('payment_session.') && webhook.data.payment_session_id) {
          outcomes.set(webhook.data.payment_session_id, {
            event: webhook.event,
            status: webhook.data.status,
            payment_request_id: webhook.data.payment_request_id,
            payment_id: webhook.data.payment_id,
            payment_token_id: webhook.data.payment_token_id,
          });
        }
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      });
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Shop</title><h1>Shop ${url.pathname}</h1>`);
  });
  return { server, outcomes, refused, webhooks };
}

let simulator: XenditSimulator;
let store: ReturnType<typeof startStore>;
let storeUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  store = startStore();
  await new Promise<void>((resolve) => store.server.listen(0, '127.0.0.1', resolve));
  storeUrl = `http://127.0.0.1:${(store.server.address() as AddressInfo).port}`;
  simulator = await startTestSimulator({
    port: 0,
    accounts: [
      {
        ...createDefaultAccount({
          callbackToken: CALLBACK_TOKEN,
          webhookUrl: `${storeUrl}/webhooks/xendit`,
        }),
        testSecretKey: SECRET_KEY,
      },
    ],
    pollIntervalMs: 50,
    asyncDelayMs: 200,
  });
  browser = await chromium.launch(testBrowser());
});

beforeEach(async () => {
  page = await (await browser.newContext()).newPage();
});

afterEach(async () => {
  await page?.context().close();
});

afterAll(async () => {
  await browser?.close();
  await simulator?.close();
  await new Promise<void>((resolve) => (store ? store.server.close(() => resolve()) : resolve()));
});

/** Every call the store made, as it crossed the wire, for the published description to judge. */
const exchanges: WireExchange[] = [];

/** The provider's API as the store calls it: its base URL is the only thing pointed elsewhere. */
async function xendit(method: string, path: string, body?: unknown) {
  const headers = {
    // Header names as the guides and SDKs spell them; HTTP makes them case-insensitive.
    Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
    // Set on every call, bodiless ones too, as many HTTP clients' defaults do.
    'Content-Type': 'application/json',
    ...(method === 'POST' && { 'Idempotency-key': randomUUID() }),
    ...(path.startsWith('/v3/') && { 'api-version': '2024-11-11' }),
  };
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  exchanges.push({
    method,
    url: `${simulator.url}${path}`,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    ),
    requestBody: body,
    status: response.status,
    responseBody: text === '' ? undefined : (JSON.parse(text) as unknown),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

type Market = { country: 'ID' | 'PH'; currency: 'IDR' | 'PHP'; amount: number; mobile: string };
const ID: Market = { country: 'ID', currency: 'IDR', amount: 150_000, mobile: '+628123456789' };
const PH: Market = { country: 'PH', currency: 'PHP', amount: 10_000, mobile: '+639171234567' };

/**
 * The guides' request bodies, with the guides' own extras a store copies along: items with their
 * description, url and currency, metadata, and the SAVE guide's channel_properties.cards.
 */
function sessionBody(
  market: Market,
  sessionType: 'PAY' | 'SAVE',
  allowSave?: 'DISABLED' | 'OPTIONAL' | 'FORCED',
) {
  const reference = `order_${randomUUID()}`;
  return {
    reference_id: reference,
    session_type: sessionType,
    mode: 'PAYMENT_LINK',
    amount: sessionType === 'SAVE' ? 0 : market.amount,
    currency: market.currency,
    country: market.country,
    ...(allowSave && { allow_save_payment_method: allowSave }),
    customer: {
      reference_id: randomUUID(),
      type: 'INDIVIDUAL',
      email: 'customer@yourdomain.com',
      mobile_number: market.mobile,
      individual_detail: { given_names: 'John', surname: 'Doe' },
    },
    ...(sessionType === 'PAY'
      ? {
          items: [
            {
              reference_id: 'item_001',
              name: 'Clothes',
              description: 'Red clothes',
              type: 'PHYSICAL_PRODUCT',
              category: 'CLOTHES',
              net_unit_amount: market.amount / 2,
              quantity: 1,
              currency: market.currency,
              url: 'https://example.com/item',
            },
            {
              reference_id: 'item_002',
              name: 'Pants',
              description: 'Black pants',
              type: 'PHYSICAL_PRODUCT',
              category: 'CLOTHES',
              net_unit_amount: market.amount / 2,
              quantity: 1,
              currency: market.currency,
              url: 'https://example.com/item',
            },
          ],
          description: 'Order from the shop',
          metadata: { order_id: reference },
        }
      : { channel_properties: { cards: { card_on_file_type: 'RECURRING' } } }),
    success_return_url: `${storeUrl}/order/complete`,
    cancel_return_url: `${storeUrl}/order/cancel`,
  };
}

/** How the customer pays on the hosted page, one way per kind of channel it offers. */
type Way = {
  name: string;
  act: (page: Page, verb: 'Pay with' | 'Save', save: boolean) => Promise<void>;
};

const formOf = (page: Page, channel: string) =>
  page.locator('form', { has: page.locator(`input[value="${channel}"]`) });

async function tickSave(page: Page, channel: string, save: boolean) {
  if (save) await formOf(page, channel).getByLabel('Save this payment method').check();
}

const card = (number: string, challenge: boolean): Way => ({
  name: `card ${number} (${challenge ? '3DS challenge' : 'frictionless'})`,
  async act(page, verb, save) {
    const form = formOf(page, 'CARDS');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry month (MM)').fill('12');
    await form.getByLabel('Expiry year (YYYY)').fill('2030');
    await form.getByLabel('CVN').fill('123');
    await form.getByLabel('Name on the card').fill('John Doe');
    await tickSave(page, 'CARDS', save);
    await form.getByRole('button', { name: `${verb} Card` }).click();
    if (challenge) await page.getByRole('button', { name: 'Authenticate' }).click();
  },
});

const redirectEwallet = (channel: string, label: string): Way => ({
  name: `e-wallet ${label}`,
  async act(page, verb, save) {
    await tickSave(page, channel, save);
    await formOf(page, channel)
      .getByRole('button', { name: `${verb} ${label}` })
      .click();
    // The wallet's own page: approve a payment, or link the account for a saved method.
    await page.getByRole('button', { name: verb === 'Save' ? 'Link account' : 'Approve' }).click();
  },
});

const pushEwallet = (channel: string, label: string, mobile: string): Way => ({
  name: `e-wallet ${label} (approved in its app)`,
  async act(page, verb, save) {
    await formOf(page, channel).getByLabel(`${label} mobile number`).fill(mobile);
    await tickSave(page, channel, save);
    await formOf(page, channel)
      .getByRole('button', { name: `${verb} ${label}` })
      .click();
  },
});

const simulated = (channel: string, label: string): Way => ({
  name: `${label} paid by Simulate Payment`,
  async act(page, verb) {
    await formOf(page, channel)
      .getByRole('button', { name: `${verb} ${label}` })
      .click();
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
  },
});

const directDebit = (channel: string, label: string): Way => ({
  name: `${label} with its OTP`,
  async act(page, verb, save) {
    await tickSave(page, channel, save);
    await formOf(page, channel)
      .getByRole('button', { name: `${verb} ${label}` })
      .click();
    const code = verb === 'Save' ? '333000' : '222000';
    await page.getByLabel('Enter the one-time code your bank sent you').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
  },
});

/** Every kind of channel the hosted page offers in each market. */
const payWays: [Market, Way][] = [
  [ID, card('4000000000002503', true)],
  [ID, card('5200000000001005', false)],
  [ID, redirectEwallet('DANA', 'DANA')],
  [ID, pushEwallet('OVO', 'OVO', ID.mobile)],
  [ID, simulated('BCA_VIRTUAL_ACCOUNT', 'BCA')],
  [ID, simulated('ALFAMART', 'Alfamart')],
  [ID, simulated('QRIS', 'QRIS')],
  [ID, directDebit('BRI_DIRECT_DEBIT', 'BRI Direct Debit')],
  [PH, card('5200000000002151', true)],
  [PH, card('4000000000001000', false)],
  [PH, redirectEwallet('GCASH', 'GCash')],
  [PH, redirectEwallet('PAYMAYA', 'Maya')],
  [PH, simulated('7ELEVEN', '7-Eleven')],
  [PH, directDebit('BPI_DIRECT_DEBIT', 'BPI Direct Debit')],
];

/** The kinds a method can be saved with (the SAVE page offers only those). */
const saveWays: [Market, Way][] = [
  [ID, card('4000000000002503', true)],
  [ID, card('4000000000001000', false)],
  [ID, redirectEwallet('DANA', 'DANA')],
  [ID, directDebit('BRI_DIRECT_DEBIT', 'BRI Direct Debit')],
  [PH, card('5200000000001005', false)],
  [PH, redirectEwallet('GCASH', 'GCash')],
  [PH, directDebit('BPI_DIRECT_DEBIT', 'BPI Direct Debit')],
];

/** Creates the session as the guide does, sends the browser there, and follows the way to the end. */
async function checkout(body: ReturnType<typeof sessionBody>, way: Way, save = false) {
  const session = await xendit('POST', '/sessions', body);
  expect(session).toMatchObject({ status: 'ACTIVE', reference_id: body.reference_id });
  expect(session.payment_link_url).toMatch(/^http/);
  await page.goto(String(session.payment_link_url));
  await way.act(page, body.session_type === 'SAVE' ? 'Save' : 'Pay with', save);
  await page.waitForURL(`${storeUrl}/order/complete`, { timeout: 15_000 });
  const id = String(session.payment_session_id);
  const deadline = Date.now() + 10_000;
  while (!store.outcomes.has(id) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const outcome = store.outcomes.get(id);
  expect(outcome, 'payment_session.completed reached the store').toBeDefined();
  // The store trusts a webhook only as far as the provider's own record says the same.
  const read = await xendit('GET', `/sessions/${id}`);
  expect(outcome).toEqual({
    event: 'payment_session.completed',
    status: 'COMPLETED',
    payment_request_id: read.payment_request_id,
    payment_id: read.payment_id,
    payment_token_id: read.payment_token_id,
  });
  return read;
}

async function expectPaid(read: Record<string, unknown>) {
  expect(read.payment_request_id).toMatch(/^pr-/);
  expect(read.payment_id).toMatch(/^py-/);
  const request = await xendit('GET', `/v3/payment_requests/${String(read.payment_request_id)}`);
  expect(request).toMatchObject({ status: 'SUCCEEDED', request_amount: read.amount });
  const payment = await xendit('GET', `/v3/payments/${String(read.payment_id)}`);
  expect(payment).toMatchObject({ status: 'SUCCEEDED' });
}

async function expectSaved(read: Record<string, unknown>) {
  expect(read.payment_token_id).toMatch(/^pt-/);
  const token = await xendit('GET', `/v3/payment_tokens/${String(read.payment_token_id)}`);
  expect(token).toMatchObject({ status: 'ACTIVE', customer_id: read.customer_id });
  return token;
}

describe('a store written for the real provider, pointed at the simulator', () => {
  it.each(payWays.map(([market, way]) => [market.country, way.name, market, way] as const))(
    'PAY in %s: %s',
    async (_country, _name, market, way) => {
      const read = await checkout(sessionBody(market, 'PAY'), way);
      await expectPaid(read);
      expect(read.payment_token_id ?? null).toBeNull();
    },
  );

  it.each(saveWays.map(([market, way]) => [market.country, way.name, market, way] as const))(
    'SAVE in %s: %s',
    async (_country, _name, market, way) => {
      const read = await checkout(sessionBody(market, 'SAVE'), way);
      await expectSaved(read);
      expect(read.payment_request_id ?? null).toBeNull();
    },
  );

  const payAndSave = [
    [ID, 'OPTIONAL', card('4000000000002503', true), true],
    [ID, 'FORCED', directDebit('BRI_DIRECT_DEBIT', 'BRI Direct Debit'), false],
    [PH, 'OPTIONAL', redirectEwallet('GCASH', 'GCash'), true],
    [PH, 'FORCED', card('5200000000002151', true), false],
  ] as const;
  it.each(
    payAndSave.map(
      ([market, allowSave, way, optIn]) =>
        [market.country, allowSave, way.name, market, allowSave, way, optIn] as const,
    ),
  )(
    'pay and save in %s (allow_save_payment_method %s): %s',
    async (_country, _allow, _name, market, allowSave, way, optIn) => {
      const read = await checkout(sessionBody(market, 'PAY', allowSave), way, optIn);
      await expectPaid(read);
      const token = await expectSaved(read);
      // The saved method pays again without the customer: the guide "Pay with tokens".
      const again = await xendit('POST', '/v3/payment_requests', {
        reference_id: randomUUID(),
        type: 'PAY',
        payment_token_id: token.payment_token_id,
        country: market.country,
        currency: market.currency,
        request_amount: market.amount,
        capture_method: 'AUTOMATIC',
      });
      expect(again.channel_code).toBe(token.channel_code);
      expect(['SUCCEEDED', 'REQUIRES_ACTION']).toContain(again.status);
    },
  );

  it("OPTIONAL left unticked pays without saving; every webhook carried the account's callback token", async () => {
    const read = await checkout(
      sessionBody(ID, 'PAY', 'OPTIONAL'),
      redirectEwallet('DANA', 'DANA'),
      false,
    );
    await expectPaid(read);
    expect(read.payment_token_id ?? null).toBeNull();
    expect(store.refused).toEqual([]);
  });

  it('a session left unpaid past expires_at sends payment_session.expired; its page says so', async () => {
    const body = {
      ...sessionBody(ID, 'PAY'),
      expires_at: new Date(Date.now() + 1500).toISOString(),
    };
    const session = await xendit('POST', '/sessions', body);
    const id = String(session.payment_session_id);
    const deadline = Date.now() + 15_000;
    while (!store.outcomes.has(id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(store.outcomes.get(id)).toMatchObject({
      event: 'payment_session.expired',
      status: 'EXPIRED',
    });
    expect((await xendit('GET', `/sessions/${id}`)).status).toBe('EXPIRED');
    await page.goto(String(session.payment_link_url));
    await expectPage(
      page.getByRole('heading', { name: 'This checkout has expired' }),
    ).toBeVisible();
  });

  it('a bodiless cancel sent with Content-Type: application/json ends the session; its page says so', async () => {
    const session = await xendit('POST', '/sessions', sessionBody(PH, 'PAY'));
    const cancelled = await xendit(
      'POST',
      `/sessions/${String(session.payment_session_id)}/cancel`,
    );
    expect(cancelled.status).toBe('CANCELED');
    await page.goto(String(session.payment_link_url));
    await expectPage(
      page.getByRole('heading', { name: 'This checkout was cancelled' }),
    ).toBeVisible();
  });

  it('a create retried with the same Idempotency-Key, in any casing (and an api-version /sessions does not ask for), answers the first session', async () => {
    const body = sessionBody(PH, 'PAY');
    const key = randomUUID();
    const create = async (header: string) =>
      (await fetch(`${simulator.url}/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
          'content-type': 'application/json; charset=UTF-8',
          // Sent on every call by a store that copies the /v3 guides; /sessions declares none.
          'api-version': '2024-11-11',
          [header]: key,
        },
        body: JSON.stringify(body),
      }).then((response) => response.json())) as { payment_session_id: string };
    const first = await create('Idempotency-key');
    expect(first.payment_session_id).toMatch(/^ps-/);
    expect((await create('IDEMPOTENCY-KEY')).payment_session_id).toBe(first.payment_session_id);
    expect((await create('idempotency-key')).payment_session_id).toBe(first.payment_session_id);
  });
  it.skipIf(!descriptionPresent)(
    "the guides' calls, the simulator's answers and its webhooks are all as the published description shows",
    () => {
      const description = loadPublishedDescription();
      const violations = [
        ...exchanges.flatMap((exchange) => description.checkExchange(exchange)),
        ...store.webhooks.flatMap((webhook) => description.checkWebhook(webhook)),
      ];
      expect(exchanges.length).toBeGreaterThan(50);
      expect(store.webhooks.length).toBeGreaterThan(25);
      expect(outsideAllowList(violations)).toEqual([]);
    },
  );
});
