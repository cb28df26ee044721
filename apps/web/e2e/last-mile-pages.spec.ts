import { expect, test, type Page } from '@playwright/test';
import {
  cancelPaymentInRow,
  checkoutFirstProduct,
  expectAccessibleAtBothWidths,
  signIn,
} from './support';

/**
 * The last mile of the checkout, as a new customer walks it: what the success page says, where
 * Back goes after paying, the total on a phone, the words on customer screens, the App Id check
 * at sign-in, the error viewer, a refusal's status code and the live app's vouchers.
 */
const phone = { width: 390, height: 844 };

function channelButton(page: Page, code: string) {
  return page.getByRole('button', { name: `${code} ID`, exact: true });
}

/** Pays the checkout's order with a BCA virtual account and Simulate Payment, up to success. */
async function payByVirtualAccount(page: Page): Promise<void> {
  await channelButton(page, 'BCA_VIRTUAL_ACCOUNT').click();
  await expect(page).toHaveURL(/\/payments\/pay_[^/?]+$/);
  await page.getByRole('main').getByRole('button', { name: 'Simulate Payment' }).click();
  await expect(page).toHaveURL(/\/payments\/success\?payment_id=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** The Sandbox: Channel Unavailable product at checkout, whose DANA payment the provider refuses. */
async function checkoutChannelUnavailable(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await page.goto('/products');
  await main.getByRole('link', { name: /Sandbox: Channel Unavailable/ }).click();
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
}

test.describe('after paying', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await checkoutFirstProduct(page);
  });

  test('the success page says what was bought, the amount, the channel, and links to the order', async ({
    page,
  }) => {
    const summary = page.getByRole('main').getByRole('listitem').first();
    const productName = (await summary.innerText()).split('\n')[0]?.trim() ?? '';
    const total = await page.getByTestId('order-total').innerText();
    await payByVirtualAccount(page);

    // The specification's sentence and the store's note stay; the receipt comes beside them.
    await expect(
      page.getByText('Thank you for your purchase. Your transaction was successful.'),
    ).toBeVisible();
    await expect(page.getByText(/^Payment pay_\S+ has succeeded\.$/)).toBeVisible();
    const receipt = page.getByTestId('purchase-summary');
    await expect(receipt.getByText('You bought')).toBeVisible();
    await expect(receipt.getByRole('listitem')).toHaveText([productName]);
    await expect(receipt.getByText(`Amount paid: ${total}`)).toBeVisible();
    await expect(receipt.getByText('Paid with: BCA Virtual Account')).toBeVisible();
    await receipt.getByRole('link', { name: 'View your order' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(
      page.getByRole('main').getByRole('listitem').filter({ hasText: 'Paid with' }).first(),
    ).toContainText(productName);
  });

  test('Back after paying leaves the flow instead of looping through it', async ({ page }) => {
    // checkoutFirstProduct went products, a product, then checkout: Back from checkout is the product.
    await page.goBack();
    await expect(page).toHaveURL(/\/products\/[^/]+$/);
    const productUrl = page.url();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();

    await payByVirtualAccount(page);
    await page.goBack();
    // Neither the paid virtual account (which forwards to success again) nor the emptied checkout.
    await expect(page).toHaveURL(productUrl);
    await expect(page.getByRole('button', { name: /Add to Cart|Added to Cart/ })).toBeVisible();
  });
});

test('on a phone, checkout shows the amount to pay before the channel buttons', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await signIn(page);
  await checkoutFirstProduct(page);
  const amount = page.getByText(/^Amount to pay: IDR [\d.]+$/);
  await expect(amount).toBeVisible();
  await expect(amount).toHaveText(
    `Amount to pay: ${await page.getByTestId('order-total').innerText()}`,
  );
  const amountBox = await amount.boundingBox();
  const firstChannel = await channelButton(page, 'CARDS').boundingBox();
  if (!amountBox || !firstChannel) throw new Error('the amount or the channels are not drawn');
  expect(amountBox.y + amountBox.height).toBeLessThan(firstChannel.y);
  // In view when checkout opens, without scrolling.
  expect(amountBox.y + amountBox.height).toBeLessThan(phone.height);
});

