/** The provider's test-mode values (PROVIDER.md), shared by tests, the simulator and the README. */

export const TEST_CARDS = {
  /** Authorised without a 3DS challenge. */
  frictionless: ['4000000000001000', '5200000000001005'],
  /** Sent to the 3DS challenge page first. */
  threeDs: ['4000000000002503', '5200000000002151'],
} as const;

/**
 * How a test card authenticates:
 * - frictionless: authorised at once, no page;
 * - challenge: the 3DS page (Authenticate / Fail authentication);
 * - challenge-options: the 3DS page offering the simulated outcomes of an EMV 3DS challenge
 *   (authenticated, attempted, not authenticated, rejected, unavailable);
 * - challenge-auto: the 3DS page authenticates by itself ("without rendering and with auto success");
 * - challenge-fails: authentication always fails, so the card pays only with skip_three_ds.
 */
export type CardAuthentication =
  'frictionless' | 'challenge' | 'challenge-options' | 'challenge-auto' | 'challenge-fails';

export type TestCard = {
  brand: 'VISA' | 'MASTERCARD' | 'JCB' | 'AMEX';
  authentication: CardAuthentication;
  /** Where the row says so: the card's country, and amounts below which it goes frictionless. */
  country?: 'ID' | 'MY' | 'TH';
  frictionlessBelow?: { currency: 'THB'; amount: number };
  /** Once authenticated, the card's expiry date picks the authorisation's outcome (CARD_EXPIRY_OUTCOMES). */
  outcomesByExpiry?: true;
  /** The table or example the row comes from. */
  source: 'simulate-card-scenarios' | 'test-scenarios' | 'published-example';
};

/**
 * Every card of the provider's two test-card tables, as its row says:
 * "Simulate card scenarios" (https://docs.xendit.co/docs/cards-simulate-card-scenarios) and the
 * older "Test Scenarios" (https://docs.xendit.co/credit-cards/integrations/test-scenarios/: its
 * "Authentication and Charge Testing Cards"; the rows "only success if skip 3DS" fail
 * authentication, 4000000000001075 and 5200000000001070 by a 3DS timeout), and the one card of the
 * description's own examples that neither lists (PAY_AND_SAVE_Cards answers REQUIRES_ACTION with
 * a 3DS redirect). Any other number that passes the Luhn check is frictionless.
 */
export const TEST_CARD_TABLE: Readonly<Record<string, TestCard>> = {
  '4000000000002503': {
    brand: 'VISA',
    authentication: 'challenge',
    source: 'simulate-card-scenarios',
  },
  '4000000000001000': {
    brand: 'VISA',
    authentication: 'frictionless',
    source: 'simulate-card-scenarios',
  },
  '5200000000002151': {
    brand: 'MASTERCARD',
    authentication: 'challenge',
    source: 'simulate-card-scenarios',
  },
  '5200000000001005': {
    brand: 'MASTERCARD',
    authentication: 'frictionless',
    source: 'simulate-card-scenarios',
  },
  '4440000009900010': {
    brand: 'VISA',
    authentication: 'challenge-options',
    outcomesByExpiry: true,
    source: 'simulate-card-scenarios',
  },
  '4440000042200014': {
    brand: 'VISA',
    authentication: 'frictionless',
    country: 'MY',
    source: 'simulate-card-scenarios',
  },
  '5123450000000008': {
    brand: 'MASTERCARD',
    authentication: 'challenge-options',
    outcomesByExpiry: true,
    country: 'MY',
    source: 'simulate-card-scenarios',
  },
  '5123456789012346': {
    brand: 'MASTERCARD',
    authentication: 'frictionless',
    country: 'MY',
    source: 'simulate-card-scenarios',
  },
  '4200350000000801': {
    brand: 'VISA',
    authentication: 'challenge',
    country: 'TH',
    frictionlessBelow: { currency: 'THB', amount: 20 },
    source: 'simulate-card-scenarios',
  },
  '5413530000000501': {
    brand: 'MASTERCARD',
    authentication: 'challenge',
    country: 'TH',
    frictionlessBelow: { currency: 'THB', amount: 20 },
    source: 'simulate-card-scenarios',
  },
  '4000000000001091': { brand: 'VISA', authentication: 'challenge', source: 'test-scenarios' },
  '5200000000001096': {
    brand: 'MASTERCARD',
    authentication: 'challenge',
    source: 'test-scenarios',
  },
  '3337000000200004': { brand: 'JCB', authentication: 'challenge', source: 'test-scenarios' },
  '340000000001098': { brand: 'AMEX', authentication: 'challenge-auto', source: 'test-scenarios' },
  '4000000000000010': {
    brand: 'VISA',
    authentication: 'challenge-fails',
    source: 'test-scenarios',
  },
  '5200000000000015': {
    brand: 'MASTERCARD',
    authentication: 'challenge-fails',
    source: 'test-scenarios',
  },
  '340000000006022': { brand: 'AMEX', authentication: 'challenge-fails', source: 'test-scenarios' },
  '4000000000001075': {
    brand: 'VISA',
    authentication: 'challenge-fails',
    source: 'test-scenarios',
  },
  '5200000000001070': {
    brand: 'MASTERCARD',
    authentication: 'challenge-fails',
    source: 'test-scenarios',
  },
  '5453010000095323': {
    brand: 'MASTERCARD',
    authentication: 'frictionless',
    country: 'MY',
    source: 'test-scenarios',
  },
  '4000000000001109': { brand: 'VISA', authentication: 'challenge', source: 'published-example' },
};

