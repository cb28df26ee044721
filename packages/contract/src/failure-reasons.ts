/**
 * Why a payment failed, in words a customer understands, by the provider's failure code (and the
 * store's own). The code is shown beside the sentence for developers and support.
 */
const reasons: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'There was not enough money in the account or wallet.',
  USER_DECLINED_PAYMENT:
    'The payment was declined in the app or on the page that asked for approval.',
  CARD_DECLINED: 'The card was declined by its bank.',
  DECLINED_BY_ISSUER: 'The card was declined by its bank.',
  INVALID_CVV: 'The card security code (CVV) was not right.',
  AUTHENTICATION_FAILED: 'The card could not be verified with its bank (3-D Secure).',
  EXPIRED_OTP: 'The one-time password expired before it was entered.',
  INVALID_OTP: 'The one-time password was not right.',
  OTP_ATTEMPT_COUNTS_EXCEEDED: 'The one-time password was entered wrongly too many times.',
  MAX_OTP_ATTEMPTS: 'The one-time password was entered wrongly too many times.',
  CHANNEL_UNAVAILABLE: 'This payment method is not available right now.',
  PAYMENT_REQUEST_EXPIRED: 'The time to pay ran out before the payment was made.',
  SESSION_EXPIRED: 'The card form expired before it was submitted.',
  PAYMENT_REQUEST_NOT_FOUND: 'The payment provider has no record of this payment.',
};

/** The customer's sentence for a failure code; a general one for a code it does not know. */
export function describeFailure(code: string | null | undefined): string {
  return (code && reasons[code]) || 'The payment provider did not accept the payment.';
}
