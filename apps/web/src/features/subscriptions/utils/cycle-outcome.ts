import { describeFailure, type Subscription, type SubscriptionCycle } from '@store/contract/client';

/** What the customer can do when a cycle could not be charged: the store changes no plan's method. */
export const changeMethodAdvice =
  'To pay with another card or e-wallet, cancel this subscription and subscribe again with it.';

export interface CycleOutcome {
  /** Why the charge did not go through, in words; null when nothing went wrong. */
  reason: string | null;
  /** What happens next, or what the customer can do. */
  next: string | null;
}

/**
 * A cycle's outcome in the customer's words: a failed or retrying one says why and what the
 * customer can do; the others need no words beyond their status.
 */
export function cycleOutcome(
  cycle: Pick<
    SubscriptionCycle,
    'status' | 'failure_code' | 'failure_reason' | 'next_attempt_date'
  >,
  formatDate: (value: string) => string,
): CycleOutcome {
  const reason = cycle.failure_reason ?? describeFailure(cycle.failure_code);
  if (cycle.status === 'FAILED') {
    return { reason, next: `This cycle was not paid. ${changeMethodAdvice}` };
  }
  if (cycle.status === 'RETRYING') {
    const when = cycle.next_attempt_date
      ? `The charge will be tried again on ${formatDate(cycle.next_attempt_date)}.`
      : 'The charge will be tried again.';
    return { reason, next: `${when} ${changeMethodAdvice}` };
  }
  return { reason: null, next: null };
}

/** Why a subscription is over when it did not end by the customer's choice; null otherwise. */
export function subscriptionEnding(
  subscription: Pick<Subscription, 'status' | 'failure_code'>,
): string | null {
  if (subscription.status === 'FAILED') {
    return `The payment provider did not start this subscription. ${describeFailure(subscription.failure_code)}`;
  }
  if (subscription.status === 'INACTIVE') {
    return subscription.failure_code
      ? `This subscription ended after a cycle could not be paid. ${describeFailure(subscription.failure_code)} ${changeMethodAdvice}`
      : 'This subscription has ended: no more cycles will be charged.';
  }
  return null;
}
