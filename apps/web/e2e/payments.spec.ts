import { expect, test, type Page } from '@playwright/test';
import { channelFormOpened, checkoutFirstProduct, signIn } from './support';

/** Each test is a new customer with their own cart, signed in and at checkout. */
test.beforeEach(async ({ page }) => {
  await signIn(page);
  await checkoutFirstProduct(page);
});

function channelButton(page: Page, code: string) {
  return page.getByRole('button', { name: `${code} ID`, exact: true });
}

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

test('pays with a virtual account and Simulate Payment', async ({ page }) => {
  await channelButton(page, 'BCA_VIRTUAL_ACCOUNT').click();

  await expect(page).toHaveURL(/\/payments\/[^/]+$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(main.getByText(/^Please complete payment before \w+ \d+, \d{4}, /)).toBeVisible();
  await expect(main.getByText('Payment Code')).toBeVisible();
  await expect(main.getByTestId('payment-code')).toHaveText(/\d+/);
  await expect(main.getByText(/^Amount IDR [\d.]+$/)).toBeVisible();
  // Where and how to pay, a copy button for the number, and a way on that is not a dead end.
  await expect(main.getByText('Bank: BCA Virtual Account')).toBeVisible();
  await expect(
    main.getByText(/^Transfer the exact amount to this virtual account number/),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');

  await main.getByRole('button', { name: 'Simulate Payment' }).click();
  // The pending page names its payment, and moves on to success once the webhook has come.
  await expect(page).toHaveURL(/\/payments\/(pending|success)\?payment_id=/);
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/payments');
  await expect(newestPayment(page)).toContainText('SUCCEEDED');
  await expect(newestPayment(page)).toContainText('BCA_VIRTUAL_ACCOUNT');
  await expect(newestPayment(page).getByRole('button', { name: 'Refund' })).toBeVisible();
});

test('shows a QR code to scan for QRIS, with where and how to pay', async ({ page }) => {
  await channelButton(page, 'QRIS').click();
  await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/paymentcode$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payment Code' })).toBeVisible();
  await expect(main.getByText('Pay with: QRIS')).toBeVisible();
  const qr = main.getByRole('img', { name: 'QR code to scan' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
  await expect(main.getByTestId('payment-code')).toHaveText(/^000201/);
  await expect(main.getByRole('button', { name: 'Copy' })).toBeVisible();
});

test('pays with DANA approved on the hosted page', async ({ page }) => {
  await channelButton(page, 'DANA').click();
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/payments\/success\?/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    page.getByText('Thank you for your purchase. Your transaction was successful.'),
  ).toBeVisible();
  await expect(page.getByText(/^Payment \S+ has succeeded\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('shows the failure page when DANA is declined on the hosted page', async ({ page }) => {
  await channelButton(page, 'DANA').click();
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/payments\/failure\?/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('Unfortunately, your payment could not be processed.')).toBeVisible();
  await expect(page.getByText(/^Payment \S+ has failed\.$/)).toBeVisible();
  // Why, in words, with the provider's code for support.
  await expect(
    page.getByText('The payment was declined in the app or on the page that asked for approval.'),
  ).toBeVisible();
  await expect(page.getByText('USER_DECLINED_PAYMENT')).toBeVisible();

  // The same order, back at checkout, to pay another way.
  await page.getByRole('button', { name: 'Try Another Payment Method' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(channelButton(page, 'BCA_VIRTUAL_ACCOUNT')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
});

test('pays by BRI direct debit with a mobile number and OTP, after a wrong OTP', async ({
  page,
}) => {
  await channelButton(page, 'BRI_DIRECT_DEBIT').click();
  const form = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
  await channelFormOpened(form);
  await form.getByLabel('Mobile Number').fill('+6281234567890');
  await form.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/otp$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Verify Your Identity' })).toBeVisible();
  const otp = main.getByPlaceholder('Enter OTP');
  await expect(otp).toHaveAttribute('maxlength', '6');
  await expect(main.getByRole('button', { name: 'Resend OTP' })).toBeVisible();

  await otp.fill('123456');
  await main.getByRole('button', { name: 'Submit' }).click();
  const error = main.getByRole('alert');
  await expect(error).toContainText('INVALID_OTP');
  await error.getByRole('button', { name: 'Close error' }).click();
  await expect(error).toBeHidden();

  await otp.fill('222000');
  await main.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('leaves the OTP screen for the failure page, with the reason, when wrong codes end the payment', async ({
  page,
}) => {
  await channelButton(page, 'BRI_DIRECT_DEBIT').click();
  const form = page.getByRole('form', { name: 'BRI_DIRECT_DEBIT details' });
  await channelFormOpened(form);
  await form.getByLabel('Mobile Number').fill('+6281234567890');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/otp$/);

  const main = page.getByRole('main');
  const otp = main.getByPlaceholder('Enter OTP');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await otp.fill('123456');
    await main.getByRole('button', { name: 'Submit' }).click();
    if (attempt < 2) {
      const error = main.getByRole('alert');
      await expect(error).toContainText('INVALID_OTP');
      await error.getByRole('button', { name: 'Close error' }).click();
    }
  }
  await expect(page).toHaveURL(/\/payments\/failure\?/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(
    page.getByText('The one-time password was entered wrongly too many times.'),
  ).toBeVisible();
  await expect(page.getByText('OTP_ATTEMPT_COUNTS_EXCEEDED')).toBeVisible();
});

test('cancels a payment that requires action from the payments list', async ({ page }) => {
  await channelButton(page, 'DANA').click();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();

  await page.goto('/payments');
  const row = newestPayment(page);
  await expect(row).toContainText('REQUIRES_ACTION');
  await expect(row.getByRole('button', { name: 'Continue Payment' })).toBeVisible();
  await row.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  // Nothing happens until the customer confirms.
  const confirm = page.getByRole('dialog', { name: 'Cancel this payment?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel payment' }).click();

  await expect(row).toContainText('CANCELED');
  await expect(row).not.toContainText('CANCELLED');
  await expect(row.getByRole('button', { name: 'Continue Payment' })).toBeHidden();
});

test("opens the logs drawer and shows the provider's request-id", async ({ page }) => {
  await channelButton(page, 'BCA_VIRTUAL_ACCOUNT').click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);

  await page.goto('/orders');
  const order = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Paid with' });
  await expect(order.first()).toContainText('Paid with BCA_VIRTUAL_ACCOUNT');
  await order.first().getByRole('button', { name: 'View Xendit Logs' }).click();

  const drawer = page.getByRole('dialog', { name: /^Xendit Logs/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(/^POST \S+\/v3\/payment_requests$/).first()).toBeVisible();
  await expect(drawer.getByText(/^Request ID: \S+/).first()).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'APM Trace' }).first()).toHaveAttribute(
    'href',
    /query=request_id/,
  );
  await drawer.getByRole('button', { name: 'Response Headers' }).first().click();
  await expect(drawer.getByText(/"request-id"/).first()).toBeVisible();
});
