import { TEST_CARDS } from '@store/xendit';

/** A test card authorised at once, with no 3DS page, and an expiry years ahead. */
export const frictionlessCard = {
  card_number: TEST_CARDS.frictionless[0],
  expiry_month: '12',
  expiry_year: '2039',
  cvn: '123',
};

/** A card payment request for IDR 10,000 left AUTHORIZED, for the merchant to capture. */
export const authorisedCardRequest = (referenceId: string) => ({
  reference_id: referenceId,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 10_000,
  capture_method: 'MANUAL',
  channel_code: 'CARDS',
  channel_properties: { card_details: frictionlessCard },
});

/**
 * Whether a card valid through this month (1 to 12) of this four-digit year has expired by the
 * simulator's rule: once the month has ended everywhere (UTC-12). The tests that expect
 * CARD_EXPIRED decide with this, so that none depends on the first hours of a month.
 */
export function cardExpiryEnded(month: number, year: number): boolean {
  const latest = new Date(Date.now() - 12 * 60 * 60 * 1000);
  return year * 12 + month < latest.getUTCFullYear() * 12 + latest.getUTCMonth() + 1;
}
