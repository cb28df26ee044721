import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('an unknown app id gets a page saying so, not the signed-in store’s products', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/foo');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Store not found' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Products' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Sign in to foo' })).toHaveAttribute(
    'href',
    '/foo/login',
  );
  await main.getByRole('link', { name: 'Back to Home' }).click();
  await expect(main.getByRole('heading', { name: 'Products' })).toBeVisible();
});
