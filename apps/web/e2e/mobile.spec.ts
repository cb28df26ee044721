import { devices, expect, test } from '@playwright/test';

const pixel7 = devices['Pixel 7'];
test.use({
  userAgent: pixel7.userAgent,
  viewport: pixel7.viewport,
  deviceScaleFactor: pixel7.deviceScaleFactor,
  isMobile: pixel7.isMobile,
  hasTouch: pixel7.hasTouch,
});

declare global {
  interface Window {
    __messages: string[];
  }
}

test('the success page posts what it knows to the webview bridge of a mobile app', async ({
  page,
}) => {
  // What react-native-webview injects, recording what the page posts.
  await page.addInitScript(() => {
    window.__messages = [];
    (window as unknown as Record<string, unknown>).ReactNativeWebView = {
      postMessage: (message: string) => window.__messages.push(message),
    };
  });
  const path = '/payments/success?payment_id=pay_demo&source=mobile-app&openUrlFlow=false';
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await expect.poll(() => page.evaluate(() => window.__messages)).toHaveLength(1);
  const [message] = await page.evaluate(() => window.__messages);
  // Signed out, the page cannot read the payment: it tells the app pending, for the app to read it.
  expect(JSON.parse(message ?? '{}')).toEqual({
    type: 'store-result',
    path: '/payments/pending?payment_id=pay_demo',
    source: 'mobile-app',
  });
});

test('the failure page posts nothing without a bridge outside a browser flow', async ({ page }) => {
  await page.addInitScript(() => {
    window.__messages = [];
  });
  await page.goto('/payments/failure?source=mobile-app');
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/failure\?source=mobile-app$/);
  expect(await page.evaluate(() => window.__messages)).toEqual([]);
});

test('a browser flow offers Return to the app, for when the browser wants a tap', async ({
  page,
}) => {
  const path = '/payments/failure?source=mobile-app&openUrlFlow=true';
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to the app' })).toHaveAttribute(
    'href',
    'xenditdemo://payments/pending',
  );
});
