import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('an unknown app id gets a page saying so, not the signed-in store’s products', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/foo');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Store not found' })).toBeVisible();
  await expect(main.getByText('There is no store “foo” here.', { exact: false })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Products' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Sign in to foo' })).toHaveCount(0);
  await main.getByRole('link', { name: 'Back to Home' }).click();
  await expect(main.getByRole('heading', { name: 'Products' })).toBeVisible();
});

test('another existing store, signed in, offers its own sign-in', async ({ page }) => {
  await signIn(page);
  await page.goto('/demo-ph');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Another store' })).toBeVisible();
  await expect(main.getByText('“demo-ph” is not the store you are signed in to.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign in to demo-ph' })).toHaveAttribute(
    'href',
    '/demo-ph/login',
  );
});

test('signed out, an unknown app id gets the same page, not its sign-in', async ({ page }) => {
  await page.goto('/foo');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Store not found' })).toBeVisible();
  await expect(main.getByText('There is no store “foo” here.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/foo$/);
  await main.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed out, a store that exists still goes to its own sign-in', async ({ page }) => {
  await page.goto('/demo-ph');
  await expect(page).toHaveURL(/\/demo-ph\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
