import { expect, test, type Page } from '@playwright/test';
import { channelFormOpened, checkoutFirstProduct, signIn } from './support';

// A store in each market beyond Indonesia and the Philippines, in a real browser: signed in to the
// market's app, its prices in its currency and number format, a payment with a channel of each
// kind the market has (each paid the way that kind is paid), and a line refunded.

type Kind = 'code' | 'redirect' | 'otp' | 'card';

interface MarketCase {
  appId: string;
  country: string;
  currency: string;
  /** How the market writes an amount on screen. */
  amount: RegExp;
  /** One channel of each kind the market has; the first is a code, paid by Simulate Payment. */
  channels: [string, Kind][];
  /** The market's mobile numbers in E.164 form, for the cardholder and direct debit. */
  mobileNumber: string;
}

const markets: MarketCase[] = [
  {
    appId: 'demo-my',
    country: 'MY',
    currency: 'MYR',
    amount: /^MYR \d{1,3}(,\d{3})*\.\d{2}$/,
    channels: [
      ['AMBANK_VIRTUAL_ACCOUNT', 'code'],
      ['TOUCHNGO', 'redirect'],
      ['SHOPEEPAY', 'redirect'],
      ['WECHATPAY', 'redirect'],
      ['MAYB2U_FPX', 'redirect'],
      ['CARDS', 'card'],
    ],
    mobileNumber: '+60123456789',
  },
  {
    appId: 'demo-th',
    country: 'TH',
    currency: 'THB',
    amount: /^THB \d{1,3}(,\d{3})*\.\d{2}$/,
    channels: [
      ['QRPROMPTPAY', 'code'],
      ['TRUEMONEY', 'redirect'],
      ['LINEPAY', 'redirect'],
      ['SCB_MOBILE_BANKING', 'redirect'],
      ['SCB_DIRECT_DEBIT', 'otp'],
      ['CARDS', 'card'],
    ],
    mobileNumber: '+66812345678',
  },
  {
    appId: 'demo-vn',
    country: 'VN',
    currency: 'VND',
    // Whole dong, grouped with dots as Vietnam writes them.
    amount: /^VND \d{1,3}(\.\d{3})+$/,
    channels: [
      ['VIETCAPITAL_VIRTUAL_ACCOUNT', 'code'],
      ['ZALOPAY', 'redirect'],
      ['VIETTELPAY', 'redirect'],
      ['MOMO', 'redirect'],
      ['APPOTA', 'redirect'],
      ['CARDS', 'card'],
    ],
    mobileNumber: '+84912345678',
  },
  {
    appId: 'demo-sg',
    country: 'SG',
    currency: 'SGD',
    amount: /^SGD \d{1,3}(,\d{3})*\.\d{2}$/,
    channels: [
      ['SGQR', 'code'],
      ['CARDS', 'card'],
    ],
    mobileNumber: '+6581234567',
  },
];

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

async function payByCard(page: Page, market: MarketCase) {
  await page.getByRole('button', { name: `CARDS ${market.country}`, exact: true }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await form.getByLabel('Card Number').fill('4000000000001000');
  const cardholder = {
    'Expiry Date': '12/2030',
    CVN: '123',
    'Cardholder First Name': 'Ana',
    'Cardholder Last Name': 'Lim',
    'Cardholder Email': 'ana@example.com',
    'Cardholder Phone': market.mobileNumber,
  };
  for (const [label, value] of Object.entries(cardholder)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Pay' }).click();
}

/** Pays the first product with one channel, the way its kind is paid, up to the success page. */
async function payWith(page: Page, market: MarketCase, code: string, kind: Kind) {
  await checkoutFirstProduct(page);
  const main = page.getByRole('main');
  if (kind === 'card') {
    await payByCard(page, market);
  } else {
    await page.getByRole('button', { name: `${code} ${market.country}`, exact: true }).click();
  }
  if (kind === 'code') {
    await expect(main.getByTestId('payment-code')).not.toBeEmpty();
    await expect(main.getByText(/^Amount /)).toHaveText(
      new RegExp(`^Amount ${market.amount.source.slice(1)}`),
    );
    await main.getByRole('button', { name: 'Simulate Payment' }).click();
  }
  if (kind === 'redirect') await page.getByRole('button', { name: 'Approve' }).click();
  if (kind === 'otp') {
    const form = page.getByRole('form', { name: `${code} details` });
    await channelFormOpened(form);
    await form.getByLabel('Mobile Number').fill(market.mobileNumber);
    await form.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/otp$/);
    await main.getByPlaceholder('Enter OTP').fill('222000');
    await main.getByRole('button', { name: 'Submit' }).click();
  }
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

for (const market of markets) {
  test(`${market.appId}: prices in ${market.currency}, pays with each kind of channel, refunds a line`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, { appId: market.appId });

    await page.goto('/products');
    const prices = page.getByRole('main').getByText(new RegExp(`^${market.currency} `));
    await expect(prices.first()).toBeVisible();
    for (const price of await prices.all()) await expect(price).toHaveText(market.amount);

    for (const [code, kind] of market.channels) {
      await payWith(page, market, code, kind);
      await page.goto('/payments');
      await expect(newestPayment(page)).toContainText('SUCCEEDED');
      await expect(newestPayment(page)).toContainText(code);
      await expect(newestPayment(page)).toContainText(market.currency);
    }

    // The first payment (a code paid by Simulate Payment) has its line refunded.
    const [first] = market.channels;
    const paidWithCode = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'Reference ID' })
      .filter({ hasText: first?.[0] ?? '' })
      .first();
    await paidWithCode.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page).toHaveURL(/\/payments\/[^/]+\/refund$/);
    const main = page.getByRole('main');
    await main.getByRole('checkbox').first().check();
    await main.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page).toHaveURL(/\/refunds\/pending\?payment_id=/);
    await page.goto('/payments');
    await expect(paidWithCode.getByRole('button', { name: 'Refund Succeeded' })).toBeVisible({
      timeout: 20_000,
    });
  });
}

