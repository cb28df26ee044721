import { screenPaths, type PaymentResultScreen, type PaymentStatus } from '@store/contract/client';

/** The result pages of a payment, and which one tells the truth about each status. */
export type PaymentResultPage = PaymentResultScreen;

export function resultPageFor(status: PaymentStatus): PaymentResultPage {
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
