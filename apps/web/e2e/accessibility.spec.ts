import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  axeViolations,
  cancelPaymentInRow,
  channelFormOpened,
  checkoutFirstProduct,
  signIn,
  transitionsSettled,
} from './support';

const cardholder = {
  'Expiry Date': '12/2030',
  CVN: '123',
  'Cardholder First Name': 'Ana',
  'Cardholder Last Name': 'Lim',
  'Cardholder Email': 'ana@example.com',
  'Cardholder Phone': '+628123456789',
};

/**
 * Every screen, signed out and signed in, at a desktop width and on a phone: zero axe-core
 * violations of WCAG 2.1 A and AA, and nothing wider than the screen or cut off at 390 px.
 */
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Finding = { screen: string; width: string; problem: string };

/** What is wrong with the page as it stands, in words a failing test can print. */
async function inspect(page: Page, screen: string, width: string): Promise<Finding[]> {
  // Loaded, nothing still loading (the status feed keeps a connection open, so the network is
  // never idle), and transitions settled, so colours are measured as the customer sees them.
  await page.waitForLoadState('load');
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0);
  await transitionsSettled(page);
  return scan(page, screen, width);
}

/** The page's axe-core violations and layout problems, as it stands now. */
async function scan(page: Page, screen: string, width: string): Promise<Finding[]> {
  const findings: Finding[] = (await axeViolations(page)).map((problem) => ({
    screen,
    width,
    problem,
  }));
  const layout = await page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) {
      problems.push(`page is ${root.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    }
    // Text cut off by its own box: badges and headings that hide what does not fit.
    for (const element of document.querySelectorAll<HTMLElement>(
      '.mantine-Badge-root, .mantine-Badge-label, h1, h2, h3, .mantine-Title-root',
    )) {
      const style = getComputedStyle(element);
      const hides = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (hides && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`"${element.textContent?.trim() ?? ''}" is cut off`);
      }
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 1) {
        problems.push(`"${element.textContent?.trim() ?? ''}" runs past the screen's edge`);
      }
    }
    return problems;
  });
  return [...findings, ...layout.map((problem) => ({ screen, width, problem }))];
}

