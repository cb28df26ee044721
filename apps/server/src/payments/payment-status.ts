import type { PaymentStatus, OrderLineStatus } from '@store/contract';
import type { PaymentRequestStatus } from '@store/xendit';

/**
 * A payment's stored status: the API's statuses, plus CREATING while the provider has not yet
 * answered the create call (shown as PENDING).
 */
export type StoredPaymentStatus = PaymentStatus | 'CREATING';

/**
 * Every change of a payment's status goes through this table, whether an API call or a webhook
 * asks for it, so a late or repeated webhook cannot move a payment backwards.
 */
const allowedTransitions: Record<StoredPaymentStatus, readonly StoredPaymentStatus[]> = {
  CREATING: ['REQUIRES_ACTION', 'PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  REQUIRES_ACTION: ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  PENDING: ['REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  SUCCEEDED: ['REFUND_PENDING'],
  REFUND_PENDING: ['REFUND_SUCCEEDED', 'REFUND_FAILED'],
  REFUND_SUCCEEDED: ['REFUND_PENDING'],
  REFUND_FAILED: ['REFUND_PENDING'],
  FAILED: [],
  CANCELLED: [],
};

export function canTransition(from: StoredPaymentStatus, to: StoredPaymentStatus): boolean {
  return from === to || allowedTransitions[from].includes(to);
}

/** Statuses the provider may still change on its own, so a read may ask it for news. */
export const awaitsProvider = (status: StoredPaymentStatus) =>
  status === 'CREATING' || status === 'REQUIRES_ACTION' || status === 'PENDING';

/**
 * The provider's payment-request statuses as the store counts them. A request awaiting the
 * customer with nothing for the merchant to do (a push e-wallet such as OVO, a saved wallet) is
 * PENDING to the store: the published statuses have no PENDING of their own.
 */
export function fromProviderStatus(
  status: PaymentRequestStatus,
  actionCount: number,
): StoredPaymentStatus {
  switch (status) {
    case 'REQUIRES_ACTION':
      return actionCount === 0 ? 'PENDING' : 'REQUIRES_ACTION';
    case 'ACCEPTING_PAYMENTS':
      return 'REQUIRES_ACTION';
    case 'AUTHORIZED':
      return 'PENDING';
    case 'SUCCEEDED':
      return 'SUCCEEDED';
    case 'FAILED':
    case 'EXPIRED':
      return 'FAILED';
    case 'CANCELED':
      return 'CANCELLED';
  }
}

/** What a payment's new status makes of its order lines that are not being refunded. */
export function lineStatusFor(status: StoredPaymentStatus): OrderLineStatus | null {
  switch (status) {
    case 'SUCCEEDED':
      return 'PAID';
    case 'FAILED':
      return 'FAILED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      return null;
  }
}

export const toApiStatus = (status: StoredPaymentStatus): PaymentStatus =>
  status === 'CREATING' ? 'PENDING' : status;
