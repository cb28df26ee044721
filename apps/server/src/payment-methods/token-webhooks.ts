import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentToken } from '@store/xendit';
import type { Database } from '../db/database.ts';
import { paymentMethods, payments } from '../db/schema.ts';
import type { PaymentMethodRow } from './payment-method-service.ts';

/**
 * The id of the method a PAY_AND_SAVE payment saves, from its token: a token webhook is recorded
 * against the method before the method is made, and whichever of the capture and the activation
 * webhooks makes it, it gets this id.
 */
const savedMethodId = (tokenId: string) =>
  `pm_${createHash('sha256').update(tokenId).digest('hex').slice(0, 32)}`;

/** What the provider's tokens do to methods: the methods PAY_AND_SAVE payments save, and webhooks. */
export function createTokenWebhooks(deps: {
  db: Database;
  applyToken: (method: PaymentMethodRow, token: PaymentToken) => Promise<PaymentMethodRow | null>;
}) {
  const { db, applyToken } = deps;

  /**
   * The method a PAY_AND_SAVE payment leaves behind, ACTIVE, once the provider reports its token.
   * Idempotent: the token id is unique, so duplicate or crossing webhooks make one method.
   */
  async function saveFromPayment(
    paymentId: string,
    tokenId: string,
  ): Promise<PaymentMethodRow | null> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment || payment.type !== 'PAY_AND_SAVE') return null;
    await db
      .insert(paymentMethods)
      .values({
        id: savedMethodId(tokenId),
        appId: payment.appId,
        customerId: payment.customerId,
        providerTokenId: tokenId,
        channelCode: payment.channelCode,
        country: payment.country,
        referenceId: payment.id,
        status: 'ACTIVE',
        paymentId: payment.id,
      })
      .onConflictDoNothing({ target: paymentMethods.providerTokenId });
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    return method ?? null;
  }

  /**
   * payment_token.activation / .failure / .expiry: the method the token concerns, and `apply`,
   * which applies the token to it and which the caller runs once the webhook is recorded. A
   * token the store has not seen may be the one a PAY_AND_SAVE payment saved (its reference_id
   * is the payment's id).
   */
  async function matchTokenWebhook(
    token: PaymentToken,
  ): Promise<{ appId: string; paymentMethodId: string; apply: () => Promise<unknown> } | null> {
    const [known] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, token.payment_token_id));
    if (known) {
      return {
        appId: known.appId,
        paymentMethodId: known.id,
        apply: () => applyToken(known, token),
      };
    }
    // A card linked through a SAVE session: the token names the method, which has no token
    // until the browser completes the session.
    const [linking] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, token.reference_id));
    if (linking && !linking.providerTokenId) {
      return {
        appId: linking.appId,
        paymentMethodId: linking.id,
        apply: () => applyToken(linking, token),
      };
    }
    if (token.status !== 'ACTIVE') return null;
    const [payment] = await db
      .select({ appId: payments.appId, type: payments.type })
      .from(payments)
      .where(eq(payments.id, token.reference_id));
    if (payment?.type !== 'PAY_AND_SAVE') return null;
    return {
      appId: payment.appId,
      paymentMethodId: savedMethodId(token.payment_token_id),
      apply: async () => {
        const saved = await saveFromPayment(token.reference_id, token.payment_token_id);
        if (saved) await applyToken(saved, token);
      },
    };
  }

  return { saveFromPayment, matchTokenWebhook };
}
