/**
 * The cart stays while the customer is on the provider's hosted checkout (cancelling there comes
 * back to it); it is emptied when they come back from paying the payment made from it.
 */
const storageKey = 'hosted-checkout-payment';

export function rememberHostedPayment(paymentId: string): void {
  sessionStorage.setItem(storageKey, paymentId);
}

/** Whether this payment was made from the cart on the hosted checkout; forgets it once told. */
export function takeHostedPayment(paymentId: string | null): boolean {
  if (!paymentId || sessionStorage.getItem(storageKey) !== paymentId) return false;
  sessionStorage.removeItem(storageKey);
  return true;
}

/**
 * The payment made from the cart on the hosted checkout, while the customer has not come back
 * paid: back on /checkout, they left the provider's page without paying (Cancel and return).
 */
export function hostedPaymentLeft(): string | null {
  return sessionStorage.getItem(storageKey);
}

/** Forgets the hosted payment: paid another way, or the customer has read that it is still open. */
export function forgetHostedPayment(): void {
  sessionStorage.removeItem(storageKey);
}
