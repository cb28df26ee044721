import { createHash } from 'node:crypto';
import {
  FAILING_AMOUNTS,
  TEST_CARDS,
  type CardDetails,
  type MaskedCardDetails,
} from '@store/xendit';
import { validationError } from './api-error.ts';

const threeDsCards: readonly string[] = TEST_CARDS.threeDs;

export type CardCheck = { needsThreeDs: boolean; masked: MaskedCardDetails };

/** Reads a card as the test acquirer would: 3DS test cards need the challenge, others go straight on. */
export function checkCard(card: CardDetails, path: string): CardCheck {
  if (!threeDsCards.includes(card.card_number) && !passesLuhn(card.card_number)) {
    throw validationError([{ path: `${path}.card_number`, message: 'is not a valid card number' }]);
  }
  return {
    needsThreeDs: threeDsCards.includes(card.card_number),
    // The card as the published examples show it back in channel_properties.card_details.
    masked: {
      masked_card_number: `${card.card_number.slice(0, 6)}XXXXXX${card.card_number.slice(-4)}`,
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
      network: card.card_number.startsWith('4') ? 'VISA' : 'MASTERCARD',
      country: 'ID',
      issuer: 'SIMULATED BANK',
    },
  };
}

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
