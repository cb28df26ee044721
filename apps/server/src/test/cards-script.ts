import type { CardSession } from '@store/contract';

/**
 * What the provider's cards-session script posts from the browser for a card session, with the
 * public key: the payment request (PAY) or token (SAVE) the provider makes from the card.
 */
export async function collectCardData(xenditUrl: string, session: CardSession, cardNumber: string) {
  const response = await fetch(`${xenditUrl}/v3/payment_with_session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${session.extra_data.public_key}:`).toString('base64')}`,
    },
    body: JSON.stringify({
      payment_session_id: session.id,
      card_number: cardNumber,
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
      cardholder_first_name: 'Ana',
      cardholder_last_name: 'Lee',
      cardholder_email: 'ana@example.com',
      cardholder_phone: '+628111111111',
    }),
  });
  if (response.status !== 200) throw new Error(`the cards script was answered ${response.status}`);
  return (await response.json()) as {
    payment_request_id: string;
    payment_token_id: string;
    action_url?: string;
  };
}
