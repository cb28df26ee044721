import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, expect as expectPage, type Browser, type Page } from '@playwright/test';
import type { CreateSessionBody } from '@store/xendit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../../scripts/axe.ts';
import { testBrowser } from '../../../scripts/browser.ts';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { webhookOf } from './testing/webhook-receiver.ts';

// The hosted checkout of a PAYMENT_LINK session, in a browser, as a customer of a store written
// for the real provider meets it: the store only creates the session and sends the browser to its
// payment_link_url.

const sim = simulatorUnderTest({
  keyPrefix: 'checkout',
  simulator: {
    // Long enough that the OVO approval cannot land before the waiting page is drawn, even on a
    // busy machine (at 200 ms the page went straight to the store and its status was never seen);
    // short enough that the page's 2-second refresh finds it paid.
    asyncDelayMs: 1_500,
  },
});
const { account, key } = sim;
const client = sim.client();
const liveClient = sim.client({ secretKey: account.liveSecretKey });
let browser: Browser;
let page: Page;
let store: Server;
let storeUrl: string;

beforeAll(async () => {
  store = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://store');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>Store</title><h1>Store ${url.pathname.slice(1)}</h1>`);
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
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
  await new Promise<void>((resolve) => (store ? store.close(() => resolve()) : resolve()));
});

const customer = {
  type: 'INDIVIDUAL' as const,
  reference_id: 'checkout-customer',
  email: 'ana@example.com',
  mobile_number: '+628123456789',
  individual_detail: { given_names: 'Ana', surname: 'Santos' },
};

async function session(overrides: Partial<CreateSessionBody> = {}, live = false) {
  const body: CreateSessionBody = {
    reference_id: key(),
    session_type: 'PAY',
    mode: 'PAYMENT_LINK',
    amount: 75_000,
    currency: 'IDR',
    country: 'ID',
    customer,
    items: [
      {
        reference_id: 'kopi',
        type: 'PHYSICAL_PRODUCT',
        name: 'Kopi Arabica Beans',
        net_unit_amount: 25_000,
        quantity: 2,
        category: 'Food & Drink',
      },
      {
        reference_id: 'mug',
        type: 'PHYSICAL_PRODUCT',
        name: 'Enamel Mug',
        net_unit_amount: 25_000,
        quantity: 1,
        category: 'Home',
      },
    ],
    description: 'Order 1042',
    success_return_url: `${storeUrl}/success`,
    cancel_return_url: `${storeUrl}/cancel`,
    ...overrides,
  };
  return (await (live ? liveClient : client).createSession(body, { idempotencyKey: key() })).body;
}

const read = async (id: string) => (await client.getSession(id)).body;

async function payByCard(form: string, cardNumber: string) {
  const card = page.locator('form', { has: page.locator('input[value="CARDS"]') });
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiry month (MM)').fill('12');
  await card.getByLabel('Expiry year (YYYY)').fill('2030');
  await card.getByLabel('CVN').fill('123');
  await card.getByLabel('Name on the card').fill('Ana Santos');
  await card.getByRole('button', { name: form }).click();
}

