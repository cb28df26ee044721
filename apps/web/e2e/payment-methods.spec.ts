import { expect, test, type Page } from '@playwright/test';
import { channelFormOpened, checkoutFirstProduct, signIn, watchForReloads } from './support';

/** The /payment_methods row of the newest method (the list is newest first). */
function newestMethod(page: Page) {
  return page.getByRole('main').getByRole('listitem').first();
}

async function openLinkForm(page: Page) {
  await page.goto('/payment_methods');
  await page.getByRole('link', { name: 'Add Payment Method' }).click();
  await expect(page).toHaveURL(/\/payment_methods\/new$/);
  await expect(page.getByRole('heading', { name: 'Link' })).toBeVisible();
}

/** Links BRI direct debit with a mobile number and the linking OTP. */
async function linkBriDirectDebit(page: Page) {
  await openLinkForm(page);
  await page.getByRole('button', { name: 'BRI_DIRECT_DEBIT ID', exact: true }).click();
  const form = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
  await channelFormOpened(form);
  await form.getByLabel('Mobile Number').fill('+6281234567890');
  await form.getByRole('button', { name: 'Link' }).click();

  await expect(page).toHaveURL(/\/payment_methods\/new\/[^/]+\/otp$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  await main.getByPlaceholder('Enter OTP').fill('333000');
  await main.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('offers only saveable channels on the link form', async ({ page }) => {
  await openLinkForm(page);
  await expect(page.getByRole('button', { name: 'DANA ID', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CARDS ID', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID' })).toHaveCount(0);
});

test('links DANA on the hosted page, then unlinks it', async ({ page }) => {
  await openLinkForm(page);
  await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/link\//);
  await page.getByRole('button', { name: 'Link account' }).click();

  await expect(page).toHaveURL(/\/payment_methods\/success/);
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await expect(page.getByText('Your payment method has been successfully linked.')).toBeVisible();

  await page.goto('/payment_methods');
  const noReload = await watchForReloads(page);
  const row = newestMethod(page);
  await expect(row).toContainText('DANA');
  // Activated by the provider's webhook: the open page follows by itself.
  await expect(row).toContainText('ACTIVE');
  await noReload();

  await row.getByRole('button', { name: 'View Xendit Logs' }).click();
  const drawer = page.getByRole('dialog', { name: /^Xendit Logs/ });
  await expect(drawer.getByText(/^POST \S+\/v3\/payment_tokens$/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Unlink' }).click();
  // Nothing happens until the customer confirms.
  const confirm = page.getByRole('dialog', { name: 'Unlink this payment method?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(row.getByRole('button', { name: 'CANCELED' })).toBeDisabled();
});

test('links BRI direct debit by OTP and pays with it at checkout', async ({ page }) => {
  await linkBriDirectDebit(page);
  await page.goto('/payment_methods');
  await expect(newestMethod(page)).toContainText('ACTIVE');

  await checkoutFirstProduct(page);
  await expect(page.getByRole('heading', { name: 'Select your payment method' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'More Payment Options' })).toBeVisible();
  await page.getByRole('button', { name: /^BRI Direct Debit ID/ }).click();

  await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/otp$/);
  await page.getByPlaceholder('Enter OTP').fill('222000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('links a card with the card form and a SAVE session', async ({ page }) => {
  await openLinkForm(page);
  await page.getByRole('button', { name: 'CARDS ID', exact: true }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('button', { name: 'Link' })).toBeEnabled();
  const card = {
    'Card Number': '4000000000001000',
    'Expiry Date': '12/2030',
    CVN: '123',
    'Cardholder First Name': 'Ana',
    'Cardholder Last Name': 'Lim',
    'Cardholder Email': 'ana@example.com',
    'Cardholder Phone': '+628123456789',
  };
  for (const [label, value] of Object.entries(card)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Link' }).click();

  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await page.goto('/payment_methods');
  await expect(newestMethod(page)).toContainText('ACTIVE');
});

test('lists payment methods 20 at a time, the rest behind Load more', async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let i = 0; i < 21; i += 1) {
    const linked = await page.request.post('/api/payment_methods', {
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': `e2e-many-${i}-${Date.now()}`,
      },
      data: { channel: 'DANA', country: 'ID', reference_id: `many-${i}` },
    });
    expect(linked.status(), await linked.text()).toBe(201);
  }
  await page.goto('/payment_methods');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
