import { customerTabValue } from '@/lib/session';

/**
 * The voucher the customer chose at checkout, kept for this tab (session storage) so a reload or a
 * trip to the hosted checkout and back does not drop it. Only its id is kept, per store (app) and
 * customer, as the cart is: what it is worth is read again from the store's voucher list.
 */
const chosen = customerTabValue('checkout-voucher');

export const rememberVoucher = (voucherId: string): void => chosen.remember(voucherId);

/** The id of the voucher this customer chose at this store, if any. */
export const chosenVoucherId = (): string | null => chosen.read();

/** Forgets the chosen voucher: removed by the customer, or used by a payment. */
export const forgetVoucher = (): void => chosen.forget();