test.describe('words on customer screens', () => {
  test('an unknown payment says in words what NOT_FOUND means, beside the code and message', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/payments/pay_nope');
    const panel = page.getByRole('main').getByRole('alert');
    await expect(panel).toContainText('NOT_FOUND');
    await expect(panel).toContainText('Payment pay_nope not found');
    await expect(panel.getByText(/^We could not find this in your account\./)).toBeVisible();
  });

  test('signing in to an unknown App Id says in words what APP_NOT_FOUND means', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Enter App Id').fill('no-such-store');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose an account' });
    await chooser.getByLabel('Email').fill('nobody@example.com');
    await chooser.getByLabel('Name').fill('Nobody');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    const panel = page.getByRole('main').getByRole('alert');
    await expect(panel).toContainText('APP_NOT_FOUND');
    await expect(
      panel.getByText('There is no store with this App Id. Check it for a typing mistake.'),
    ).toBeVisible();
  });

  test('a cancelled payment is spelled CANCELED, as payment methods are', async ({ page }) => {
    await signIn(page);
    await checkoutFirstProduct(page);
    await channelButton(page, 'DANA').click();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.goto('/payments');
    const row = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'Reference ID' })
      .first();
    await cancelPaymentInRow(page, row);
    await expect(row).toContainText('CANCELED');
    await expect(page.getByRole('main')).not.toContainText('CANCELLED');
    await page.goto('/orders');
    const order = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Paid with' });
    await expect(order.first()).toContainText('CANCELED');
    await expect(page.getByRole('main')).not.toContainText('CANCELLED');
  });

  test.describe('in Jakarta', () => {
    test.use({ timezoneId: 'Asia/Jakarta' });

    test('a deadline names its time zone', async ({ page }) => {
      await signIn(page);
      await checkoutFirstProduct(page);
      await channelButton(page, 'BCA_VIRTUAL_ACCOUNT').click();
      await expect(
        page
          .getByRole('main')
          .getByText(
            /^Please complete payment before \w+ \d+, \d{4}, \d+:\d{2}:\d{2} [AP]M GMT\+7$/,
          ),
      ).toBeVisible();
    });
  });

  test('on a phone, the QRIS Copy button keeps its word beside the long QR string', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    await signIn(page);
    await checkoutFirstProduct(page);
    await channelButton(page, 'QRIS').click();
    await expect(page).toHaveURL(/\/paymentcode$/);
    const copy = page.getByRole('main').getByRole('button', { name: 'Copy' });
    await expect(copy).toBeVisible();
    const fits = await copy.evaluate((button) => {
      const label = button.querySelector('.mantine-Button-label') ?? button;
      return {
        label: label.scrollWidth <= label.clientWidth + 1,
        right: button.getBoundingClientRect().right <= window.innerWidth,
      };
    });
    expect(fits).toEqual({ label: true, right: true });
    const width = await page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(phone.width);
  });

  test('the top bar shows the app id and the mode as they are', async ({ page }) => {
    await signIn(page);
    const header = page.getByRole('banner');
    // innerText is what is drawn, after CSS text-transform.
    expect(await header.getByLabel('App id').innerText()).toBe('demo-id');
    expect(await header.getByLabel('Mode').innerText()).toBe('development');
  });

  test('signed in to demo-id, /demo-ph says it is another store and offers its sign-in', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/demo-ph');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Another store' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Store not found' })).toHaveCount(0);
    await expect(main.getByText('“demo-ph” is not the store you are signed in to.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Sign in to demo-ph' })).toHaveAttribute(
      'href',
      '/demo-ph/login',
    );
  });
});

