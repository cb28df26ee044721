import type { PaymentMethodStatus } from './payment-methods.ts';
import type { OrderLineStatus, PaymentStatus, TransactionType } from './payments.ts';
import type { SubscriptionCycleStatus, SubscriptionStatus } from './subscriptions.ts';
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
 * failed) of other lines. While one is pending, the API answers a new one 409 REFUND_IN_PROGRESS,
 * as the provider takes one refund of a payment at a time.
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

/**
 * Channels whose saved methods can pay a subscription: the provider charges each cycle without the
 * customer (auto debit), which its recurring guide lists for cards and these e-wallets
 * (docs.xendit.co/recurring: Indonesia cards, OVO, DANA, ShopeePay; the Philippines cards,
 * ShopeePay, GrabPay, Maya; GCash is on hold there). Direct debit is left out: the guide lists
 * BRI and Mandiri in Indonesia only subject to the bank's approval and BPI not at all, and the
 * store's direct-debit payments ask the customer for an OTP on every charge, which no cycle can
 * answer; the provider refuses such a plan with INVALID_PAYMENT_METHOD_ID.
 */
export const subscriptionChannelCodes: readonly string[] = [
  'CARDS',
  'OVO',
  'DANA',
  'SHOPEEPAY',
  'GRABPAY',
  'PAYMAYA',
];

/** A saved method can back a subscription when it is ACTIVE and of a channel charged without the customer. */
export const canBackSubscription = (method: { status: PaymentMethodStatus; channel: string }) =>
  method.status === 'ACTIVE' && subscriptionChannelCodes.includes(method.channel);

/** Subscriptions the customer may cancel: not yet ended. */
export const cancellableSubscriptionStatuses: readonly SubscriptionStatus[] = ['PENDING', 'ACTIVE'];

export const isCancellableSubscription = (subscription: { status: SubscriptionStatus }) =>
  cancellableSubscriptionStatuses.includes(subscription.status);

/** Subscription statuses the provider may still change by itself (a webhook). */
export const subscriptionAwaitingProviderStatuses: readonly SubscriptionStatus[] = [
  'PENDING',
  'ACTIVE',
];

/** Cycles the provider has not finished with: they move by webhook. */
export const openCycleStatuses: readonly SubscriptionCycleStatus[] = [
  'SCHEDULED',
  'PENDING',
  'RETRYING',
];

/**
 * Development apps only: an ACTIVE subscription whose next cycle is SCHEDULED can be charged now
 * (POST /subscriptions/{id}/run_next_cycle) instead of on its date.
 */
export const canRunNextCycle = (
  mode: 'development' | 'live',
  subscription: {
    status: SubscriptionStatus;
    cycles?: readonly { status: SubscriptionCycleStatus }[];
  },
) =>
  mode === 'development' &&
  subscription.status === 'ACTIVE' &&
  (subscription.cycles === undefined ||
    subscription.cycles.some((cycle) => cycle.status === 'SCHEDULED'));
