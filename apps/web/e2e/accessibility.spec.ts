import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, signIn } from './support';

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
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // Experimental in axe-core, so off under the tags: a control's name must contain its visible text.
  const names = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  const findings: Finding[] = [...results.violations, ...names.violations].flatMap((violation) =>
    violation.nodes.map((node) => ({
      screen,
      width,
      problem: `${violation.id}: ${node.target.join(' ')}`,
    })),
  );
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

test('checkout can be paid from the keyboard alone', async ({ page }) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  const channel = page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true });
  await expect(channel).toBeVisible();
  // Tab until the channel has the focus, as a keyboard user would, then press Enter.
  for (let step = 0; step < 60; step += 1) {
    if (await channel.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(channel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-code')).toBeVisible();
});
