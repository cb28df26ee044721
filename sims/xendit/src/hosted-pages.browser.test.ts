import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { TEST_CARDS } from '@store/xendit';
import { expect as expectPage } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testBrowser } from '../../../scripts/browser.ts';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';

const sim = simulatorUnderTest({ keyPrefix: 'browser', receiver: false });
const { account, key } = sim;
const client = sim.client();
const liveClient = sim.client({ secretKey: account.liveSecretKey });
let browser: Browser;
let page: Page;
let store: Server;
/** The store's origin: another port than the simulator's, as in production. */
let storeUrl: string;

/** A stand-in for the store: a checkout page that loads the cards-session script, and result pages. */
function checkoutPage(simulatorUrl: string) {
  return `<!doctype html><html><head><title>Checkout</title>
<script src="${simulatorUrl}/js/cards-session.min.js"></script></head>
<body><h1>Checkout</h1><p id="result"></p><script>
  const params = new URLSearchParams(location.search);
  Xendit.setPublishableKey('${account.testPublicKey}');
  Xendit.payment.collectCardData({
    payment_session_id: params.get('session'),
    card_number: params.get('card'),
    expiry_month: '12', expiry_year: '2030', cvn: '123',
    cardholder_first_name: 'Ana', cardholder_last_name: 'Santos',
    cardholder_email: 'ana@example.com', cardholder_phone: '+6281234567890',
  }, function (error, data) {
    if (error) { document.getElementById('result').textContent = 'error ' + error.error_code; return; }
    if (data.action_url) { location.href = data.action_url; return; }
    document.getElementById('result').textContent = 'paid ' + data.payment_request_id;
  });
</script></body></html>`;
}

beforeAll(async () => {
  store = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://store');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/checkout') {
      response.end(checkoutPage(sim.simulator.url));
    } else {
      response.end(`<!doctype html><title>Result</title><h1>Store ${url.pathname.slice(1)}</h1>`);
    }
  });
  await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  browser = await chromium.launch(testBrowser());
});

beforeEach(async () => {
  page = await browser.newPage();
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (store ? store.close(() => resolve()) : resolve()));
});

/** A session's customer, made by the first session that names it (a customer_id must exist). */
const customer = {
  type: 'INDIVIDUAL',
  reference_id: 'browser-session-customer',
  individual_detail: { given_names: 'Ana' },
} as const;

const returnUrls = () => ({
  success_return_url: `${storeUrl}/success`,
  failure_return_url: `${storeUrl}/failure`,
});

async function ewalletPayment(live = false) {
  const { body } = await (live ? liveClient : client).createPaymentRequest(
    {
      reference_id: key(),
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 45_000,
      channel_code: 'DANA',
      channel_properties: returnUrls(),
    },
    { idempotencyKey: key() },
  );
  return body;
}

