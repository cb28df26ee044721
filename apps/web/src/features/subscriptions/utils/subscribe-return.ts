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

/** Once the customer is back on the product (or has subscribed), nothing is waiting any more. */
export function forgetSubscribeReturn(): void {
  sessionStorage.removeItem(storageKey);
}