test('demo-sg-live: live Singapore offers no Simulate Payment, pays by card and refunds it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const market = markets.find((candidate) => candidate.appId === 'demo-sg');
  if (!market) throw new Error('no Singapore case');
  await signIn(page, { appId: 'demo-sg-live' });

  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'SGQR SG', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByTestId('payment-code')).not.toBeEmpty();
  await expect(main.getByText(/^Amount SGD \d+\.\d{2}$/)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Simulate Payment' })).toHaveCount(0);

  await payWith(page, market, 'CARDS', 'card');
  await page.goto('/payments');
  await expect(newestPayment(page)).toContainText('SUCCEEDED');
  await newestPayment(page).getByRole('button', { name: 'Refund', exact: true }).click();
  await main.getByRole('checkbox').first().check();
  await main.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page).toHaveURL(/\/refunds\/pending\?payment_id=/);
});

test('demo-vn: a virtual account shows its VietQR to scan beside the number, and is paid', async ({
  page,
}) => {
  await signIn(page, { appId: 'demo-vn' });
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'VIETCAPITAL_VIRTUAL_ACCOUNT VN', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Scan to pay')).toBeVisible();
  await expect(main.getByRole('img', { name: 'QR code to scan' })).toBeVisible();
  await expect(
    main.getByText(
      'Scan this QR code with your banking app, or transfer to the virtual account number below.',
    ),
  ).toBeVisible();
  await expect(main.getByTestId('payment-code')).toHaveText(/^\d+$/);
  await expect(main.getByText(/^Please complete payment before /)).toBeVisible();
  await expect(main.getByText(/^Amount VND \d{1,3}(\.\d{3})+$/)).toBeVisible();
  await main.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test("demo-my: saves Touch 'n Go and pays with it, approved on the wallet's page each time", async ({
  page,
}) => {
  await signIn(page, { appId: 'demo-my' });
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: 'TOUCHNGO MY', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/link\//);
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await page.goto('/payment_methods');
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('ACTIVE');

  await checkoutFirstProduct(page);
  await expect(page.getByRole('heading', { name: 'Select your payment method' })).toBeVisible();
  await page.getByRole('button', { name: /^Touch 'n Go eWallet/ }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('demo-my: finds CIMB among the FPX banks by typing, and pays with it', async ({ page }) => {
  await signIn(page, { appId: 'demo-my' });
  await checkoutFirstProduct(page);
  const main = page.getByRole('main');
  const search = main.getByRole('textbox', { name: 'Find a payment channel' });
  const fpxBanks = main.getByRole('button', { name: /_FPX(_BUSINESS)? MY$/ });
  await expect(fpxBanks).toHaveCount(40);

  await search.fill('paypal');
  await expect(main.getByRole('status')).toHaveText('No channel matches "paypal"');
  await expect(fpxBanks).toHaveCount(0);
  await main.getByRole('button', { name: 'Clear channel search' }).click();
  await expect(fpxBanks).toHaveCount(40);

  await search.fill('cimb');
  await expect(main.getByRole('status')).toHaveText('2 of 46 channels');
  await page.getByRole('button', { name: 'CIMB_FPX MY', exact: true }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});