for (const size of widths) {
  test(`every screen passes axe-core and fits at ${size.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const findings: Finding[] = [];
    const visit = async (screen: string, path?: string) => {
      if (path !== undefined) await page.goto(path);
      findings.push(...(await inspect(page, screen, size.name)));
    };

    // Signed out.
    await visit('login', '/login');
    await visit('store not found', '/no-such-store');
    await visit('payment success without a session', '/payments/success');
    await visit('payment failure without a session', '/payments/failure');
    await visit('linking success without a session', '/payment_methods/success');

    // Signed in.
    await signIn(page);
    await visit('home');
    await page.getByRole('main').getByRole('link').first().click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await visit('product');
    await checkoutFirstProduct(page);
    await visit('checkout');
    // The channel search with nothing found: its status line and clear button.
    const channelSearch = page.getByRole('textbox', { name: 'Find a payment channel' });
    await channelSearch.fill('paypal');
    await expect(page.getByText('No channel matches "paypal"')).toBeVisible();
    await visit('checkout, no channel found');
    await visit('cart', '/cart');
    await visit('account settings', '/settings/account');
    await visit('payment methods', '/payment_methods');
    await visit('link a payment method', '/payment_methods/new');

    // A virtual account: its screen, then paid, the result pages and the refund screen.
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
    await expect(page.getByTestId('payment-code')).toBeVisible();
    await visit('virtual account');
    const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('button', { name: 'Simulate Payment' }).click();
    await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await visit('payment success');
    await visit('orders', '/orders');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await visit('orders, listed');
    await visit('payments', '/payments');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await visit('payments, listed');
    await visit('refund', `/payments/${paymentId}/refund`);
    await visit('refund pending', '/refunds/pending');

    // A QR code and an OTP screen.
    await checkoutFirstProduct(page);
    await page.getByRole('button', { name: 'QRIS ID', exact: true }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan' })).toBeVisible();
    await visit('QR code');
    await checkoutFirstProduct(page);
    await page.getByRole('button', { name: 'BRI_DIRECT_DEBIT ID', exact: true }).click();
    const form = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
    await channelFormOpened(form);
    await form.getByLabel('Mobile Number').fill('+6281234567890');
    await form.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
    await visit('OTP');
    const otpPaymentId = new URL(page.url()).pathname.split('/')[3] ?? '';
    await visit('payment pending', `/payments/pending?payment_id=${otpPaymentId}`);

    // A declined e-wallet: the failure page with its reason.
    await checkoutFirstProduct(page);
    await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await visit('payment failure');

    expect(findings.map((finding) => `${finding.screen}: ${finding.problem}`)).toEqual([]);
  });
}

test('the loading screens pass axe-core', async ({ page }) => {
  await signIn(page);
  const productLink = page.getByRole('main').getByRole('link').first();
  const productPath = (await productLink.getAttribute('href')) ?? '';
  expect(productPath).toMatch(/\/products\/./);
  // Each screen's answer is held until its loading screen is scanned.
  const held = ['/api/products', '/api/products/*', '/api/auth/customers/me'];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const path of held) {
    await page.route(`**${path}`, async (route) => {
      await released;
      await route.continue();
    });
  }
  const findings: Finding[] = [];
  try {
    for (const [screen, path] of [
      ['products loading', '/'],
      ['product loading', productPath],
      ['account settings loading', '/settings/account'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
      await transitionsSettled(page);
      findings.push(...(await scan(page, screen, 'desktop')));
    }
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    release();
  }

  expect(findings.map((finding) => `${finding.screen}: ${finding.problem}`)).toEqual([]);
});

for (const size of widths) {
  test(`forms, dialogs, drawers, menus and the other app pass axe-core and fit at ${size.width} px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const wide = size.width >= 960;
    const findings: Finding[] = [];
    const visit = async (screen: string, path?: string) => {
      if (path !== undefined) await page.goto(path);
      findings.push(...(await inspect(page, screen, size.name)));
    };
    const main = page.getByRole('main');
    await signIn(page);

    // The card form, empty and with its validation messages.
    await checkoutFirstProduct(page);
    await page.getByRole('button', { name: 'CARDS ID', exact: true }).click();
    const cardForm = page.getByRole('form', { name: 'Card details' });
    await expect(cardForm.getByRole('button', { name: 'Pay' })).toBeEnabled();
    await visit('card form');
    await cardForm.getByRole('button', { name: 'Pay' }).click();
    await expect(cardForm.getByText('Card number must be 16 digits')).toBeVisible();
    await visit('card form, with its messages');

    // A retail payment code (for the order still in the cart), then its payment's cancel
    // confirmation and logs drawer.
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'ALFAMART ID', exact: true }).click();
    await expect(page.getByTestId('payment-code')).toBeVisible();
    await visit('retail payment code');
    await page.goto('/payments');
    const row = main.getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
    await expect(row).toContainText('REQUIRES_ACTION');
    await row.getByRole('button', { name: /^More actions for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Cancel' })).toBeVisible();
    await visit('more actions menu');
    await page.getByRole('menuitem', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this payment?' })).toBeVisible();
    await visit('cancel confirmation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Cancel this payment?' })).toBeHidden();
    await row.getByRole('button', { name: 'View Xendit Logs' }).click();
    const drawer = page.getByRole('dialog', { name: /^Xendit Logs/ });
    await expect(drawer.getByText(/^POST \S+\/v3\/payment_requests$/).first()).toBeVisible();
    await visit('logs drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // Cancelled, the payment's failure page says its status in a note of its own (not FAILED).
    const moreActions = row.getByRole('button', { name: /^More actions for / });
    const paymentId = (await moreActions.getAttribute('aria-label'))?.replace(
      /^More actions for /,
      '',
    );
    await cancelPaymentInRow(page, row);
    await expect(row).toContainText('CANCELED');
    await page.goto(`/payments/failure?payment_id=${paymentId}`);
    await expect(main.getByText('Payment status: CANCELED')).toBeVisible();
    await visit('failure page of a cancelled payment');

    // Linking: the payment-method OTP screen, success, failure, and the list with its rows.
    await page.goto('/payment_methods/new');
    await page.getByRole('button', { name: 'BRI_DIRECT_DEBIT ID', exact: true }).click();
    const linkForm = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
    await channelFormOpened(linkForm);
    await linkForm.getByLabel('Mobile Number').fill('+6281234567890');
    await linkForm.getByRole('button', { name: 'Link' }).click();
    await expect(page).toHaveURL(/\/payment_methods\/new\/[^/]+\/otp$/);
    await expect(main.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
    await visit('payment-method OTP');
    await main.getByPlaceholder('Enter OTP').fill('333000');
    await main.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
    await visit('linking success');
    await page.goto('/payment_methods/new');
    await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/link\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Linking Failed.' })).toBeVisible();
    await visit('linking failure');
    await page.goto('/payment_methods');
    await expect(main.getByRole('listitem')).toHaveCount(2);
    await visit('payment methods, listed');

    // The account menu in the wide top bar; on a phone, the navigation behind the burger.
    if (wide) {
      await page.getByRole('button', { name: 'Account' }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
      await visit('account menu');
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    } else {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const navigation = page.getByRole('navigation', { name: 'Main' });
      await expect(navigation.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await visit('navigation');
      await navigation.getByRole('button', { name: 'Sign Out' }).click();
    }
    await expect(page).toHaveURL(/\/login$/);

    // The Philippine app (live): home, checkout and its 7-Eleven code.
    await signIn(page, { appId: 'demo-ph' });
    await visit('home (demo-ph)');
    await checkoutFirstProduct(page);
    await visit('checkout (demo-ph)');
    await page.getByRole('button', { name: '7ELEVEN PH', exact: true }).click();
    await expect(page.getByTestId('payment-code')).toBeVisible();
    await visit('7-Eleven payment code (demo-ph)');

    expect(findings.map((finding) => `${finding.screen}: ${finding.problem}`)).toEqual([]);
  });
}

for (const size of widths) {
  test(`the provider simulator's 3DS page passes axe-core and fits at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);
    await checkoutFirstProduct(page);
    await page.getByRole('button', { name: 'CARDS ID', exact: true }).click();
    const cardForm = page.getByRole('form', { name: 'Card details' });
    await expect(cardForm.getByRole('button', { name: 'Pay' })).toBeEnabled();
    const card = { 'Card Number': '4000000000002503', ...cardholder };
    for (const [label, value] of Object.entries(card)) await cardForm.getByLabel(label).fill(value);
    await cardForm.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/pages\/3ds\//);
    const findings = await inspect(page, '3DS page', size.name);
    expect(findings.map((finding) => `${finding.screen}: ${finding.problem}`)).toEqual([]);
  });
}

/** Presses Tab until the control has the focus, as a keyboard user would. */
async function tabTo(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  for (let step = 0; step < 80; step += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(control).toBeFocused();
}

test('checkout can be paid from the keyboard alone', async ({ page }) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await tabTo(page, page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-code')).toBeVisible();
});

test('the account menu opens and leads on from the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await tabTo(page, page.getByRole('button', { name: 'Account' }));
  await page.keyboard.press('Enter');
  // The menu opens with its first item focused; arrow keys move through the items, and Enter
  // follows the one that has the focus.
  const settings = page.getByRole('menuitem', { name: 'Account Settings' });
  await expect(settings).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Subscriptions' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeFocused();
});

test("a followed link, and Back, take the keyboard to the new screen's heading", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const main = page.getByRole('main');
  const navigation = page.getByRole('navigation', { name: 'Main' });

  await tabTo(page, navigation.getByRole('link', { name: 'Orders' }));
  await page.keyboard.press('Enter');
  const orders = main.getByRole('heading', { name: 'Orders' });
  await expect(orders).toBeFocused();
  // A title, not a control: no focus ring around it.
  await expect(orders).toHaveCSS('outline-style', 'none');

  await navigation.getByRole('link', { name: 'Home' }).click();
  const products = main.getByRole('heading', { name: 'Products' });
  await expect(products).toBeFocused();
  // The product's heading comes with its data, after the screen's chunk.
  await main.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/.+/);
  await expect(main.getByRole('heading', { level: 2 })).toBeFocused();

  await page.goBack();
  await expect(products).toBeFocused();
});

test('a card is typed and paid from the keyboard alone', async ({ page }) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await tabTo(page, page.getByRole('button', { name: 'CARDS ID', exact: true }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Card details' });
  await expect(form.getByRole('button', { name: 'Pay' })).toBeEnabled();
  const fields = { 'Card Number': '4000000000001000', ...cardholder };
  for (const [label, value] of Object.entries(fields)) {
    await tabTo(page, form.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, form.getByRole('button', { name: 'Pay' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});
