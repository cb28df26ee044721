import { createHash } from 'node:crypto';
import {
  CARD_EXPIRY_OUTCOMES,
  FAILING_AMOUNTS,
  TEST_CARD_TABLE,
  type CardAuthentication,
  type CardDetails,
  type MaskedCardDetails,
} from '@store/xendit';
import { ApiError } from './api-error.ts';

/** The 3DS step a card needs, if any: what the 3DS page offers (see TEST_CARD_TABLE). */
export type Challenge = Exclude<CardAuthentication, 'frictionless'>;

export type CardCheck = { challenge: Challenge | undefined; masked: MaskedCardDetails };

const networkOf = (number: string) =>
  number.startsWith('4')
    ? 'VISA'
    : number.startsWith('34') || number.startsWith('37')
      ? 'AMEX'
      : number.startsWith('35') || number.startsWith('3337')
        ? 'JCB'
        : 'MASTERCARD';

/**
 * Reads a card as the test acquirer would: each card of the provider's test-card tables as its row
 * says, any other valid number without a challenge. `charge` is the amount a payment asks (a token
 * has none), for the cards that go frictionless below an amount.
 */
export function checkCard(
  card: CardDetails,
  path: string,
  charge?: { amount: number; currency: string },
): CardCheck {
  const row = TEST_CARD_TABLE[card.card_number];
  if (!row && !passesLuhn(card.card_number)) {
    // A number the end user mistyped is the file's INVALID_PAYMENT_DETAILS, which both creates
    // declare ("The payment details entered by the end user is invalid"), not a malformed call.
    throw new ApiError(
      400,
      'INVALID_PAYMENT_DETAILS',
      'The payment details entered by the end user are invalid: the card number is not a valid card number',
      [{ path: `${path}.card_number`, message: 'is not a valid card number' }],
    );
  }
  refuseExpired(card);
  const frictionless =
    !row ||
    row.authentication === 'frictionless' ||
    (row.frictionlessBelow !== undefined &&
      charge?.currency === row.frictionlessBelow.currency &&
      charge.amount < row.frictionlessBelow.amount);
  return {
    challenge: frictionless ? undefined : (row.authentication as Challenge),
    // The card as the published examples show it back in channel_properties.card_details.
    masked: {
      masked_card_number: masked(card.card_number),
      ...(card.cardholder_first_name && { cardholder_first_name: card.cardholder_first_name }),
      ...(card.cardholder_last_name && { cardholder_last_name: card.cardholder_last_name }),
      ...(card.cardholder_email && { cardholder_email: card.cardholder_email }),
      ...(card.cardholder_phone_number && {
        cardholder_phone_number: card.cardholder_phone_number,
      }),
      expiry_month: card.expiry_month,
      expiry_year: card.expiry_year,
      fingerprint: createHash('sha256').update(card.card_number).digest('hex').slice(0, 24),
      type: 'CREDIT',
      network: row?.brand ?? networkOf(card.card_number),
      country: row?.country ?? 'ID',
      issuer: 'SIMULATED BANK',
    },
  };
}

/**
 * A card valid through a month before this one is refused, as the description's 400 answers of
 * payment requests and payment tokens list it: CARD_EXPIRED, "Card expiry specified in the request
 * should not be earlier than current month" (Payments_API_Http400CardExpired; its body names no
 * field, so none is added). Once the month has ended everywhere (UTC-12): a card form that checks
 * the expiry in its customer's time, as the store's does, is then never stricter than this.
 */
function refuseExpired(card: Pick<CardDetails, 'expiry_month' | 'expiry_year'>) {
  const latest = new Date(Date.now() - 12 * 60 * 60 * 1000);
  const validThrough = Number(card.expiry_year) * 12 + Number(card.expiry_month);
  const thisMonth = latest.getUTCFullYear() * 12 + latest.getUTCMonth() + 1;
  if (validThrough < thisMonth) {
    throw new ApiError(
      400,
      'CARD_EXPIRED',
      'Card expiry specified in the request should not be earlier than current month.',
    );
  }
}

const masked = (number: string) => `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type Outcome = { status: 'SUCCEEDED' } | { status: 'FAILED'; failureCode: string };

/** The result of authorising an amount: the failing test amounts fail, everything else succeeds. */
export function authorisationOutcome(amount: number): Outcome {
  const failureCode = FAILING_AMOUNTS[amount];
  return failureCode ? { status: 'FAILED', failureCode } : { status: 'SUCCEEDED' };
}

/**
 * The result of authorising a card payment: a card whose row picks its outcome by expiry date
 * (CARD_EXPIRY_OUTCOMES) gets that outcome, then the failing test amounts fail as for any card.
 */
export function cardOutcome(
  amount: number,
  card:
    | Pick<MaskedCardDetails, 'masked_card_number' | 'expiry_month' | 'expiry_year'>
    | null
    | undefined,
): Outcome {
  const row = Object.entries(TEST_CARD_TABLE).find(
    ([number]) => masked(number) === card?.masked_card_number,
  )?.[1];
  if (row?.outcomesByExpiry && card?.expiry_month && card.expiry_year) {
    const byExpiry = CARD_EXPIRY_OUTCOMES[`${card.expiry_month}/${card.expiry_year.slice(-2)}`];
    if (byExpiry) return { status: 'FAILED', failureCode: byExpiry.failureCode };
  }
  return authorisationOutcome(amount);
}
