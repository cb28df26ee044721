import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleAtBothWidths, signIn, watchForReloads } from './support';

/** Opens a product of the grid by its name. */
async function openProduct(page: Page, name: string) {
  await page.goto('/products');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/** Links an e-wallet on the provider's linking page; the result page waits for it to be ACTIVE. */
async function linkEwallet(page: Page, channel: string) {
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: channel, exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/link\//);
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
}

/** Subscribes to the open product with the saved method named `method`. */
async function subscribeWith(page: Page, productName: string, method: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${productName}` });
  if (!(await dialog.isVisible())) {
    await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
  }
  await dialog.getByRole('radio', { name: method }).check();
  await dialog.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
}

function plan(page: Page) {
  return page
    .getByRole('main')
    .getByRole('listitem', { name: /^Subscription / })
    .first();
}

/** A new customer with DANA linked, subscribed with it to `product`: the plan on /subscriptions. */
async function subscribedWithDana(page: Page, product: string) {
  await signIn(page);
  await linkEwallet(page, 'DANA ID');
  await openProduct(page, product);
  await subscribeWith(page, product, /^DANA ID/);
  return plan(page);
}

test('saves an e-wallet on the way, subscribes, runs the next cycle live, reads the logs and cancels', async ({
  page,
  context,
}) => {
  const product = 'Sandbox: Daily Subscription';
  await signIn(page);
  await openProduct(page, product);
  const main = page.getByRole('main');
  await expect(main.getByText('IDR 13.579 every day')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await main.getByRole('button', { name: 'Subscribe' }).click();

  // No saved card or e-wallet yet: save one and come back to the same dialog.
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${product}` });
  await expect(dialog.getByText('You have no saved card or e-wallet')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByRole('link', { name: 'Save a new card or e-wallet' }).click();
  await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue subscribing' }).click();
  await expect(dialog).toBeVisible();
  await subscribeWith(page, product, /^DANA ID/);

  const subscription = plan(page);
  await expect(subscription).toContainText(product);
  await expect(subscription).toContainText('IDR 13.579 every day');
  // Activated and its first cycle charged by the provider, followed by the open page.
  await expect(subscription.getByText('ACTIVE', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(subscription.getByRole('listitem', { name: 'Cycle 1' })).toContainText('SUCCEEDED', {
    timeout: 20_000,
  });
  await expect(subscription.getByRole('listitem', { name: 'Cycle 2' })).toContainText('SCHEDULED');
  // When it falls due, with its time zone, as a payment's deadline.
  await expect(subscription.getByRole('listitem', { name: 'Cycle 2' })).toContainText(
    /due \w+ \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M (UTC|GMT[+-]\d{1,2}(:\d\d)?)/,
  );
  const firstCharge = subscription
    .getByRole('listitem', { name: 'Cycle 1' })
    .getByText(/^Payment /);
  const paymentId = (await firstCharge.textContent())?.replace(/^Payment /, '') ?? '';
  await expectAccessibleAtBothWidths(page);

  // Run from another tab: this page follows by the live feed, without a reload.
  const other = await context.newPage();
  await other.goto('/subscriptions');
  const noReload = await watchForReloads(page);
  await plan(other).getByRole('button', { name: 'Run next cycle now' }).click();
  await expect(subscription.getByRole('listitem', { name: 'Cycle 2' })).toContainText('SUCCEEDED', {
    timeout: 20_000,
  });
  await expect(subscription.getByRole('listitem', { name: 'Cycle 3' })).toContainText('SCHEDULED');
  await noReload();
  await other.close();

  await subscription.getByRole('button', { name: 'View Xendit Logs' }).click();
  const logs = page.getByRole('dialog', { name: /^Xendit Logs/ });
  await expect(logs.getByText(/^POST \S+\/recurring\/plans$/).first()).toBeVisible();
  await expect(logs.getByText(/^Webhook recurring\.cycle\.succeeded$/).first()).toBeVisible();
  // A paid cycle's own payment webhook is the plan's too, not an unknown payment's.
  await expect(logs.getByText(/^Webhook payment\.capture$/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  // The plan's own badge comes before its cycles' (the scheduled one is cancelled with it).
  await expect(subscription.getByText('CANCELED', { exact: true }).first()).toBeVisible();
  await expect(subscription.getByRole('listitem', { name: 'Cycle 3' })).toContainText('CANCELED');
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(subscription.getByRole('button', { name: 'Run next cycle now' })).toHaveCount(0);

  // The first cycle's charge is one of the store's payments: Payments opens on it, in view with
  // the keyboard on it, among the customer's others (the two cycles paid).
  await subscription
    .getByRole('listitem', { name: 'Cycle 1' })
    .getByRole('link', { name: 'View in Payments' })
    .click();
  await expect(page).toHaveURL(`/payments?payment_id=${encodeURIComponent(paymentId)}`);
  const charge = page.getByRole('listitem', { name: `Payment ${paymentId}` });
  await expect(charge).toContainText('SUCCEEDED');
  await expect(charge).toBeFocused();
  await expect(charge).toBeInViewport();
  await expect(charge).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('listitem', { name: /^Payment / })).toHaveCount(2);

  // Back through the subscriptions to the product: its page, not its Subscribe dialog again.
  await page.goBack();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await page.goBack();
  await expect(main.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(page).not.toHaveURL(/subscribe=1/);
  await expect(dialog).toBeHidden();
});

test('a cycle the method cannot pay says why and what the customer can do', async ({ page }) => {
  const product = 'Sandbox: Subscription Declined';
  await signIn(page);
  await linkEwallet(page, 'DANA ID');
  await openProduct(page, product);
  await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
  // The dialog offering a saved method, checked as the customer sees it.
  await expect(page.getByRole('radio', { name: /^DANA ID/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await subscribeWith(page, product, /^DANA ID/);

  const cycle = plan(page).getByRole('listitem', { name: 'Cycle 1' });
  await expect(cycle).toContainText(/RETRYING|FAILED/, { timeout: 20_000 });
  await expect(cycle).toContainText('There was not enough money in the account or wallet.');
  await expect(cycle).toContainText('cancel this subscription and subscribe again');
  await expect(cycle).toContainText('Code for support: INSUFFICIENT_BALANCE');
});

test('the live store (demo-ph) subscribes but offers no Run next cycle now', async ({ page }) => {
  const product = 'Kopi Arabica Beans';
  await signIn(page, { appId: 'demo-ph' });
  await linkEwallet(page, 'GRABPAY PH');
  await openProduct(page, product);
  await expect(page.getByRole('main').getByText('PHP 410.00 every month')).toBeVisible();
  await subscribeWith(page, product, /^GrabPay PH/);

  const subscription = plan(page);
  await expect(subscription.getByText('ACTIVE', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Run next cycle now' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page);

  // The screen is in the Account menu on a wide screen, and behind the burger on a phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(plan(page)).toContainText(product);
});

test('the keyboard stays on the plan through Run next cycle now and Cancel subscription', async ({
  page,
}) => {
  const product = 'Sandbox: Daily Subscription';
  const subscription = await subscribedWithDana(page, product);
  await expect(subscription.getByRole('listitem', { name: 'Cycle 2' })).toContainText('SCHEDULED', {
    timeout: 20_000,
  });

  // The button is disabled while the cycle runs, which takes the browser's focus off it.
  const run = subscription.getByRole('button', { name: 'Run next cycle now' });
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(subscription.getByRole('listitem', { name: 'Cycle 3' })).toContainText('SCHEDULED', {
    timeout: 20_000,
  });
  await expect(run).toBeEnabled();
  await expect(run).toBeFocused();

  // Cancelled, the plan loses its Cancel subscription button; the focus goes to the plan.
  await subscription.getByRole('button', { name: 'Cancel subscription' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await confirm.getByRole('button', { name: 'Cancel subscription' }).focus();
  await page.keyboard.press('Enter');
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(subscription.getByRole('heading', { name: product })).toBeFocused();
});

test('unlinking the method a subscription charges says so beforehand and cancels the plan', async ({
  page,
}) => {
  const product = 'Sandbox: Daily Subscription';
  const subscription = await subscribedWithDana(page, product);
  await expect(subscription.getByText('ACTIVE', { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/payment_methods');
  const note = `Pays your subscription to ${product}; unlinking it also cancels that subscription.`;
  const method = page.getByRole('main').getByRole('listitem', { name: /^Payment method / });
  await expect(method.getByText(note)).toBeVisible();
  await expect(method.getByRole('button', { name: 'Unlink' })).toHaveAccessibleDescription(note);
  await method.getByRole('button', { name: 'Unlink' }).click();
  const confirm = page.getByRole('dialog', { name: 'Unlink this payment method?' });
  await expect(confirm).toContainText(note);
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(method.getByRole('button', { name: 'CANCELED' })).toBeDisabled();
  await expect(method.getByText(note)).toHaveCount(0);

  // The plan was ended at the provider before its token, so no cycle charges a cancelled token.
  await page.goto('/subscriptions');
  await expect(subscription.getByText('CANCELED', { exact: true }).first()).toBeVisible();
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

test('a customer with as many plans as the store allows is told why a subscribe is refused', async ({
  page,
}) => {
  const product = 'Sandbox: Daily Subscription';
  await signIn(page);
  await linkEwallet(page, 'DANA ID');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const authorization = `Bearer ${token}`;
  const methods = (await (
    await page.request.get('/api/payment_methods', { headers: { authorization } })
  ).json()) as { payment_methods: { id: string }[] };
  const methodId = methods.payment_methods[0]?.id ?? '';
  // The store's default: 10 subscriptions not ended at once.
  for (let i = 0; i < 10; i += 1) {
    const subscribed = await page.request.post('/api/subscriptions', {
      headers: { authorization, 'idempotency-key': `e2e-plans-${i}-${Date.now()}` },
      data: { product_id: 'id-sandbox-daily-subscription', payment_method_id: methodId },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
  }

  await openProduct(page, product);
  await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: `Subscribe to ${product}` });
  await dialog.getByRole('radio', { name: /^DANA ID/ }).check();
  await dialog.getByRole('button', { name: 'Confirm subscription' }).click();
  const panel = dialog.getByRole('alert');
  await expect(panel).toContainText('SUBSCRIPTION_LIMIT_REACHED');
  await expect(panel).toContainText(
    'You have as many subscriptions as this store allows. Cancel one on the Subscriptions page before starting another.',
  );
  await expect(page).not.toHaveURL(/\/subscriptions$/);
});
