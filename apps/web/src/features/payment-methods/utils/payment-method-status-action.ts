import type { PaymentMethod } from '@store/contract/client';

/** What a payment method row offers, by status (specification section 4). */
export type PaymentMethodStatusAction =
  | { kind: 'continue'; target: string | null }
  | { kind: 'unlink' }
  | { kind: 'disabled'; label: string };

/**
 * Where Continue Linking goes: the provider's linking page (REDIRECT_CUSTOMER), or the store's
 * OTP screen for a method waiting for its one-time password.
 */
export function continueLinkingTarget(
  method: Pick<PaymentMethod, 'id' | 'actions'>,
): string | null {
  const redirect = method.actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  if (redirect?.value) return redirect.value;
  const otp = method.actions.find((action) => action.value.endsWith('/otp'));
  if (otp) return `/payment_methods/new/${encodeURIComponent(method.id)}/otp`;
  return null;
}

export function paymentMethodStatusAction(
  method: Pick<PaymentMethod, 'id' | 'status' | 'actions'>,
): PaymentMethodStatusAction {
  switch (method.status) {
    case 'REQUIRES_ACTION':
      return { kind: 'continue', target: continueLinkingTarget(method) };
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
