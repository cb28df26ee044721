/**
 * Why a payment failed, or was refused when it was made, in words a customer understands, by the
 * provider's failure or error code (and the store's own). The code is shown beside the sentence
 * for developers and support.
 */
const reasons: Record<string, string> = {
  // Outcomes of a payment, from its failure_code.
  INSUFFICIENT_BALANCE: 'There was not enough money in the account or wallet.',
  USER_DECLINED_PAYMENT:
    'The payment was declined in the app or on the page that asked for approval.',
  USER_DID_NOT_AUTHORIZE: 'The payment was not approved by the account holder.',
  CARD_DECLINED: 'The card was declined by its bank.',
  DECLINED_BY_ISSUER: 'The card was declined by its bank.',
  DECLINED_BY_PROCESSOR: 'The payment was declined by the payment network.',
  ISSUER_UNAVAILABLE: 'The bank could not be reached. Try again in a few minutes.',
  PAYMENT_AMOUNT_LIMITS_EXCEEDED: 'The amount is over the limit of this payment method.',
  ACCOUNT_ACCESS_BLOCKED: 'The account or wallet is blocked and cannot pay.',
  INVALID_CVV: 'The card security code (CVV) was not right.',
  CARD_EXPIRED: 'The card has expired. Check its expiry date, or pay with another card.',
  AUTHENTICATION_FAILED: 'The card could not be verified with its bank (3-D Secure).',
  EXPIRED_OTP: 'The one-time password expired before it was entered.',
  INVALID_OTP: 'The one-time password was not right.',
  OTP_ATTEMPT_COUNTS_EXCEEDED: 'The one-time password was entered wrongly too many times.',
  MAX_OTP_ATTEMPTS: 'The one-time password was entered wrongly too many times.',
  PAYMENT_REQUEST_EXPIRED: 'The time to pay ran out before the payment was made.',
  SESSION_EXPIRED: 'The card form expired before it was submitted.',
  SESSION_REPLACED: 'The card form was replaced by a newer one.',
  SESSION_NOT_FOUND: 'The card form is no longer valid. Open it again.',
  PAYMENT_REQUEST_NOT_FOUND: 'The payment provider has no record of this payment.',
  // Outcomes of a subscription cycle's charge (the provider's recurring failure codes).
  INVALID_ACCOUNT_DETAILS:
    'The account behind the saved payment method is not valid any more. Change the payment method.',
  MAXIMUM_LIMIT_REACHED:
    'The saved payment method reached its spending limit. Change the payment method or try later.',

  // Refusals when the payment is made: the provider's error codes.
  CHANNEL_UNAVAILABLE: 'This payment method is not available right now.',
  SERVER_ERROR: 'The payment provider had a problem. Try again in a few minutes.',
  RATE_LIMIT_EXCEEDED: 'Too many payments were tried in a short time. Wait a minute.',
  API_VALIDATION_ERROR: 'Some payment details were missing or not valid.',
  INVALID_PAYMENT_DETAILS:
    'The payment details entered were not valid (a mistyped card number, for one). Check them and try again.',
  INVALID_TOKEN: 'The saved payment method can no longer be used.',
  DATA_NOT_FOUND: 'The payment provider has no record of this payment or payment method.',
  DUPLICATE_ERROR: 'This payment was already submitted.',
  INELIGIBLE_TRANSACTION_STATUS: 'The payment can no longer be changed.',
  INACTIVE_PAYMENT_REQUEST: 'The payment has already ended, so it can no longer be changed.',
  ACCOUNT_ALREADY_LINKED: 'This account is already linked as a payment method.',
  REFUND_AMOUNT_EXCEEDED: 'The refund is more than what is left of the payment.',
  REFUND_IN_PROGRESS: 'A refund of this payment is already in progress.',
  CAPTURE_AMOUNT_EXCEEDED: 'The amount is more than the card authorised.',
  INVALID_API_KEY: 'The store is not set up to take this payment method.',
  INVALID_MERCHANT_SETTINGS: 'The store is not set up to take this payment method.',
  // No answer: the provider may have acted, so the customer looks before paying again.
  TIMEOUT: 'The payment provider did not answer in time. Check Payments before trying again.',
  NETWORK_ERROR: 'The payment provider could not be reached. Check Payments before trying again.',
  INVALID_RESPONSE:
    'The payment provider answered in a way the store did not understand. Check Payments before trying again.',

  // The store's own refusals, before the provider is asked.
  PRICE_MISMATCH: 'A price in the cart has changed. Refresh the cart and try again.',
  PRODUCT_NOT_FOUND: 'A product in the cart is no longer sold.',
  VOUCHER_NOT_FOUND: 'The voucher can no longer be used.',
  VOUCHER_NOT_APPLICABLE:
    'The store did not accept the voucher with this payment method. Pay with the method the voucher names, or remove the voucher.',
  DUPLICATE_ORDER_LINE: 'A product is in the cart twice. Remove one and try again.',
  AMOUNT_TOO_LOW: 'The voucher is worth more than the order.',
  PAYMENT_METHOD_NOT_ACTIVE: 'The saved payment method is not active.',
  COUNTRY_MISMATCH: 'This payment method is not offered in the store’s country.',
  CHANNEL_NOT_SAVEABLE: 'This payment method cannot be saved.',
  PRODUCT_NOT_SUBSCRIBABLE: 'This product is not sold by subscription.',
  PAYMENT_METHOD_NOT_SUBSCRIBABLE:
    'This saved payment method cannot pay a subscription. Choose an active card or e-wallet.',
  INVALID_PAYMENT_METHOD_ID:
    'The saved payment method cannot pay a subscription: it is not active or not in this currency.',
  PAYMENT_METHOD_ID_NOT_FOUND: 'The payment provider has no record of this payment method.',
};

/**
 * The customer's sentence for a failure code; a general one for a code it does not know, naming
 * who refused: the store (`byStore`, a refusal made before the provider was asked) or the provider.
 */
export function describeFailure(
  code: string | null | undefined,
  { byStore = false }: { byStore?: boolean } = {},
): string {
  return (
    (code && reasons[code]) ||
    (byStore
      ? 'The store did not accept the payment.'
      : 'The payment provider did not accept the payment.')
  );
}