test('sign-in with an empty App Id says the field is required before any account chooser', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('App Id is required.')).toBeVisible();
  await expect(page.getByLabel('Enter App Id')).toHaveAccessibleDescription('App Id is required.');
  await expect(page.getByRole('dialog', { name: 'Choose an account' })).toHaveCount(0);

  await page.getByLabel('Enter App Id').fill('demo-id');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose an account' })).toBeVisible();
});

test('a refused create answers 4xx, and its error viewer is readable, reachable and fits a phone', async ({
  page,
}) => {
  await signIn(page);
  await checkoutChannelUnavailable(page);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/payments',
  );
  await channelButton(page, 'DANA').click();
  // A refusal is the browser's 4xx; 502 is kept for outcomes the store cannot know.
  expect((await answered).status()).toBe(422);

  const failed = page.getByRole('dialog', { name: 'Payment failed' });
  await expect(failed.getByRole('alert')).toContainText('CHANNEL_UNAVAILABLE');
  await expectAccessibleAtBothWidths(page);

  await failed.getByRole('button', { name: 'View Xendit Request and Response' }).click();
  const viewer = page.getByRole('dialog', { name: 'Xendit Request and Response' });
  await expect(viewer).toBeVisible();
  for (const name of ['Request headers', 'Request body', 'Response headers', 'Response body']) {
    await expect(viewer.getByRole('region', { name })).toHaveAttribute('tabindex', '0');
  }
  // From the keyboard: Tab reaches the blocks.
  await viewer.getByRole('region', { name: 'Request headers' }).focus();
  await page.keyboard.press('Tab');
  await expect(viewer.getByRole('region', { name: 'Request body' })).toBeFocused();
  await expectAccessibleAtBothWidths(page);

  await page.setViewportSize(phone);
  const clipped = await viewer.evaluate((dialog) => {
    const problems: string[] = [];
    const body = dialog.querySelector('.mantine-Modal-body') ?? dialog;
    const edge = body.getBoundingClientRect().right;
    for (const block of dialog.querySelectorAll<HTMLElement>('pre, p')) {
      const box = block.getBoundingClientRect();
      const scrolls = getComputedStyle(block).overflowX !== 'visible';
      if (box.right > edge + 1) problems.push(`${block.textContent?.slice(0, 40)} runs out`);
      if (!scrolls && block.scrollWidth > block.clientWidth + 1) {
        problems.push(`${block.textContent?.slice(0, 40)} is clipped`);
      }
    }
    return problems;
  });
  expect(clipped).toEqual([]);
});

test('the mobile embed demo fits a phone and passes axe-core at both widths', async ({ page }) => {
  await page.goto('/mobile-embed-demo.html');
  await expect(
    page.getByRole('heading', { name: 'Embedding the store in a mobile app' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('the live app offers no voucher, where the specification shows no voucher entry', async ({
  page,
}) => {
  const listed = await page.request.get('/api/vouchers?app_id=demo-ph');
  expect(((await listed.json()) as { vouchers: unknown[] }).vouchers).toEqual([]);
  await signIn(page, { appId: 'demo-ph' });
  await checkoutFirstProduct(page);
  await expect(page.getByText('Enter voucher code')).toHaveCount(0);
});

test('back from the wallet’s page without approving, Payment Pending says the payment still waits there', async ({
  page,
}) => {
  await signIn(page);
  await checkoutFirstProduct(page);
  await channelButton(page, 'DANA').click();
  await expect(page).toHaveURL(/\/pages\/ewallet\//);
  await page.getByRole('link', { name: 'Return to the store' }).click();

  await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible();
  const note = page.getByRole('alert').filter({ hasText: 'Still waiting for you' });
  await expect(note).toContainText('is still waiting for you on the payment provider');
  await expectAccessibleAtBothWidths(page);
  await note.getByRole('button', { name: 'Continue Payment' }).click();
  await expect(page).toHaveURL(/\/pages\/ewallet\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});
