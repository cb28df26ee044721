import { screenPath } from '@store/contract/client';

const storageKey = 'subscribe-after-linking';

/**
 * Remembers, for this tab, the product the customer was subscribing to when they left to save a
 * payment method, so the linking result page can offer the way back to it.
 */
export function rememberSubscribeReturn(productId: string): void {
  sessionStorage.setItem(storageKey, productId);
}

/** The product page to come back to, with its Subscribe dialog open; null when none is waiting. */
export function subscribeReturnPath(): string | null {
  const productId = sessionStorage.getItem(storageKey);
  return productId ? screenPath('product', { productId }, { subscribe: '1' }) : null;
}

/**
 * The history state of the Subscribe dialog's link to the Link page: the Link page opened any
 * other way (the navigation, Payment Methods) is not on the way to a subscription, and forgets one
 * the customer gave up on.
 */
export const toSubscribeState = { toSubscribe: true } as const;

/** Whether a location's state says the Subscribe dialog opened it. */
export const openedToSubscribe = (state: unknown) =>
  typeof state === 'object' &&
  state !== null &&
  (state as { toSubscribe?: unknown }).toSubscribe === true;

/** Once the customer is back on the product (or has subscribed), nothing is waiting any more. */
export function forgetSubscribeReturn(): void {
  sessionStorage.removeItem(storageKey);
}
