import { expect, test } from '@playwright/test';
import { channelFormOpened, checkoutFirstProduct, signIn, watchForReloads } from './support';

test('a payment paid in another tab changes on the open Payments page without a reload', async ({
  page,
  context,
}) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);

  const list = await context.newPage();
  await list.goto('/payments');
  const newest = list
    .getByRole('main')
    .getByRole('listitem')
    .filter({ hasText: 'Reference ID' })
    .first();
  await expect(newest).toContainText('REQUIRES_ACTION');
  const noReload = await watchForReloads(list);

  await page.getByRole('main').getByRole('button', { name: 'Simulate Payment' }).click();
  // The pending page knows its payment and moves on to the success page by itself.
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await expect(newest).toContainText('SUCCEEDED');
  await noReload();
});

test('an order paid by the simulator changes on the open Orders page without a reload', async ({
  page,
  context,
}) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);

  const orders = await context.newPage();
  await orders.goto('/orders');
  const order = orders.getByRole('main').getByRole('listitem').filter({ hasText: 'Paid with' });
  await expect(order.first()).toContainText('REQUIRES_ACTION');
  await expect(order.first().getByRole('button', { name: 'Continue Payment' })).toBeVisible();
  const noReload = await watchForReloads(orders);

  // Simulate Payment asks the provider's /simulate; its payment.capture webhook moves the order.
  await page.getByRole('main').getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(order.first()).toContainText('SUCCEEDED');
  await expect(order.first().getByText('PAID', { exact: true })).toBeVisible();
  await expect(order.first().getByRole('button', { name: 'Refund', exact: true })).toBeEnabled();
  await noReload();
});

test('a payment method linked by OTP turns ACTIVE on the open Payment Methods page without a reload', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: 'BRI_DIRECT_DEBIT ID', exact: true }).click();
  const form = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
  await channelFormOpened(form);
  await form.getByLabel('Mobile Number').fill('+6281234567890');
  await form.getByRole('button', { name: 'Link' }).click();
  await expect(page).toHaveURL(/\/payment_methods\/new\/[^/]+\/otp$/);

  const methods = await context.newPage();
  await methods.goto('/payment_methods');
  const method = methods.getByRole('main').getByRole('listitem').first();
  await expect(method).toContainText('BRI_DIRECT_DEBIT');
  await expect(method).not.toContainText('ACTIVE');
  const noReload = await watchForReloads(methods);

  await page.getByPlaceholder('Enter OTP').fill('333000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await expect(method).toContainText('ACTIVE');
  await expect(method.getByRole('button', { name: 'Unlink' })).toBeEnabled();
  await noReload();
});

test('result pages follow the payment or method they name, not the address', async ({ page }) => {
  await signIn(page);
  await page.goto('/payments/success?payment_id=pay_does_not_exist');
  await expect(page).toHaveURL(/\/payments\/failure\?payment_id=pay_does_not_exist$/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();

  await page.goto('/payment_methods/success?payment_method_id=pm_does_not_exist');
  await expect(page).toHaveURL(/\/payment_methods\/failure\?payment_method_id=pm_does_not_exist$/);
  await expect(page.getByRole('heading', { name: 'Linking Failed.' })).toBeVisible();
});

test('the mobile embed demo runs under the store’s Content-Security-Policy', async ({
  page,
  context,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      refused.push(message.text());
    }
  });
  await page.goto('/mobile-embed-demo.html');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Open Payment Successful' }).click();
  const child = await opened;
  await child.waitForLoadState();
  expect(new URL(child.url()).pathname).toBe('/payments/success');
  expect(refused).toEqual([]);
});
