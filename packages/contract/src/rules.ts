import type { OrderLineStatus, PaymentStatus, TransactionType } from './payments.ts';

/**
 * Rules the server enforces and the web app shows, written once. The server's state machines
 * agree with them (a test there says so).
 */

/** How a payment is made: a new channel paid once, a new channel saved while paying, a saved method. */
export type PaymentChoice = 'PAY' | 'PAY_AND_SAVE' | 'SAVED_METHOD';

/** The channel inputs' transaction types each choice asks for. */
export function transactionTypesFor(choice: PaymentChoice): readonly TransactionType[] {
  switch (choice) {
    case 'SAVED_METHOD':
      return ['TOKENIZED_PAYMENT'];
    case 'PAY_AND_SAVE':
      return ['PAY_AND_SAVE'];
    case 'PAY':
      return ['PAY', 'ONE_TIME_PAYMENT'];
  }
}

/** Order lines a refund may take: paid, or whose earlier refund failed (it can be tried again). */
export const refundableLineStatuses: readonly OrderLineStatus[] = ['PAID', 'REFUND_FAILED'];

export const isRefundableLine = (line: { status: OrderLineStatus }) =>
  refundableLineStatuses.includes(line.status);

/** Payment statuses the provider may still change by itself (a webhook, a read). */
export const awaitingProviderStatuses: readonly PaymentStatus[] = ['REQUIRES_ACTION', 'PENDING'];

export const isAwaitingProvider = (payment: { status: PaymentStatus } | undefined) =>
  payment !== undefined && awaitingProviderStatuses.includes(payment.status);
