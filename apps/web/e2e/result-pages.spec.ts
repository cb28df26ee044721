import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** The payment id a result page was reached for. */
function paymentIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('payment_id') ?? '';
}

test('the success page of a failed payment goes to the failure page, with its reason', async ({
  page,
}) => {
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/payments\/failure\?payment_id=/);
  const paymentId = paymentIdOf(page);

  await page.goto(`/payments/success?payment_id=${paymentId}`);
  await expect(page).toHaveURL(new RegExp(`/payments/failure\\?payment_id=${paymentId}$`));
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);
  await expect(
    page.getByText('The payment was declined in the app or on the page that asked for approval.'),
  ).toBeVisible();
  await expect(page.getByText('USER_DECLINED_PAYMENT', { exact: true })).toBeVisible();
});

test('the failure page of a paid payment goes to the success page', async ({ page }) => {
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await page.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  const paymentId = paymentIdOf(page);

  await page.goto(`/payments/failure?payment_id=${paymentId}`);
  await expect(page).toHaveURL(new RegExp(`/payments/success\\?payment_id=${paymentId}$`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toHaveCount(0);
});

test('a linking page waits while the method is being linked, and moves on when it is', async ({
  page,
  context,
}) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/link\//);
  const listed = await page.request.get('/api/payment_methods', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { payment_methods: methods } = (await listed.json()) as {
    payment_methods: { id: string; status: string }[];
  };
  const method = methods[0];
  expect(method?.status).toBe('REQUIRES_ACTION');

  // The provider has not said yet: neither success nor failure is true.
  const result = await context.newPage();
  for (const path of ['/payment_methods/success', '/payment_methods/failure']) {
    await result.goto(`${path}?payment_method_id=${method?.id}`);
    await expect(result.getByRole('heading', { name: 'Linking Pending' })).toBeVisible();
    await expect(result.getByRole('heading', { name: 'Linking Successful!' })).toHaveCount(0);
    await expect(result.getByRole('heading', { name: 'Linking Failed.' })).toHaveCount(0);
  }
  let reloaded = false;
  result.on('load', () => {
    reloaded = true;
  });

  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(result.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(result).toHaveURL(/\/payment_methods\/success\?payment_method_id=/);
  expect(reloaded).toBe(false);
});
