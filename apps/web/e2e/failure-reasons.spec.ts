import { expect, test } from '@playwright/test';
import { channelFormOpened, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a payment the provider refuses at creation says why, keeps the cart and lets the customer choose again', async ({
  page,
}) => {
  const main = page.getByRole('main');
  await page.goto('/products');
  await main.getByRole('link', { name: /Sandbox: Channel Unavailable/ }).click();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await expect(page.getByText('IDR 10.101').first()).toBeVisible();

  const dana = page.getByRole('button', { name: 'DANA ID', exact: true });
  await dana.click();
  const dialog = page.getByRole('dialog', { name: 'Payment failed' });
  await expect(dialog.getByText('This payment method is not available right now.')).toBeVisible();
  await expect(dialog.getByText('Your cart is unchanged.', { exact: false })).toBeVisible();
  // The error panel keeps the code and the provider's exchange for developers.
  await expect(dialog.getByRole('alert')).toContainText('CHANNEL_UNAVAILABLE');
  await expect(
    dialog.getByRole('button', { name: 'View Xendit Request and Response' }),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Try Another Payment Method' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main.getByText('Sandbox: Channel Unavailable').first()).toBeVisible();
  await expect(dana).toBeEnabled();
  await expect(
    page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }),
  ).toBeEnabled();
});

test('OVO asks for the mobile number in the form, before any call', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/products');
  await main.getByRole('link').first().click();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();

  const created: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payments') {
      created.push(request.url());
    }
  });
  await page.getByRole('button', { name: 'OVO ID', exact: true }).click();
  const form = page.getByRole('form', { name: 'OVO details' });
  await channelFormOpened(form);
  const mobileNumber = form.getByLabel('Mobile Number');
  // A new customer has no mobile number on the account, so there is none to prefill.
  await expect(mobileNumber).toHaveValue('');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(form.getByText('Mobile Number is required')).toBeVisible();
  await expect(mobileNumber).toHaveAccessibleDescription('Mobile Number is required');
  await expect(page).toHaveURL(/\/checkout$/);
  expect(created).toEqual([]);

  await mobileNumber.fill('+628123456789');
  await expect(form.getByText('Mobile Number is required')).toBeHidden();
  const request = page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/payments',
  );
  await form.getByRole('button', { name: 'Pay' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    channel: 'OVO',
    channel_properties: { mobile_number: '+628123456789' },
  });
});
