import type { CreatePaymentRequest } from '@store/contract/client';
import type { CartLine } from '../stores/cart-store';

/**
 * The cart as the order a payment or a card session is made for, built one way for every payment
 * flow: each product once, at the price the cart shows (the server checks it against the catalogue).
 */
export function orderLinesOf(lines: readonly CartLine[]): CreatePaymentRequest['orders'] {
  return lines.map((line) => ({
    product_id: line.product_id,
    quantity: line.quantity,
    price: line.price,
    currency: line.currency,
  }));
}
