import { formatMoney, type Money } from '@store/contract';

/** A price as the storefront shows it: currency code, then the amount, e.g. "IDR 150,000". */
export function formatPrice({ amount, currency }: Money): string {
  return `${currency} ${formatMoney(amount, currency)}`;
}
