import { getClientConfig } from '@/lib/config';
import { loadScript } from '@/lib/load-script';
import { cardDigits, parseExpiry, type CardFormValues } from './card-validation';

/** What the provider's cards-session script answers: a payment request (PAY) or token (SAVE). */
export interface CollectedCard {
  message?: string;
  payment_request_id?: string;
  payment_token_id?: string;
  /** Present when the card needs 3DS: the browser goes there. */
  action_url?: string;
}

/** The card data the provider's script posts, with the provider's field names. */
export interface CardData {
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  cvn: string;
  cardholder_first_name: string;
  cardholder_last_name: string;
  cardholder_email: string;
  cardholder_phone: string;
  /** The provider's own name for the phone; the specification's name is sent too. */
  cardholder_phone_number: string;
  payment_session_id: string;
  save_card_payment_token: boolean;
  /**
   * The provider's own name for the customer's choice to keep the card (PROVIDER.md: the script's
   * data takes confirm_save); the specification's name is sent too. Without it a session opened
   * with allow_save_payment_method OPTIONAL paid and saved nothing.
   */
  confirm_save: boolean;
}

interface XenditGlobal {
  setPublishableKey: (key: string) => void;
  payment: {
    collectCardData: (
      data: CardData,
      callback: (error: unknown, result: CollectedCard | null) => void,
    ) => void;
  };
}

/** An error the provider's script reported; the card form logs it and shows nothing. */
export class CardCollectionError extends Error {
  readonly detail: unknown;
  constructor(detail: unknown) {
    super('The card data could not be collected');
    this.name = 'CardCollectionError';
    this.detail = detail;
  }
}

export function toCardData(
  values: CardFormValues,
  sessionId: string,
  saveCardPaymentToken: boolean,
): CardData {
  const expiry = parseExpiry(values.expiryDate);
  const phone = values.cardHolderPhone.trim();
  return {
    card_number: cardDigits(values.cardNumber),
    expiry_month: expiry?.month ?? '',
    expiry_year: expiry?.year ?? '',
    cvn: values.cvn.trim(),
    cardholder_first_name: values.cardHolderFirstName.trim(),
    cardholder_last_name: values.cardHolderLastName.trim(),
    cardholder_email: values.cardHolderEmail.trim(),
    cardholder_phone: phone,
    cardholder_phone_number: phone,
    payment_session_id: sessionId,
    save_card_payment_token: saveCardPaymentToken,
    confirm_save: saveCardPaymentToken,
  };
}

/**
 * Loads the provider's cards-session script (once), sets the session's public key and hands it the
 * card. The card never reaches the store's server; the script answers with an id to complete with.
 */
export async function collectCardData(publicKey: string, data: CardData): Promise<CollectedCard> {
  await loadScript(getClientConfig().xendit.cards_session_script_url);
  const xendit = (window as unknown as { Xendit?: XenditGlobal }).Xendit;
  if (!xendit) throw new CardCollectionError('The cards-session script defined no Xendit global');
  xendit.setPublishableKey(publicKey);
  return new Promise<CollectedCard>((resolve, reject) => {
    xendit.payment.collectCardData(data, (error, result) => {
      if (error || !result) reject(new CardCollectionError(error));
      else resolve(result);
    });
  });
}
