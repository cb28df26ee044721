import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, expectAccessibleAtBothWidths, signIn } from './support';

/** The instruction screen of a retail payment code: code, where to pay, deadline and a way on. */
async function expectRetailInstructions(page: Page, store: string, currency: string) {
  await expect(page).toHaveURL(/\/payments\/new\/[^/]+\/paymentcode$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payment Code' })).toBeVisible();
  await expect(main.getByTestId('payment-code')).toHaveText(/^\w{4}\d{10}$/);
  await expect(main.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(main.getByText(`Pay at: ${store}`, { exact: true })).toBeVisible();
  await expect(main.getByText(`Show this code at the cashier of any ${store} store`)).toBeVisible();
  await expect(main.getByText(/^Please complete payment before \w+ \d+, \d{4}, /)).toBeVisible();
  await expect(main.getByText(new RegExp(`^Amount ${currency} [\\d,.]+$`))).toBeVisible();
  await expect(main.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
  await expectAccessibleAtBothWidths(page);
}

test('an ALFAMART code in the development app: where and by when to pay, and Simulate Payment', async ({
  page,
}) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'ALFAMART ID', exact: true }).click();
  await expectRetailInstructions(page, 'Alfamart', 'IDR');

  await page.getByRole('main').getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
});

test('a 7ELEVEN code in the live app: where and by when to pay, and Orders as the next step', async ({
  page,
}) => {
  await signIn(page, { appId: 'demo-ph' });
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: '7ELEVEN PH', exact: true }).click();
  await expectRetailInstructions(page, '7-Eleven', 'PHP');
  // A live app cannot simulate: the customer pays at the counter and follows the order in Orders.
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Simulate Payment' })).toHaveCount(0);
  await main.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(
    'REQUIRES_ACTION',
  );
});
