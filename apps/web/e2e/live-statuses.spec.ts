import { expect, test } from '@playwright/test';
import { checkoutFirstProduct, signIn } from './support';

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
  let reloaded = false;
  list.on('load', () => {
    reloaded = true;
  });

  await page.getByRole('main').getByRole('button', { name: 'Simulate Payment' }).click();
  // The pending page knows its payment and moves on to the success page by itself.
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await expect(newest).toContainText('SUCCEEDED', { timeout: 20_000 });
  expect(reloaded).toBe(false);
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
