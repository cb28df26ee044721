import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, expectAccessibleAtBothWidths, signIn } from './support';

// Paying and saving on the provider's hosted checkout (the simulator's page at payment_link_url),
// and coming back to the store's own screens.

/**
 * The provider simulator of this run (playwright.config.ts) and the secret key of each mode: the
 * run starts it with XENDIT_SIM_EXPIRE_LIVE_SESSIONS, so the live app's sessions expire on demand too.
 */
const simulatorUrl = `http://localhost:${4110 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;
const secretKeys = { test: 'xnd_development_simulator', live: 'xnd_production_simulator' };

/** Pays (or saves) with a frictionless card on the hosted checkout. */
async function payByCard(page: Page, button: string) {
  const card = page.locator('form', { has: page.locator('input[value="CARDS"]') });
  await card.getByLabel('Card number').fill('4000000000001000');
  await card.getByLabel('Expiry month (MM)').fill('12');
  await card.getByLabel('Expiry year (YYYY)').fill('2030');
  await card.getByLabel('CVN').fill('123');
  await card.getByLabel('Name on the card').fill('Ana Santos');
  await card.getByRole('button', { name: button }).click();
}

async function openHostedCheckout(page: Page) {
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'Pay on Xendit Checkout' }).click();
  await expect(page).toHaveURL(/\/pages\/checkout\/ps-/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
}

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

async function expectCartKept(page: Page) {
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
}

for (const { appId, testMode } of [
  { appId: 'demo-id', testMode: true },
  { appId: 'demo-ph', testMode: false },
]) {
  test(`pays on the hosted checkout and comes back to the store's result page (${appId})`, async ({
    page,
  }) => {
    await signIn(page, { appId });
    await openHostedCheckout(page);
    // The live app's page is not labelled test mode.
    await expect(page.getByText('Test mode')).toHaveCount(testMode ? 1 : 0);
    await payByCard(page, 'Pay with Card');

    await expect(page).toHaveURL(/\/payments\/success\?payment_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    // Paid: the cart it was paid from is empty now.
    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();

    await page.goto('/payments');
    await expect(newestPayment(page)).toContainText('CARDS');
    await expect(newestPayment(page)).toContainText('SUCCEEDED');
    await newestPayment(page).getByRole('button', { name: 'View Xendit Logs' }).click();
    const drawer = page.getByRole('dialog', { name: /^Xendit Logs/ });
    await expect(drawer.getByText(/^POST \S+\/sessions$/).first()).toBeVisible();
    await expect(drawer.getByText(/payment_session\.completed/).first()).toBeVisible();
  });

  test(`saves a method on the hosted checkout and pays with it at checkout (${appId})`, async ({
    page,
  }) => {
    await signIn(page, { appId });
    await page.goto('/payment_methods/new');
    await page.getByRole('button', { name: 'Save on Xendit Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Save a payment method' })).toBeVisible();
    await payByCard(page, 'Save Card');
    await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
    // Listed by its masked number, as a card linked on the store's own form is.
    await page.goto('/payment_methods');
    await expect(
      page
        .getByRole('main')
        .getByText(/400000XXXXXX1000/)
        .first(),
    ).toBeVisible();

    await checkoutFirstProduct(page);
    await expect(page.getByRole('heading', { name: 'Select your payment method' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Credit \/ Debit Card/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  });

  test(`a card saved while paying there is listed by its masked number (${appId})`, async ({
    page,
  }) => {
    await signIn(page, { appId });
    await checkoutFirstProduct(page);
    await page.getByLabel('Save Payment Method?').check();
    await page.getByRole('button', { name: 'Pay on Xendit Checkout' }).click();
    await expect(page).toHaveURL(/\/pages\/checkout\/ps-/);
    await payByCard(page, 'Pay with Card');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    await page.goto('/payment_methods');
    await expect(
      page
        .getByRole('main')
        .getByText(/400000XXXXXX1000/)
        .first(),
    ).toBeVisible();
  });

  test(`cancel on the hosted page comes back to checkout with the cart kept (${appId})`, async ({
    page,
  }) => {
    await signIn(page, { appId });
    await openHostedCheckout(page);
    await page.getByRole('link', { name: 'Cancel and return to the merchant' }).click();
    await expectCartKept(page);
    // The payment made there stays open: the checkout says so, and where to finish it.
    const note = page.getByRole('alert').filter({ hasText: 'Your payment was not finished' });
    await expect(note).toBeVisible();
    // The link to Payments reads as a word of the note's sentence, not in a larger type.
    const fontSize = (element: Element) => getComputedStyle(element).fontSize;
    expect(await note.getByRole('link', { name: 'Payments' }).evaluate(fontSize)).toBe(
      await note.getByText(/^You left the payment page/).evaluate(fontSize),
    );
    await expectAccessibleAtBothWidths(page);
  });

  test(`an expired session fails its payment; the cart is kept (${appId})`, async ({
    page,
    request,
  }) => {
    await signIn(page, { appId });
    await openHostedCheckout(page);
    const sessionId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const key = secretKeys[testMode ? 'test' : 'live'];
    const expired = await request.post(`${simulatorUrl}/_sim/sessions/${sessionId}/expire`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    expect(expired.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to the merchant' }).click();
    await expectCartKept(page);

    await page.goto('/payments');
    // The provider's payment_session.expired reaches the open page by itself.
    await expect(newestPayment(page)).toContainText('FAILED');
  });
}

test('paying the cart another way cancels the payment left open on the hosted checkout', async ({
  page,
}) => {
  await signIn(page, { appId: 'demo-id' });
  await openHostedCheckout(page);
  await page.getByRole('link', { name: 'Cancel and return to the merchant' }).click();
  await expectCartKept(page);
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page.getByText(/^Please complete payment before/)).toBeVisible();

  // Left open, Continue Payment would have let the same cart be paid twice.
  await page.goto('/payments');
  const hosted = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: 'Reference ID' })
    .filter({ hasText: 'XENDIT_CHECKOUT' })
    .first();
  await expect(hosted).toContainText('CANCELED');
  await expect(hosted.getByRole('button', { name: 'Continue Payment' })).toHaveCount(0);
});
