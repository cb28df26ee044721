import { customerStorageKey } from '@/lib/session';

/**
 * The cart stays while the customer is on the provider's hosted checkout (cancelling there comes
 * back to it); it is emptied when they come back from paying the payment made from it. Kept per
 * store and customer, as the cart is: the next customer on this browser is not told of it.
 */
const storageKey = () => customerStorageKey('hosted-checkout-payment');

export function rememberHostedPayment(paymentId: string): void {
  const key = storageKey();
  if (key !== null) sessionStorage.setItem(key, paymentId);
}

/**
 * The payment made from the cart on the hosted checkout, while the customer has not come back
 * paid: back on /checkout, they left the provider's page without paying (Cancel and return).
 */
export function hostedPaymentLeft(): string | null {
  const key = storageKey();
  return key === null ? null : sessionStorage.getItem(key);
}

/** Forgets the hosted payment: paid another way, or the customer has read that it is still open. */
export function forgetHostedPayment(): void {
  const key = storageKey();
  if (key !== null) sessionStorage.removeItem(key);
}

/** Whether this payment was made from the cart on the hosted checkout; forgets it once told. */
export function takeHostedPayment(paymentId: string | null): boolean {
  if (!paymentId || hostedPaymentLeft() !== paymentId) return false;
  forgetHostedPayment();
  return true;
}
