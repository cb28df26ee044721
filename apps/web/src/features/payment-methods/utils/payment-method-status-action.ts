import type { PaymentMethod } from '@store/contract/client';
import { continueLinkingStep, type NextStep } from '@/lib/next-step';

/** What a payment method row offers, by status (specification section 4). */
export type PaymentMethodStatusAction =
  | { kind: 'continue'; step: NextStep | null }
  | { kind: 'unlink' }
  | { kind: 'disabled'; label: string };

export function paymentMethodStatusAction(
  method: Pick<PaymentMethod, 'id' | 'status' | 'actions'>,
): PaymentMethodStatusAction {
  switch (method.status) {
    case 'REQUIRES_ACTION':
      return { kind: 'continue', step: continueLinkingStep(method) };
    case 'ACTIVE':
      return { kind: 'unlink' };
    case 'PENDING':
      return { kind: 'disabled', label: 'Pending' };
    case 'FAILED':
      return { kind: 'disabled', label: 'Failed' };
    case 'CANCELED':
      return { kind: 'disabled', label: 'CANCELED' };
    case 'EXPIRED':
      return { kind: 'disabled', label: 'Expired' };
  }
}
