import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support';

// Long words on a 390 px phone: the whole of each is on screen, wrapped rather than cut.

test.use({ viewport: { width: 390, height: 844 } });

/** Widths of the element's content against its box: content wider than the box is cut off. */
function isCut(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
}

async function addToCartAndCheckout(page: Page, productId: string) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

for (const { appId, productId, longest } of [
  {
    appId: 'demo-th',
    productId: 'th-ceramic-mug',
    longest: 'STANDARD_CHARTERED_VIRTUAL_ACCOUNT TH',
  },
  { appId: 'demo-ph', productId: 'ph-ceramic-mug', longest: 'ROBINSONS_BANK_ONLINE_BANKING PH' },
]) {
  test(`every channel button shows its whole code and country (${appId})`, async ({ page }) => {
    await signIn(page, { appId });
    await addToCartAndCheckout(page, productId);
    const longButton = page.getByRole('button', { name: longest, exact: true });
    await expect(longButton).toBeVisible();

    const cut: string[] = [];
    for (const button of await page.getByRole('main').getByRole('button').all()) {
      const label = button.locator('.mantine-Button-label');
      if ((await label.count()) === 1 && (await isCut(label))) {
        cut.push((await button.textContent()) ?? '');
      }
    }
    expect(cut).toEqual([]);
  });
}

test('the refund page shows the whole payment id in its title', async ({ page }) => {
  await signIn(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const created = await page.request.post('/api/payments', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `phone-fit-${Date.now()}` },
    data: {
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/payments/${id}/refund`);
  const title = page.getByRole('heading', { name: `Refund ${id}` });
  await expect(title).toBeVisible();
  expect(await isCut(title)).toBe(false);
});

test('an order line with a long status keeps its price inside the order', async ({ page }) => {
  await signIn(page);
  const main = page.getByRole('main');
  await page.goto('/products/id-ceramic-mug');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'BCA_VIRTUAL_ACCOUNT ID', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/[^/]+$/);
  await main.getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await page.goto('/orders');
  await main.getByRole('button', { name: 'Refund', exact: true }).first().click();
  await main.getByRole('checkbox').first().check();
  await main.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(main.getByRole('heading', { name: 'Refund Succeeded' })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/orders');
  const order = main.getByRole('listitem', { name: /^Order / }).first();
  const line = order.getByRole('listitem').first();
  await expect(line.getByText('REFUND_SUCCEEDED')).toBeVisible();
  const orderBox = await order.boundingBox();
  const priceBox = await line.getByText(/^IDR [\d.]+$/).boundingBox();
  expect(orderBox && priceBox && priceBox.x + priceBox.width).toBeLessThanOrEqual(
    (orderBox?.x ?? 0) + (orderBox?.width ?? 0),
  );
});

test("a payment method's status badge stays at the card's right edge, above its buttons", async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/payment_methods/new');
  await page.getByRole('button', { name: 'DANA ID', exact: true }).click();
  await page.getByRole('button', { name: 'Link account' }).click();
  await expect(page.getByRole('heading', { name: 'Linking Successful!' })).toBeVisible();
  await page.goto('/payment_methods');
  const method = page.getByRole('main').getByRole('listitem', { name: /^Payment method / });
  const badge = method.getByText('ACTIVE', { exact: true });
  await expect(badge).toBeVisible();
  const [card, badgeBox, logs] = await Promise.all([
    method.boundingBox(),
    badge.boundingBox(),
    method.getByRole('button', { name: 'View Xendit Logs' }).boundingBox(),
  ]);
  if (!card || !badgeBox || !logs) throw new Error('the method is not laid out');
  // The badge's word ends where the buttons end (its own padding aside), at the card's right
  // edge (the card's padding aside), not in the middle of the card.
  expect(Math.abs(badgeBox.x + badgeBox.width - (logs.x + logs.width))).toBeLessThan(16);
  expect(card.x + card.width - (logs.x + logs.width)).toBeLessThan(24);
});
