import { customerTabValue } from '@/lib/session';

/**
 * The checkout's Save Payment Method? choice, kept for this tab as the chosen voucher is: a
 * reload, or a trip to the hosted checkout and back (Cancel and return), does not untick it.
 * Kept per store and customer; forgotten once a payment is made from the order.
 */
const saveChoice = customerTabValue('checkout-save-payment-method');

export const savePaymentMethodChosen = (): boolean => saveChoice.read() === 'yes';

export function rememberSaveChoice(save: boolean): void {
  if (save) saveChoice.remember('yes');
  else saveChoice.forget();
}

export const forgetSaveChoice = (): void => saveChoice.forget();
