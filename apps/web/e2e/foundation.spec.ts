import { expect, test } from '@playwright/test';
import { signIn, signInOnTheLoginPage, uniqueEmail } from './support';

// A new customer on every run, so the mobile number starts empty and the check is meaningful.
const runId = Date.now().toString(36);
const email = `shopper-${runId}@example.com`;
const mobileNumber = `+62812${Date.now().toString().slice(-7)}`;

test('a customer signs in, fills the cart, updates the mobile number and signs out', async ({
  page,
}) => {
  await test.step('sign in through the login page with a typed app id', async () => {
    await signInOnTheLoginPage(page, { email });
    const header = page.getByRole('banner');
    await expect(header.getByText('Xendit Demo Store')).toBeVisible();
    await expect(header.getByText('demo-id')).toBeVisible();
    await expect(header.getByText('development')).toBeVisible();
  });

  let productName = '';
  let price = '';
  await test.step('open a product from the grid and add it to the cart', async () => {
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Products' })).toBeVisible();
    const firstTile = main.getByRole('link').first();
    // The tile is named by what it shows: the product's name, then its price.
    productName = (await firstTile.locator('p').first().textContent()) ?? '';
    expect(productName).not.toBe('');
    await firstTile.click();

    await expect(page).toHaveURL(/\/products\/[^/]+$/);
    await expect(main.getByRole('heading', { name: productName })).toBeVisible();
    price =
      (await main
        .getByText(/^IDR [\d.]+$/)
        .first()
        .textContent()) ?? '';
    expect(price).toMatch(/^IDR [\d.]+$/);

    await main.getByRole('button', { name: 'Add to Cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(productName)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(main.getByRole('button', { name: 'Added to Cart' })).toBeDisabled();
  });

  await test.step('see the cart total', async () => {
    await page.getByRole('navigation').getByRole('link', { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const main = page.getByRole('main');
    await expect(main.getByText(productName)).toBeVisible();
    await expect(main.getByTestId('cart-total')).toHaveText(price);
    await expect(main.getByRole('link', { name: 'Continue to Checkout' })).toBeVisible();
  });

  await test.step('update the mobile number in Account Settings', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);

    const main = page.getByRole('main');
    await expect(main.getByLabel('Email')).toHaveValue(email);
    const update = main.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await main.getByLabel('Mobile Number').fill(mobileNumber);
    await expect(update).toBeEnabled();
    await update.click();
    await expect(main.getByText('Mobile number updated.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('main').getByLabel('Mobile Number')).toHaveValue(mobileNumber);
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test('signs out from an app page to /login', async ({ page }) => {
  // Signing in ends on the app's home page, /demo-id.
  await signIn(page, { email: uniqueEmail('signs-out') });
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('a session the store ended sends the customer to sign in, saying why', async ({ page }) => {
  await signIn(page, { email: uniqueEmail('ended-elsewhere') });
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  // Signed out everywhere from another device: this tab's token is still stored.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const ended = await page.request.post('/api/auth/logout_all', {
    headers: { authorization: `Bearer ${String(token)}` },
  });
  expect(ended.ok()).toBe(true);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your session has ended: it expired, or you signed out everywhere from another device. Sign in again to carry on. (TOKEN_EXPIRED_ERROR)',
  );
});

test('a Google account whose email is not verified is told so on the sign-in screen', async ({
  page,
}) => {
  // The chooser offers no unverified account: its request for the credential asks for one.
  await page.route('**/gsi/credential', (route) =>
    route.request().method() === 'POST'
      ? route.continue({
          postData: JSON.stringify({ ...route.request().postDataJSON(), email_verified: false }),
        })
      : route.continue(),
  );
  await page.goto('/demo-id/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await chooser.getByLabel('Email').fill(uniqueEmail('unverified'));
  await chooser.getByLabel('Name').fill('E2E Shopper');
  await chooser.getByRole('button', { name: 'Continue' }).click();

  const alert = page.getByRole('alert');
  await expect(alert.getByText('EMAIL_NOT_VERIFIED')).toBeVisible();
  await expect(
    alert.getByText(
      "Your Google account's email address is not verified yet. Verify it in your Google account, then sign in again.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/demo-id\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the checks of the answers load as the app starts, before any call', async ({ page }) => {
  // The sign-in page makes no call until the form is sent; the checks come all the same, so that
  // a first screen's answers never wait for them and building them does not follow the first paint.
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  const checks = page.waitForResponse((response) =>
    /\/assets\/response-checks-[\w-]+\.js$/.test(new URL(response.url()).pathname),
  );
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect((await checks).ok()).toBe(true);
  expect(apiCalls).toEqual([]);
});

test('the page names its icon, and the store serves it, so the browser asks for no missing one', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const icon = await page.request.get(href ?? '');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
});
