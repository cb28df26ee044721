import { customerStorageKey } from '@/lib/session';

/**
 * The voucher the customer chose at checkout, kept for this tab (session storage) so a reload or a
 * trip to the hosted checkout and back does not drop it. Only its id is kept, per store (app) and
 * customer, as the cart is: what it is worth is read again from the store's voucher list.
 */
const storageKey = () => customerStorageKey('checkout-voucher');

export function rememberVoucher(voucherId: string): void {
  const key = storageKey();
  if (key !== null) sessionStorage.setItem(key, voucherId);
}

/** The id of the voucher this customer chose at this store, if any. */
export function chosenVoucherId(): string | null {
  const key = storageKey();
  return key === null ? null : sessionStorage.getItem(key);
}

/** Forgets the chosen voucher: removed by the customer, or used by a payment. */
export function forgetVoucher(): void {
  const key = storageKey();
  if (key !== null) sessionStorage.removeItem(key);
}
