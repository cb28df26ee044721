import { customerTabValue } from '@/lib/session';

/**
 * The cart stays while the customer is on the provider's hosted checkout (cancelling there comes
 * back to it); it is emptied when they come back from paying the payment made from it. Kept per
 * store and customer, as the cart is: the next customer on this browser is not told of it.
 */
const leftPayment = customerTabValue('hosted-checkout-payment');
/** The left payment whose note the customer dismissed: not shown again for it. */
const dismissedNote = customerTabValue('hosted-checkout-note-dismissed');

export const rememberHostedPayment = (paymentId: string): void => leftPayment.remember(paymentId);

/**
 * The payment made from the cart on the hosted checkout, while the customer has not come back
 * paid: back on /checkout, they left the provider's page without paying (Cancel and return).
 */
export const hostedPaymentLeft = (): string | null => leftPayment.read();

/** Forgets the hosted payment: the cart was paid another way. */
export const forgetHostedPayment = (): void => {
  leftPayment.forget();
  dismissedNote.forget();
};

/** The left payment to tell the customer of: none once they dismissed its note. */
export const hostedPaymentToTell = (): string | null => {
  const left = hostedPaymentLeft();
  return left !== null && dismissedNote.read() !== left ? left : null;
};

/** The customer has read that the left payment is still open. */
export const dismissHostedPaymentNote = (paymentId: string): void =>
  dismissedNote.remember(paymentId);

/** Whether this payment was made from the cart on the hosted checkout; forgets it once told. */
export function takeHostedPayment(paymentId: string | null): boolean {
  if (!paymentId || hostedPaymentLeft() !== paymentId) return false;
  forgetHostedPayment();
  return true;
}
