import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, signIn } from './support';

const cardholder = {
  'Expiry Date': '12/2030',
  CVN: '123',
  'Cardholder First Name': 'Ana',
  'Cardholder Last Name': 'Lim',
  'Cardholder Email': 'ana@example.com',
  'Cardholder Phone': '+628123456789',
};

/** Opens the card channel at checkout; the form is ready once its session is. */
async function openCardForm(page: Page) {
  await page.getByRole('button', { name: 'CARDS ID', exact: true }).click();
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  return form;
}

async function payByCard(page: Page, cardNumber: string) {
  const form = await openCardForm(page);
  await form.getByLabel('Card Number').fill(cardNumber);
  for (const [label, value] of Object.entries(cardholder)) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Pay' }).click();
}

/** From the failure page back to checkout, with the failed order's product in the cart again. */
async function tryAnotherMethodWith(page: Page, productName: string) {
  await page.getByRole('button', { name: 'Try Another Payment Method' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByRole('main').getByText(productName).first()).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
}

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('pays with a frictionless card; the payment and its exchanges show on /payments', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  await payByCard(page, '4000000000001000');

  await expect(page).toHaveURL(/\/payments\/success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/payments');
  await expect(newestPayment(page)).toContainText('CARDS');
  await expect(newestPayment(page)).toContainText('SUCCEEDED');
  await newestPayment(page).getByRole('button', { name: 'View Xendit Logs' }).click();
  const drawer = page.getByRole('dialog', { name: /^Xendit Logs/ });
  await expect(drawer.getByText(/^POST \S+\/sessions$/).first()).toBeVisible();
  await expect(drawer.getByText(/^GET \S+\/v3\/payment_requests\/\S+$/).first()).toBeVisible();
});

test('while a card payment completes, no other way to pay can be chosen for the same order', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  // The provider's script collecting the card (where the payment is made) and then the store's
  // answer to its completion, each held back in turn, as a slow provider would hold them.
  const hold = async (url: string) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(url, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const releaseCollect = await hold('**/v3/payment_with_session');
  const releaseComplete = await hold('**/api/payments/cards/session/*/complete');
  await payByCard(page, '4000000000001000');
  for (const release of [releaseCollect, releaseComplete]) {
    await expect(page.getByText('Creating your payment...')).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Pay on Xendit Checkout' })).toBeDisabled();
    release();
  }
  await expect(page).toHaveURL(/\/payments\/success/);
  await page.goto('/payments');
  // One payment for the order: the card's.
  await expect(
    page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }),
  ).toHaveCount(1);
});

test('pays with a 3DS card through the challenge page', async ({ page }) => {
  await checkoutFirstProduct(page);
  await payByCard(page, '4000000000002503');

  await expect(page).toHaveURL(/\/pages\/3ds\//);
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page).toHaveURL(/\/payments\/success/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('shows the failure page when the card is declined for insufficient balance', async ({
  page,
}) => {
  await page.goto('/products');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Sandbox: Insufficient Balance/ })
    .click();
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await expect(page.getByText('IDR 10.054').first()).toBeVisible();
  await payByCard(page, '4000000000001000');

  await expect(page).toHaveURL(/\/payments\/failure/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(
    page.getByText('There was not enough money in the account or wallet.'),
  ).toBeVisible();
  await expect(page.getByText('INSUFFICIENT_BALANCE', { exact: true })).toBeVisible();
  await tryAnotherMethodWith(page, 'Sandbox: Insufficient Balance');
});

test('shows the failure page with the reason when 3DS authentication fails', async ({ page }) => {
  await page.goto('/products');
  const main = page.getByRole('main');
  await main.getByRole('link').first().click();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  const productName = (await main.getByRole('heading', { level: 2 }).textContent()) ?? '';
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await payByCard(page, '4000000000002503');

  await expect(page).toHaveURL(/\/pages\/3ds\//);
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(/\/payments\/failure/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(
    page.getByText('The card could not be verified with its bank (3-D Secure).'),
  ).toBeVisible();
  await expect(page.getByText('AUTHENTICATION_FAILED', { exact: true })).toBeVisible();
  await tryAnotherMethodWith(page, productName);
});

test('a card paid with Save Payment Method? ticked is saved: listed ACTIVE under Payment Methods', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  await page.getByRole('main').getByRole('checkbox', { name: 'Save Payment Method?' }).check();
  await payByCard(page, '4000000000001000');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/payment_methods');
  const saved = page.getByRole('main').getByRole('listitem').filter({ hasText: 'CARDS' });
  await expect(saved.first()).toContainText('ACTIVE');
  await expect(saved.first()).toContainText('1000');
});

test('shows each card-form validation message under its field, cleared when edited', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  const form = await openCardForm(page);
  await form.getByLabel('Card Number').fill('4000');
  await form.getByLabel('Expiry Date').fill('13/2030');
  await form.getByLabel('CVN').fill('12');
  await form.getByRole('button', { name: 'Pay' }).click();

  for (const message of [
    'Card number must be 16 digits',
    'Invalid expiry format (MM/YYYY)',
    'cvn must be 3 or 4 digits',
    'Cardholder first name is required',
    'Cardholder last name is required',
    'Cardholder email is required',
    'Cardholder phone is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Card Number')).toHaveAccessibleDescription(
    'Card number must be 16 digits',
  );

  await form.getByLabel('Card Number').fill('4000000000001000');
  await expect(form.getByText('Card number must be 16 digits')).toBeHidden();
  await expect(form.getByText('cvn must be 3 or 4 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('opening the card form, toggling save and a voucher leave no order and no method behind', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  const main = page.getByRole('main');
  const form = await openCardForm(page);

  // Each change of what the card would pay for gives the form a new session.
  await main.getByRole('checkbox', { name: 'Save Payment Method?' }).check();
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await main.getByRole('checkbox', { name: 'Save Payment Method?' }).uncheck();
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();

  await main.getByRole('button', { name: 'Enter voucher code' }).click();
  await page
    .getByRole('dialog', { name: 'Vouchers' })
    .getByRole('button', { name: 'Apply HEMAT10' })
    .click();
  await expect(main.getByText('HEMAT10')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await main.getByRole('button', { name: 'Remove voucher HEMAT10' }).click();
  await expect(main.getByText('HEMAT10')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();

  // No card went in: nothing was paid, and nothing is listed.
  await page.goto('/orders');
  await expect(page.getByRole('main').getByText('No Orders')).toBeVisible();
  await page.goto('/payments');
  await expect(page.getByRole('main').getByText('No Payments')).toBeVisible();
  await page.goto('/payment_methods');
  await expect(page.getByRole('main').getByText('No payment methods linked yet.')).toBeVisible();

  // Expanding CARDS on the link form leaves no method either.
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: 'CARDS ID', exact: true }).click();
  await expect(
    page.getByRole('form', { name: 'Card details' }).getByRole('button', { name: 'Link' }),
  ).toBeEnabled();
  await page.goto('/payment_methods');
  await expect(page.getByRole('main').getByText('No payment methods linked yet.')).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('main').getByText('No Orders')).toBeVisible();
});
