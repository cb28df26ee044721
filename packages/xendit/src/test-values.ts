/** The provider's test-mode values (PROVIDER.md), shared by tests, the simulator and the README. */

export const TEST_CARDS = {
  /** Authorised without a 3DS challenge. */
  frictionless: ['4000000000001000', '5200000000001005'],
  /** Sent to the 3DS challenge page first. */
  threeDs: ['4000000000002503', '5200000000002151'],
} as const;

/** Amounts that make a card, e-wallet or direct-debit payment fail with this failure_code. */
export const FAILING_AMOUNTS: Readonly<Record<number, string>> = {
  10051: 'CARD_DECLINED',
  10052: 'ISSUER_UNAVAILABLE',
  10053: 'DECLINED_BY_PROCESSOR',
  10054: 'INSUFFICIENT_BALANCE',
  10055: 'PAYMENT_AMOUNT_LIMITS_EXCEEDED',
  10056: 'ACCOUNT_ACCESS_BLOCKED',
  10057: 'USER_DID_NOT_AUTHORIZE',
  10058: 'INVALID_CVV',
  10059: 'DECLINED_BY_ISSUER',
};

/** E-wallet amounts that the provider refuses at creation, or fails later. */
export const EWALLET_TEST_AMOUNTS = {
  /** 403 ACCOUNT_ACCESS_BLOCKED */
  accountAccessBlocked: 10100,
  /** 503 CHANNEL_UNAVAILABLE */
  channelUnavailable: 10101,
  /** 500 SERVER_ERROR */
  serverError: 10102,
  /** Accepted, then payment.failure with USER_DECLINED_PAYMENT by webhook. */
  declinedLater: 20105,
} as const;

/** Refund amounts with a set outcome (a choice of the simulator: PROVIDER.md names none). */
export const REFUND_TEST_AMOUNTS = {
  /** Accepted PENDING, then refund.failed with INSUFFICIENT_BALANCE (the merchant's balance). */
  failsLater: 20105,
} as const;

export const TEST_OTPS = {
  success: '222000',
  expired: '222001',
  maxAttempts: '222002',
  /** Any other code is INVALID_OTP; this one is as good as any. */
  invalid: '123456',
  /** Activates a direct-debit payment token. */
  linkingSuccess: '333000',
} as const;

/** Wrong OTPs a request or token takes before it fails with MAX_OTP_ATTEMPTS. */
export const MAX_OTP_ATTEMPTS = 3;
