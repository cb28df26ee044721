/**
 * What moves a status: the provider's word about a payment (a create answer, a read, a webhook,
 * an API verb) or the store's own refunds. A table allows each move for its cause only, so that a
 * late payment webhook can never undo a refund and a refund can never pay an order.
 */
export type StatusCause = 'provider' | 'refund';
