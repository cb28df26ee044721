import { expect, type Page } from '@playwright/test';

let customerCounter = 0;

/** A new email per call, so every test is its own customer with its own cart and payments. */
export function uniqueEmail(prefix = 'shopper'): string {
  customerCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${customerCounter}@example.com`;
}

/** Signs in through the login page with a typed app id and the identity simulator's chooser. */
export async function signIn(
  page: Page,
  { appId = 'demo-id', email = uniqueEmail(), name = 'E2E Shopper' } = {},
): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Enter App Id').fill(appId);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await chooser.getByLabel('Email').fill(email);
  await chooser.getByLabel('Name').fill(name);
  await chooser.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`/${appId}$`));
}

/** Puts the first product of the grid into the cart and opens checkout. */
export async function checkoutFirstProduct(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await page.goto('/products');
  await main.getByRole('link').first().click();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}
