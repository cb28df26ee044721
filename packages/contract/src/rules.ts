import type { PaymentMethodStatus } from './payment-methods.ts';
import type { OrderLineStatus, PaymentStatus, TransactionType } from './payments.ts';
import { screenPaths, type PaymentResultScreen } from './screens.ts';

/**
 * Rules the server enforces and the web app shows, written once. The server's state machines
 * agree with them (a test there says so).
 */

/** How a payment is made: a new channel paid once, a new channel saved while paying, a saved method. */
export type PaymentChoice = 'PAY' | 'PAY_AND_SAVE' | 'SAVED_METHOD';

/** The channel inputs' transaction types each choice asks for; LINK saves a method without paying. */
export function transactionTypesFor(choice: PaymentChoice | 'LINK'): readonly TransactionType[] {
  switch (choice) {
    case 'LINK':
      return ['SAVE'];
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

/**
 * Payments a refund may take lines of: paid, with or without an earlier refund (pending, done or
 * failed) of other lines.
 */
export const refundablePaymentStatuses: readonly PaymentStatus[] = [
  'SUCCEEDED',
  'REFUND_PENDING',
  'REFUND_SUCCEEDED',
  'REFUND_FAILED',
];

/** Payment statuses the provider may still change by itself (a webhook, a read). */
export const awaitingProviderStatuses: readonly PaymentStatus[] = ['REQUIRES_ACTION', 'PENDING'];

export const isAwaitingProvider = (payment: { status: PaymentStatus } | undefined) =>
  payment !== undefined && awaitingProviderStatuses.includes(payment.status);

/** Payment-method statuses the provider may still change by itself (a webhook, a read). */
export const methodAwaitingProviderStatuses: readonly PaymentMethodStatus[] = [
  'REQUIRES_ACTION',
  'PENDING',
];

export const isMethodAwaitingProvider = (status: PaymentMethodStatus | undefined) =>
  status !== undefined && methodAwaitingProviderStatuses.includes(status);

/**
 * The result page that tells the truth about a payment's status, wherever the browser moves on
 * from: paid (refunds included) is a success, failed or cancelled a failure, and a payment the
 * provider may still change waits on the pending page.
 */
export function resultScreenFor(status: PaymentStatus): PaymentResultScreen {
  switch (status) {
    case 'SUCCEEDED':
    case 'REFUND_PENDING':
    case 'REFUND_SUCCEEDED':
    case 'REFUND_FAILED':
      return screenPaths.paymentSuccess;
    case 'FAILED':
    case 'CANCELLED':
      return screenPaths.paymentFailure;
    case 'REQUIRES_ACTION':
    case 'PENDING':
      return screenPaths.paymentPending;
  }
}

/**
 * The channel of a payment or method made on the provider's hosted checkout until the customer
 * has chosen one there; then it is the channel chosen.
 */
export const checkoutChannelCode = 'XENDIT_CHECKOUT';
