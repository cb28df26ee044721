/** The card form's fields, named as in the specification. */
export interface CardFormValues {
  cardNumber: string;
  expiryDate: string;
  cvn: string;
  cardHolderFirstName: string;
  cardHolderLastName: string;
  cardHolderEmail: string;
  cardHolderPhone: string;
}

export type CardFormField = keyof CardFormValues;
export type CardFormErrors = Partial<Record<CardFormField, string>>;

export const emptyCardForm: CardFormValues = {
  cardNumber: '',
  expiryDate: '',
  cvn: '',
  cardHolderFirstName: '',
  cardHolderLastName: '',
  cardHolderEmail: '',
  cardHolderPhone: '',
};

export const cardFormMessages = {
  cardNumber: 'Card number must be 16 digits',
  expiryDate: 'Invalid expiry format (MM/YYYY)',
  cvn: 'cvn must be 3 or 4 digits',
  cardHolderFirstName: 'Cardholder first name is required',
  cardHolderLastName: 'Cardholder last name is required',
  cardHolderEmail: 'Cardholder email is required',
  cardHolderPhone: 'Cardholder phone is required',
} as const satisfies Record<CardFormField, string>;

/** Beside the specification's format message: a well-formed expiry that has passed. */
export const cardExpiredMessage = 'This card has expired: check the expiry date';

/**
 * The card number as the customer means it: a number pasted from a card or a password manager
 * comes grouped by spaces or dashes, which are not part of it.
 */
export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** Whether a card expiring at the end of the month has passed, at `now`. */
export function hasExpired(expiry: { month: string; year: string }, now: Date): boolean {
  const year = Number(expiry.year);
  const month = Number(expiry.month);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}

const expiryPattern = /^(0[1-9]|1[0-2])\/(\d{4})$/;

/** 'MM/YYYY' split into the provider's expiry_month and expiry_year, or null when malformed. */
export function parseExpiry(expiryDate: string): { month: string; year: string } | null {
  const match = expiryPattern.exec(expiryDate.trim());
  if (!match?.[1] || !match[2]) return null;
  return { month: match[1], year: match[2] };
}

/** Card form rules (specification section 5); an empty result means the form may be sent. */
export function validateCardForm(values: CardFormValues, now: Date = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!/^\d{16}$/.test(cardDigits(values.cardNumber))) {
    errors.cardNumber = cardFormMessages.cardNumber;
  }
  const expiry = parseExpiry(values.expiryDate);
  if (expiry === null) errors.expiryDate = cardFormMessages.expiryDate;
  else if (hasExpired(expiry, now)) errors.expiryDate = cardExpiredMessage;
  if (!/^\d{3,4}$/.test(values.cvn.trim())) errors.cvn = cardFormMessages.cvn;
  const required = [
    'cardHolderFirstName',
    'cardHolderLastName',
    'cardHolderEmail',
    'cardHolderPhone',
  ] as const;
  for (const field of required) {
    if (values[field].trim().length === 0) errors[field] = cardFormMessages[field];
  }
  return errors;
}