describe('the hosted checkout page', () => {
  it('shows the order in its currency, the market channels, test mode; fits a phone; axe-clean', async () => {
    const created = await session();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(created.payment_link_url ?? '');
    await expectPage(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expectPage(page.getByText('Test mode')).toBeVisible();
    await expectPage(page.getByText('Total IDR 75.000')).toBeVisible();
    await expectPage(page.getByRole('cell', { name: 'Kopi Arabica Beans × 2' })).toBeVisible();
    await expectPage(page.getByRole('cell', { name: 'IDR 50.000' })).toBeVisible();
    for (const name of ['Pay with Card', 'Pay with DANA', 'Pay with BCA', 'Pay with Alfamart']) {
      await expectPage(page.getByRole('button', { name })).toBeVisible();
    }
    // Philippine channels are not offered to an Indonesian session.
    await expectPage(page.getByRole('button', { name: 'Pay with GCash' })).toHaveCount(0);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
      390,
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it('loads with no failed request: the checkout and the 3DS page name their own icon', async () => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
    // A full Chromium asks for /favicon.ico when a page names no icon, and logs its 404 here.
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await expectPage(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg/);
    await payByCard('Pay with Card', '4000000000002503');
    await expectPage(page.getByRole('button', { name: 'Authenticate' })).toBeVisible();
    await expectPage(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg/);
    expect(failed).toEqual([]);
  });

  it('a challenge card goes through 3-D Secure, then back to the store; the session names what it made', async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await payByCard('Pay with Card', '4000000000002503');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    const completed = await read(created.payment_session_id);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.payment_request_id).toMatch(/^pr-/);
    expect(completed.payment_id).toMatch(/^py-/);
    const webhook = await sim.receiver.waitFor(
      webhookOf('payment_session.completed', created.payment_session_id),
    );
    expect(webhook.body.data).toMatchObject({
      payment_request_id: completed.payment_request_id,
      payment_id: completed.payment_id,
      status: 'COMPLETED',
    });
  });

  it('a declined e-wallet is said in words and another channel can pay: a virtual account by Simulate Payment', async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await page.getByRole('button', { name: 'Pay with DANA' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expectPage(page.getByRole('alert')).toContainText(
      'The payment was declined. (USER_DECLINED_PAYMENT)',
    );
    expect((await read(created.payment_session_id)).status).toBe('ACTIVE');
    await page.getByRole('button', { name: 'Pay with BCA' }).click();
    await expectPage(page.getByText('Virtual account number')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    expect((await read(created.payment_session_id)).status).toBe('COMPLETED');
  });

  it('direct debit asks for the OTP on the page: a wrong one is said, the right one pays', async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await page.getByRole('button', { name: 'Pay with BRI Direct Debit' }).click();
    await page.getByLabel('Enter the one-time code your bank sent you').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectPage(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Enter the one-time code your bank sent you').fill('222000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${storeUrl}/success`);
  });

  it('"save this method" when the session allows it: the approved e-wallet is saved too', async () => {
    const created = await session({ allow_save_payment_method: 'OPTIONAL' });
    await page.goto(created.payment_link_url ?? '');
    const dana = page.locator('form', { has: page.locator('input[value="DANA"]') });
    await dana.getByLabel('Save this payment method for later payments').check();
    await dana.getByRole('button', { name: 'Pay with DANA' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    const completed = await read(created.payment_session_id);
    expect(completed.payment_token_id).toMatch(/^pt-/);
    expect((await client.getPaymentToken(completed.payment_token_id ?? '')).body.status).toBe(
      'ACTIVE',
    );
  });

  it('a SAVE session saves a card (no charge) and links a direct debit by OTP', async () => {
    const card = await session({ session_type: 'SAVE', amount: 0, items: undefined });
    await page.goto(card.payment_link_url ?? '');
    await expectPage(page.getByRole('heading', { name: 'Save a payment method' })).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'Save BCA' })).toHaveCount(0);
    await payByCard('Save Card', '4000000000001000');
    await page.waitForURL(`${storeUrl}/success`);
    expect((await read(card.payment_session_id)).payment_token_id).toMatch(/^pt-/);

    const debit = await session({ session_type: 'SAVE', amount: 0, items: undefined });
    await page.goto(debit.payment_link_url ?? '');
    await page.getByRole('button', { name: 'Save BRI Direct Debit' }).click();
    await page.getByLabel('Enter the one-time code your bank sent you').fill('333000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${storeUrl}/success`);
  });

  it('cancel goes back to cancel_return_url, leaving the session open', async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await page.getByRole('link', { name: 'Cancel and return to the merchant' }).click();
    await page.waitForURL(`${storeUrl}/cancel`);
    expect((await read(created.payment_session_id)).status).toBe('ACTIVE');
  });

  it("Back after the store cancelled the session shows it cancelled, not the browser's old copy", async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    await page.getByRole('link', { name: 'Cancel and return to the merchant' }).click();
    await page.waitForURL(`${storeUrl}/cancel`);
    // The store gives up on the session once its customer is back.
    await client.cancelSession(created.payment_session_id);
    await page.goBack();
    await expectPage(
      page.getByRole('heading', { name: 'This checkout was cancelled' }),
    ).toBeVisible();
    await expectPage(page.getByRole('button')).toHaveCount(0);
  });

  it('on a phone the way back is at the top, above every channel, not after them', async () => {
    const created = await session();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(created.payment_link_url ?? '');
    const back = page.getByRole('navigation').getByRole('link', { name: 'Back to the merchant' });
    await expectPage(back).toBeInViewport();
    // Still there after the channels too, for whoever read them all.
    await expectPage(
      page.getByRole('link', { name: 'Cancel and return to the merchant' }),
    ).not.toBeInViewport();
    await back.click();
    await page.waitForURL(`${storeUrl}/cancel`);
    expect((await read(created.payment_session_id)).status).toBe('ACTIVE');
  });

  it('an expired and a cancelled session are said in words', async () => {
    const expiring = await session({ expires_at: new Date(Date.now() + 2_000).toISOString() });
    await sim.receiver.waitFor(webhookOf('payment_session.expired', expiring.payment_session_id));
    await page.goto(expiring.payment_link_url ?? '');
    await expectPage(
      page.getByRole('heading', { name: 'This checkout has expired' }),
    ).toBeVisible();
    await expectPage(page.getByRole('button')).toHaveCount(0);

    const cancelled = await session();
    await client.cancelSession(cancelled.payment_session_id);
    await page.goto(cancelled.payment_link_url ?? '');
    await expectPage(
      page.getByRole('heading', { name: 'This checkout was cancelled' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("a live key's page is not labelled test mode and offers no Simulate Payment", async () => {
    const created = await session({}, true);
    await page.goto(created.payment_link_url ?? '');
    await expectPage(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expectPage(page.getByText('Test mode')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay with BCA' }).click();
    await expectPage(page.getByText('Virtual account number')).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'Simulate Payment' })).toHaveCount(0);
  });

  it('a push e-wallet waits for the approval in the app, then returns by itself (PHP shown in centavos)', async () => {
    const created = await session();
    await page.goto(created.payment_link_url ?? '');
    const ovo = page.locator('form', { has: page.locator('input[value="OVO"]') });
    await ovo.getByLabel('OVO mobile number').fill('+628123456789');
    await ovo.getByRole('button', { name: 'Pay with OVO' }).click();
    await expectPage(page.getByRole('status')).toContainText('Approve the payment in your OVO app');
    await page.waitForURL(`${storeUrl}/success`, { timeout: 10_000 });

    const peso = await session({
      country: 'PH',
      currency: 'PHP',
      amount: 1250.5,
      items: undefined,
    });
    await page.goto(peso.payment_link_url ?? '');
    await expectPage(page.getByText('Total PHP 1,250.50')).toBeVisible();
    await expectPage(page.getByRole('button', { name: 'Pay with GCash' })).toBeVisible();
  });
});