/**
 * The simulated outcomes of the cards whose row says "see list of simulated options"
 * (4440000009900010, 5123450000000008): these are the acquirer gateway's own test cards, whose
 * published outcome is picked by the expiry date (MM/YY) the customer enters, e.g.
 * https://docs.edfapay.com/docs/test-cards and https://docs.payaza.africa/guides/testcards; any
 * other future expiry (such as 01/39) is approved. The gateway's outcome is given as the
 * description's nearest failure_code (choice: the description has no EXPIRED_CARD or TIMED_OUT).
 */
export const CARD_EXPIRY_OUTCOMES: Readonly<
  Record<string, { gateway: string; failureCode: string }>
> = {
  '05/39': { gateway: 'DECLINED', failureCode: 'CARD_DECLINED' },
  '04/27': { gateway: 'EXPIRED_CARD', failureCode: 'DECLINED_BY_ISSUER' },
  '08/28': { gateway: 'TIMED_OUT', failureCode: 'TIMEOUT_ERROR' },
  '01/37': { gateway: 'ACQUIRER_SYSTEM_ERROR', failureCode: 'DECLINED_BY_PROCESSOR' },
  '02/37': { gateway: 'UNSPECIFIED_FAILURE', failureCode: 'FAILURE_DETAILS_UNAVAILABLE' },
  '05/37': { gateway: 'UNKNOWN', failureCode: 'FAILURE_DETAILS_UNAVAILABLE' },
};

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

/**
 * Subscription amounts with a set outcome, from the provider's subscription test guide
 * (https://docs.xendit.co/recurring/test-setup): a plan (or a simulate call) with one of these
 * amounts has its cycle charges fail with this failure_code; 13579 is the guide's success amount
 * (any other amount succeeds too, but for FAILING_AMOUNTS).
 */
export const RECURRING_TEST_AMOUNTS = {
  succeeds: 13579,
  accountAccessBlocked: 21103,
  invalidAccountDetails: 21106,
  maximumLimitReached: 21107,
  insufficientBalance: 21110,
} as const;

export const RECURRING_FAILING_AMOUNTS: Readonly<Record<number, string>> = {
  [RECURRING_TEST_AMOUNTS.accountAccessBlocked]: 'ACCOUNT_ACCESS_BLOCKED',
  [RECURRING_TEST_AMOUNTS.invalidAccountDetails]: 'INVALID_ACCOUNT_DETAILS',
  [RECURRING_TEST_AMOUNTS.maximumLimitReached]: 'MAXIMUM_LIMIT_REACHED',
  [RECURRING_TEST_AMOUNTS.insufficientBalance]: 'INSUFFICIENT_BALANCE',
};

/** E-wallet amounts that the provider refuses at creation, or fails later. */
export const EWALLET_TEST_AMOUNTS = {
  /**
   * 403 INVALID_MERCHANT_SETTINGS: the guide's CHANNEL_NOT_ACTIVATED
   * (https://docs.xendit.co/ewallet/integrations/test-scenarios), under the name the Payments API's
   * create declares for a merchant's settings (Payments_API_Http403InvalidMerchantSettings).
   */
  channelNotActivated: 10100,
  /** 503 CHANNEL_UNAVAILABLE */
  channelUnavailable: 10101,
  /** 500 SERVER_ERROR */
  serverError: 10102,
  /** Accepted, then payment.failure with USER_DECLINED_PAYMENT by webhook. */
  declinedLater: 20105,
} as const;

/**
 * E-wallet amounts accepted, then failed by payment.failure with this failure_code: the provider's
 * e-wallet test scenarios (https://docs.xendit.co/ewallet/integrations/test-scenarios, 20103 to
 * 20107), each under its name among the Payments API's failure codes
 * (Payments_API_PaymentFailureCodes), which a webhook must carry: 20104's
 * INVALID_MERCHANT_CREDENTIALS is INVALID_MERCHANT_SETTINGS there, and 20107's limit reached
 * PAYMENT_AMOUNT_LIMITS_EXCEEDED.
 */
export const EWALLET_FAILING_AMOUNTS: Readonly<Record<number, string>> = {
  20103: 'ACCOUNT_ACCESS_BLOCKED',
  20104: 'INVALID_MERCHANT_SETTINGS',
  [EWALLET_TEST_AMOUNTS.declinedLater]: 'USER_DECLINED_PAYMENT',
  20106: 'INVALID_ACCOUNT_DETAILS',
  20107: 'PAYMENT_AMOUNT_LIMITS_EXCEEDED',
};

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
