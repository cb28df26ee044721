import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessibleAtBothWidths,
  recordButtonLabels,
  signIn,
  watchForReloads,
} from './support';

/** The /payments row of the newest payment (the list is newest first). */
function newestPayment(page: Page) {
  return page.getByRole('main').getByRole('listitem').filter({ hasText: 'Reference ID' }).first();
}

/** Puts the named products in the cart and pays them with a virtual account and Simulate Payment. */
async function payForProducts(page: Page, products: readonly (string | number)[]) {
  const main = page.getByRole('main');
  for (const product of products) {
    await page.goto('/products');
    const links = main.getByRole('link');
    await (
      typeof product === 'number' ? links.nth(product) : links.filter({ hasText: product }).first()
    ).click();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  }
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);
  await main.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
}

/**
 * On the refund page at 390 px: every line's price stays inside the list, however long its status
 * (REFUND_FAILED pushed it past the card's edge, where the card cut it off).
 */
async function expectPricesInsideOnAPhone(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const list = page.getByRole('main').getByRole('list');
  const listBox = await list.boundingBox();
  for (const price of await list.getByText(/^IDR /).all()) {
    const box = await price.boundingBox();
    expect(box && listBox && box.x + box.width <= listBox.x + listBox.width + 0.5).toBe(true);
  }
  if (before) await page.setViewportSize(before);
}

/** On the refund page: ticks the lines at these positions and submits. */
async function refundLines(page: Page, positions: readonly number[]) {
  const main = page.getByRole('main');
  await expect(page).toHaveURL(/\/payments\/[^/]+\/refund$/);
  await expect(main.getByRole('heading', { name: /^Refund \S+$/ })).toBeVisible();
  const submit = main.getByRole('button', { name: 'Refund', exact: true });
  await expect(submit).toBeDisabled();
  for (const position of positions) await main.getByRole('checkbox').nth(position).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/refunds\/pending\?payment_id=/);
}

test('an open Payments page moves from Refund Pending to Refund Succeeded without a reload', async ({
  page,
  context,
}) => {
  await signIn(page);
  await payForProducts(page, [0]);

  const list = await context.newPage();
  await list.goto('/payments');
  const row = newestPayment(list);
  await expect(row.getByRole('button', { name: 'Refund', exact: true })).toBeEnabled();
  const noReload = await watchForReloads(list);
  const seenLabels = await recordButtonLabels(list);

  await page.goto('/payments');
  await newestPayment(page).getByRole('button', { name: 'Refund', exact: true }).click();
  await refundLines(page, [0]);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Refund Pending' })).toBeVisible();
  await expect(
    main.getByText('Your refund is being processed. This may take a few moments.'),
  ).toBeVisible();

  // The webhook settles the refund about a second later; the open page follows by itself.
  await expect(row.getByRole('button', { name: 'Refund Succeeded' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  expect(await seenLabels()).toContain('Refund Pending');
  await noReload();
});

test('refunds one line of two, shows each line its status and still offers the other', async ({
  page,
}) => {
  await signIn(page);
  await payForProducts(page, [0, 1]);
  const main = page.getByRole('main');

  await page.goto('/payments');
  await newestPayment(page).getByRole('button', { name: 'Refund' }).click();
  await expect(main.getByText('Select the order lines to refund.')).toBeVisible();
  await main.getByRole('checkbox').first().check();
  // The amount of what is selected, before anything is sent.
  await expect(main.getByText(/^Refund amount: IDR [\d,.]+$/)).toBeVisible();
  await main.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page).toHaveURL(/\/refunds\/pending\?payment_id=/);

  await page.goto('/payments');
  const noReload = await watchForReloads(page);
  const row = newestPayment(page);
  await expect(row.getByText(/: REFUND_SUCCEEDED, .+: PAID$/)).toBeVisible();
  // The specification's disabled label stays, and Refund is offered beside it for the other line.
  await expect(row.getByRole('button', { name: 'Refund Succeeded' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Refund', exact: true })).toBeEnabled();
  await noReload();

  // The refund page shows each line its own status; only the PAID one can be ticked.
  await row.getByRole('button', { name: 'Refund', exact: true }).click();
  const lines = main.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByText('REFUND_SUCCEEDED', { exact: true })).toBeVisible();
  await expect(lines.nth(0).getByRole('checkbox')).toBeDisabled();
  await expect(lines.nth(1).getByText('PAID', { exact: true })).toBeVisible();
  await expect(lines.nth(1).getByRole('checkbox')).toBeEnabled();

  await page.goto('/orders');
  const order = page.getByRole('main').getByRole('listitem').first();
  await order.getByRole('button', { name: 'View More' }).click();
  await expect(order.getByText('REFUND_SUCCEEDED').first()).toBeVisible();
  await expect(order.getByText('PAID', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Refund Succeeded' })).toBeDisabled();
  await expect(order.getByRole('button', { name: 'Refund', exact: true })).toBeEnabled();
});

test('a failed refund keeps the disabled Refund Failed and offers Try Refund Again', async ({
  page,
}) => {
  await signIn(page);
  // A refund of this product's amount (20105) is accepted, then fails by webhook.
  await payForProducts(page, ['Sandbox: Declined Later']);
  const main = page.getByRole('main');

  await page.goto('/payments');
  await newestPayment(page).getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(main.getByRole('listitem').first().getByText('PAID', { exact: true })).toBeVisible();
  await refundLines(page, [0]);

  await page.goto('/payments');
  const row = newestPayment(page);
  await expect(row.getByRole('button', { name: 'Refund Failed' })).toBeDisabled();
  const retry = row.getByRole('button', { name: 'Try Refund Again' });
  await expect(retry).toBeEnabled();
  await expectAccessibleAtBothWidths(page);

  await retry.click();
  const line = main.getByRole('listitem').first();
  await expect(line.getByText('REFUND_FAILED', { exact: true })).toBeVisible();
  await expect(line.getByRole('checkbox')).toBeEnabled();
  await expectPricesInsideOnAPhone(page);
  await expectAccessibleAtBothWidths(page);
  await refundLines(page, [0]);

  // Tried again, it is sent again (and this test amount fails again).
  await page.goto('/payments');
  await expect(newestPayment(page).getByRole('button', { name: 'Refund Failed' })).toBeDisabled();
  await expect(newestPayment(page).getByRole('button', { name: 'Try Refund Again' })).toBeEnabled();
});
