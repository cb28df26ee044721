import type { PaymentStatus } from '@store/contract/client';

/** The result pages of a payment, and which one tells the truth about each status. */
export type PaymentResultPage = '/payments/success' | '/payments/failure' | '/payments/pending';

export function resultPageFor(status: PaymentStatus): PaymentResultPage {
  switch (status) {
    case 'SUCCEEDED':
    case 'REFUND_PENDING':
    case 'REFUND_SUCCEEDED':
    case 'REFUND_FAILED':
      return '/payments/success';
    case 'FAILED':
    case 'CANCELLED':
      return '/payments/failure';
    case 'REQUIRES_ACTION':
    case 'PENDING':
      return '/payments/pending';
  }
}
