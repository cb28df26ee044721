import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations as axeScan, wcag21aa } from '../../../scripts/axe.ts';

let customerCounter = 0;

/**
 * A new email per call, so every test is its own customer with its own cart and payments; the
 * process id keeps two workers' customers apart.
 */
export function uniqueEmail(prefix = 'shopper'): string {
  customerCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${customerCounter}@example.com`;
}

let signInCounter = 0;

/**
 * Signs in through the login page with a typed app id and the identity simulator's chooser, as a
 * customer does; the tests of signing in use it. Ends on the app's home page.
 */
export async function signInOnTheLoginPage(
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

/**
 * A signed-in customer for a test about something else: the same credential the chooser would
 * give (from the identity simulator the config starts), exchanged at the store's login endpoint,
 * and the token put where the login page puts it (once, so a test that signs out stays signed out
 * until it signs in again). Ends on the app's home page, as the login page does, without drawing
 * the login page first.
 */
export async function signIn(
  page: Page,
  { appId = 'demo-id', email = uniqueEmail(), name = 'E2E Shopper' } = {},
): Promise<void> {
  const issued = await page.request.post(`${process.env.E2E_IDENTITY_URL}/dev/credentials`, {
    data: { email, name },
  });
  expect(issued.ok(), await issued.text()).toBe(true);
  const { credential } = (await issued.json()) as { credential: string };
  const login = await page.request.post('/api/auth/login', {
    data: { credential, app_id: appId },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  // Init scripts stay for the page's life and run in the order they were added: each sign-in's
  // runs once, and a later sign-in's (after a sign-out) wins over an earlier one's.
  signInCounter += 1;
  await page.addInitScript(
    ({ signedIn, order }) => {
      if (Number(sessionStorage.getItem('e2e-sign-in') ?? 0) >= order) return;
      sessionStorage.setItem('e2e-sign-in', String(order));
      localStorage.setItem('token', signedIn);
    },
    { signedIn: token, order: signInCounter },
  );
  await page.goto(`/${appId}`);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Products' })).toBeVisible();
}

/**
 * Waits for a channel's form to have opened whole: it opens with a height transition whose box
 * clips it, so a field is filled and a button clicked as a customer would, once they show. Before
 * that box kept its scroll at the top (channel-list.tsx), a fill meanwhile scrolled it and it
 * jumped back as the transition ended; seen in CI: a Pay button 48 px lower than where it had been
 * scrolled to, out of view, and a Pay click that sent nothing.
 */
export async function channelFormOpened(form: Locator): Promise<void> {
  await expect
    .poll(() =>
      form.evaluate((element) => {
        const box = element.getBoundingClientRect();
        if (box.height === 0) return false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          // Only a box that clips without scrolling: a list that scrolls shows the form when asked.
          const overflow = getComputedStyle(parent).overflowY;
          if (overflow !== 'hidden' && overflow !== 'clip') continue;
          const clip = parent.getBoundingClientRect();
          if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false;
        }
        return true;
      }),
    )
    .toBe(true);
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

/** Cancels a payment from its /payments row: More actions, Cancel, and the confirmation's button. */
export async function cancelPaymentInRow(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this payment?' })
    .getByRole('button', { name: 'Cancel payment' })
    .click();
}

/**
 * Watches a page for reloads, so a test can prove a change reached it by the live feed: the page
 * fires no `load` and keeps a marker set on its window. Returns the check to run at the end.
 */
export async function watchForReloads(page: Page): Promise<() => Promise<void>> {
  let loads = 0;
  const countLoad = () => {
    loads += 1;
  };
  page.on('load', countLoad);
  await page.evaluate(() => {
    (window as unknown as { storeStillOpen: boolean }).storeStillOpen = true;
  });
  return async () => {
    page.off('load', countLoad);
    expect(loads, 'the page reloaded').toBe(0);
    const stillOpen = await page.evaluate(
      () => (window as unknown as { storeStillOpen?: boolean }).storeStillOpen === true,
    );
    expect(stillOpen, 'the page was replaced').toBe(true);
  };
}

/**
 * Records every button label the page's main region shows from now on, so a test can see a
 * status that was on screen only briefly (Refund Pending before Refund Succeeded).
 */
export async function recordButtonLabels(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const collect = () => {
      for (const button of document.querySelectorAll('main button')) {
        seen.add(button.textContent?.trim() ?? '');
      }
    };
    collect();
    new MutationObserver(collect).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { seenButtonLabels: Set<string> }).seenButtonLabels = seen;
  });
  return () =>
    page.evaluate(() => [
      ...(window as unknown as { seenButtonLabels: Set<string> }).seenButtonLabels,
    ]);
}

/**
 * The page as it stands, at a desktop width and on a 390 px phone: no axe-core violation of WCAG
 * 2.1 A and AA, and nothing wider than the screen.
 */
/**
 * Waits for the transitions under way (a dialog opening, a colour changing) to end, so colours are
 * measured as the customer sees them; endless ones (spinners) are not waited for.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames, so a transition that a render has just asked for has started.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * axe-core's violations of WCAG 2.1 A and AA on the page as it stands, with the rule that a
 * control's name contains its visible text (experimental in axe-core, so off under the tags).
 */
export function axeViolations(page: Page): Promise<string[]> {
  return axeScan(page, {
    ...wcag21aa,
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
}

export async function expectAccessibleAtBothWidths(page: Page): Promise<void> {
  const original = page.viewportSize();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0);
    await transitionsSettled(page);
    const problems = await axeViolations(page);
    const width = await page.evaluate(
      () => (document.scrollingElement ?? document.documentElement).scrollWidth,
    );
    if (width > size.width + 1) problems.push(`page is ${width}px wide at ${size.width}px`);
    expect(problems, `at ${size.width} px`).toEqual([]);
  }
  if (original) await page.setViewportSize(original);
}
