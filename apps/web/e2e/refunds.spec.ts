import { expect, test, type Page } from '@playwright/test';
import { checkoutFirstProduct, signIn } from './support';

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

test('refunds one line of a paid order: Refund Pending, then Refund Succeeded', async ({
  page,
}) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);
  await page.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/(pending|success)\?payment_id=/);

  await page.goto('/payments');
  const row = newestPayment(page);
  await reloadUntil(page, () =>
    expect(row.getByRole('button', { name: 'Refund' })).toBeVisible({ timeout: 1_000 }),
  );
  await row.getByRole('button', { name: 'Refund' }).click();

  await expect(page).toHaveURL(/\/payments\/[^/]+\/refund$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: /^Refund \S+$/ })).toBeVisible();
  const submit = main.getByRole('button', { name: 'Refund', exact: true });
  await expect(submit).toBeDisabled();
  await main.getByRole('checkbox').first().check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/refunds\/pending$/);
  await expect(main.getByRole('heading', { name: 'Refund Pending' })).toBeVisible();
  await expect(
    main.getByText('Your refund is being processed. This may take a few moments.'),
  ).toBeVisible();

  await page.goto('/payments');
  await expect(
    newestPayment(page).getByRole('button', { name: /^Refund (Pending|Succeeded)$/ }),
  ).toBeDisabled();
  await reloadUntil(page, () =>
    expect(newestPayment(page).getByRole('button', { name: 'Refund Succeeded' })).toBeDisabled({
      timeout: 1_000,
    }),
  );
});

test('refunds one line of two, shows each line its status and still offers the other', async ({
  page,
}) => {
  await signIn(page);
  const main = page.getByRole('main');
  for (const position of [0, 1]) {
    await page.goto('/products');
    await main.getByRole('link').nth(position).click();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  }
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await page.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });

  await page.goto('/payments');
  await newestPayment(page).getByRole('button', { name: 'Refund' }).click();
  const submit = main.getByRole('button', { name: 'Refund', exact: true });
  await expect(main.getByText('Select the order lines to refund.')).toBeVisible();
  await main.getByRole('checkbox').first().check();
  // The amount of what is selected, before anything is sent.
  await expect(main.getByText(/^Refund amount: IDR [\d,.]+$/)).toBeVisible();
  await submit.click();
  await expect(page).toHaveURL(/\/refunds\/pending$/);

  await page.goto('/payments');
  const row = newestPayment(page);
  await reloadUntil(page, () =>
    expect(row.getByText(/: REFUND_SUCCEEDED, .+: PAID$/)).toBeVisible({ timeout: 1_000 }),
  );
  // One line is left to refund: Refund is still offered, not a disabled Refund Succeeded.
  await expect(row.getByRole('button', { name: 'Refund', exact: true })).toBeEnabled();

  await page.goto('/orders');
  const order = page.getByRole('main').getByRole('listitem').first();
  await order.getByRole('button', { name: 'View More' }).click();
  await expect(order.getByText('REFUND_SUCCEEDED').first()).toBeVisible();
  await expect(order.getByText('PAID', { exact: true })).toBeVisible();
});