describe('hosted pages in a browser', () => {
  it('approves an e-wallet payment and returns to the store', async () => {
    const payment = await ewalletPayment();
    await page.goto(payment.actions?.[0]?.value ?? '');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    expect((await client.getPaymentRequest(payment.payment_request_id)).body.status).toBe(
      'SUCCEEDED',
    );
  });

  it("says test mode on a test key's page only, as the provider's own pages say nothing", async () => {
    await page.goto((await ewalletPayment()).actions?.[0]?.value ?? '');
    await expectPage(page.getByText('Payments simulator · test mode')).toBeVisible();
    await page.goto((await ewalletPayment(true)).actions?.[0]?.value ?? '');
    await expectPage(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectPage(page.getByText(/test mode/)).toHaveCount(0);
  });

  it('leads back to the store from a page whose decision was already made', async () => {
    const payment = await ewalletPayment();
    const pageUrl = payment.actions?.[0]?.value ?? '';
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    // Opened again (a back button, a second tab): nothing to decide, and a way back.
    await page.goto(pageUrl);
    await expectPage(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to the store' }).click();
    await page.waitForURL(`${storeUrl}/success`);
  });

  it('declines an e-wallet payment and returns to the failure URL', async () => {
    const payment = await ewalletPayment();
    await page.goto(payment.actions?.[0]?.value ?? '');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(`${storeUrl}/failure`);
    const after = (await client.getPaymentRequest(payment.payment_request_id)).body;
    expect([after.status, after.failure_code]).toEqual(['FAILED', 'USER_DECLINED_PAYMENT']);
  });

  it('runs the cards-session script from the store origin and passes the 3DS challenge', async () => {
    const { body: session } = await client.createSession(
      {
        reference_id: key(),
        session_type: 'PAY',
        mode: 'CARDS_SESSION_JS',
        amount: 120_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        cards_session_js: returnUrls(),
      },
      { idempotencyKey: key() },
    );
    await page.goto(
      `${storeUrl}/checkout?session=${session.payment_session_id}&card=${TEST_CARDS.threeDs[0]}`,
    );
    await page.getByRole('button', { name: 'Fail authentication' }).waitFor();
    await page.getByRole('button', { name: 'Authenticate' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    const completed = (await client.getSession(session.payment_session_id)).body;
    expect(completed.status).toBe('COMPLETED');
    const paid = (await client.getPaymentRequest(completed.payment_request_id ?? '')).body;
    expect([paid.status, paid.channel_code]).toEqual(['SUCCEEDED', 'CARDS']);
  });

  it('wraps a long reference on the 3DS page of a 390 px phone instead of overflowing', async () => {
    const reference = `order-${'0123456789'.repeat(5)}`;
    const { body: session } = await client.createSession(
      {
        reference_id: reference,
        session_type: 'PAY',
        mode: 'CARDS_SESSION_JS',
        amount: 120_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        cards_session_js: returnUrls(),
      },
      { idempotencyKey: key() },
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(
      `${storeUrl}/checkout?session=${session.payment_session_id}&card=${TEST_CARDS.threeDs[0]}`,
    );
    await page.getByRole('button', { name: 'Authenticate' }).waitFor();
    const shown = await page.getByRole('cell', { name: reference }).boundingBox();
    // A string: this package is typed for Node, without the DOM's globals.
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(390);
    expect((shown?.x ?? 0) + (shown?.width ?? Infinity)).toBeLessThanOrEqual(390);
    // The value wraps, not its label: each label ("Channel", "Reference") keeps one line.
    const labels = page.getByRole('rowheader');
    expect(await labels.count()).toBeGreaterThan(2);
    for (const label of await labels.all()) {
      const lines = await label.evaluate((cell) => {
        // Runs in the page (this package is typed without the DOM's globals): the label's text as
        // the browser laid it out, one rectangle a line.
        const { document } = globalThis as unknown as {
          document: {
            createRange: () => {
              selectNodeContents: (node: unknown) => void;
              getClientRects: () => { length: number };
            };
          };
        };
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getClientRects().length;
      });
      expect(lines, await label.innerText()).toBe(1);
    }
  });

  it('pays a frictionless card through the script without leaving the page', async () => {
    const { body: session } = await client.createSession(
      {
        reference_id: key(),
        session_type: 'PAY',
        mode: 'CARDS_SESSION_JS',
        amount: 80_000,
        currency: 'IDR',
        country: 'ID',
        customer,
        cards_session_js: returnUrls(),
      },
      { idempotencyKey: key() },
    );
    await page.goto(
      `${storeUrl}/checkout?session=${session.payment_session_id}&card=${TEST_CARDS.frictionless[0]}`,
    );
    await expect.poll(() => page.locator('#result').textContent()).toMatch(/^paid pr-/);
  });

  it('links an e-wallet account', async () => {
    const { body: token } = await client.createPaymentToken(
      {
        reference_id: key(),
        country: 'PH',
        currency: 'PHP',
        channel_code: 'GCASH',
        channel_properties: returnUrls(),
        customer: {
          type: 'INDIVIDUAL',
          reference_id: 'browser-customer',
          individual_detail: { given_names: 'Ana' },
        },
      },
      { idempotencyKey: key() },
    );
    await page.goto(token.actions?.[0]?.value ?? '');
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.getByRole('button', { name: 'Link account' }).click();
    await page.waitForURL(`${storeUrl}/success`);
    expect((await client.getPaymentToken(token.payment_token_id)).body.status).toBe('ACTIVE');
  });

  it('pays a virtual account on the pay page', async () => {
    const { body } = await client.createPaymentRequest(
      {
        reference_id: key(),
        type: 'PAY',
        country: 'ID',
        currency: 'IDR',
        request_amount: 99_000,
        channel_code: 'PERMATA_VIRTUAL_ACCOUNT',
        channel_properties: {},
      },
      { idempotencyKey: key() },
    );
    await page.goto(`${sim.simulator.url}/pages/pay/${body.payment_request_id}`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    expect((await client.getPaymentRequest(body.payment_request_id)).body.status).toBe('SUCCEEDED');
  });

  it('asks the amount on the pay page of a code of any amount, and refuses what is no payment', async () => {
    const { body } = await client.createPaymentRequest(
      {
        reference_id: key(),
        type: 'REUSABLE_PAYMENT_CODE',
        country: 'ID',
        currency: 'IDR',
        channel_code: 'PERMATA_VIRTUAL_ACCOUNT',
        channel_properties: {},
      },
      { idempotencyKey: key() },
    );
    const id = body.payment_request_id;
    const amount = page.getByLabel('Amount to pay (IDR)');
    for (const [typed, reason] of [
      ['ten', 'must be a number'],
      ['0', 'must be greater than 0'],
    ] as const) {
      await page.goto(`${sim.simulator.url}/pages/pay/${id}`);
      await amount.fill(typed);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByText(reason).waitFor();
    }

    await page.goto(`${sim.simulator.url}/pages/pay/${id}`);
    await amount.fill('45000');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    expect((await client.getPaymentRequest(id)).body.status).toBe('ACCEPTING_PAYMENTS');
  });
});
