import { devices, expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

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

/** A payment the provider refuses at creation (DANA at the test amount 10101): FAILED. */
async function failedPayment(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const refused = await page.request.post('/api/payments', {
    headers: { ...headers, 'idempotency-key': `hand-off-${Date.now()}` },
    data: {
      amount: 10_101,
      currency: 'IDR',
      country: 'ID',
      channel: 'DANA',
      type: 'PAY',
      orders: [
        {
          product_id: 'id-sandbox-channel-unavailable',
          quantity: 1,
          price: 10_101,
          currency: 'IDR',
        },
      ],
    },
  });
  expect(refused.ok()).toBe(false);
  const listed = await page.request.get('/api/payments', { headers });
  const [payment] = ((await listed.json()) as { payments: { id: string; status: string }[] })
    .payments;
  expect(payment?.status).toBe('FAILED');
  return payment?.id ?? '';
}

test('a failed payment opened as a success tells the app failure, once, with only its id', async ({
  page,
}) => {
  await signIn(page);
  const paymentId = await failedPayment(page);
  await page.addInitScript(() => {
    window.__messages = [];
    (window as unknown as Record<string, unknown>).ReactNativeWebView = {
      postMessage: (message: string) => window.__messages.push(message),
    };
  });
  // What an attacker would send the customer: a success page with parameters of its own.
  await page.goto(
    `/payments/success?payment_id=${paymentId}&openUrlFlow=true&source=app&status=SUCCEEDED&next=https%3A%2F%2Fevil.example`,
  );
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__messages)).toHaveLength(1);
  const [message] = await page.evaluate(() => window.__messages);
  expect(JSON.parse(message ?? '{}')).toEqual({
    type: 'store-result',
    path: `/payments/failure?payment_id=${paymentId}`,
    source: 'app',
  });
});

test('in a browser flow on Android, the app is offered the failure, never the success', async ({
  page,
}) => {
  await signIn(page);
  const paymentId = await failedPayment(page);
  const opened: string[] = [];
  // The custom scheme cannot load in the test browser: record every attempt to open it.
  page.on('framenavigated', (frame) => opened.push(frame.url()));
  page.on('requestfailed', (request) => opened.push(request.url()));
  await page.goto(`/payments/success?payment_id=${paymentId}&openUrlFlow=true&extra=1`);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to the app' })).toHaveAttribute(
    'href',
    `xenditdemo://payments/failure?payment_id=${paymentId}`,
  );
  expect(opened.filter((url) => url.startsWith('xenditdemo://payments/success'))).toEqual([]);
});
