import type { PaymentMethod } from '@store/contract/client';

const productList = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * What unlinking an ACTIVE method would also end: the open subscriptions it pays (the store
 * cancels them before the token). Null when it pays none, or cannot be unlinked.
 */
export function paidSubscriptionsNote(
  method: Pick<PaymentMethod, 'status' | 'open_subscriptions'>,
): string | null {
  const paid = method.open_subscriptions ?? [];
  if (method.status !== 'ACTIVE' || paid.length === 0) return null;
  const products = productList.format(paid.map((subscription) => subscription.product_name));
  return paid.length === 1
    ? `Pays your subscription to ${products}; unlinking it also cancels that subscription.`
    : `Pays your subscriptions to ${products}; unlinking it also cancels those subscriptions.`;
}
