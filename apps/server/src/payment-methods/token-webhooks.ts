import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { apps, paymentMethods, payments } from '../db/schema.ts';
import type { Provider } from '../provider/adapter.ts';
import type { ProviderToken } from '../provider/mapping.ts';
import type { WebhookMatch } from '../provider/webhook-events.ts';
import { canPayWithMethod, savedMethodStatus } from '../statuses/payment-method-status.ts';
import type { PaymentMethodRow } from './payment-method-view.ts';

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
  provider: Provider;
  applyToken: (method: PaymentMethodRow, token: ProviderToken) => Promise<PaymentMethodRow | null>;
}) {
  const { db, provider, applyToken } = deps;

  /**
   * The method a PAY_AND_SAVE payment leaves behind, ACTIVE, once the provider reports its token.
   * Idempotent: the token id is unique, so duplicate or crossing webhooks make one method.
   */
  async function saveFromPayment(
    paymentId: string,
    tokenId: string,
    details: Record<string, string> | null = null,
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
        status: savedMethodStatus,
        paymentId: payment.id,
        details,
      })
      .onConflictDoNothing({ target: paymentMethods.providerTokenId });
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    return method ?? null;
  }

  /**
   * The method a pay-and-save on the hosted checkout saved, at its session's end. The token's own
   * activation webhook came first and was left to that end (methodOfToken), so the token is read
   * back here for what it shows (a card's masked number), or the method would show nothing.
   */
  async function saveFromCheckout(
    paymentId: string,
    tokenId: string,
  ): Promise<PaymentMethodRow | null> {
    // Saved already (a replayed or repeated session end, a read of the payment): nothing to read.
    const [known] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    if (known) return known;
    const [row] = await db
      .select({ app: apps })
      .from(payments)
      .innerJoin(apps, eq(apps.id, payments.appId))
      .where(eq(payments.id, paymentId));
    if (!row) return null;
    // The method is saved even when the token cannot be read now, only without what it shows:
    // the payment has already moved, and a retried webhook finds it settled.
    const token = await provider
      .confirmToken(row.app, savedMethodId(tokenId), tokenId)
      .catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    const details = token?.referenceId === paymentId ? token.details : null;
    return saveFromPayment(paymentId, tokenId, details);
  }

  /**
   * The method a token concerns, and `apply`, which applies the token to it. A token the store
   * has not seen may be the one a PAY_AND_SAVE payment saved (its reference is the payment's id).
   */
  async function methodOfToken(token: ProviderToken): Promise<{
    appId: string;
    paymentMethodId: string;
    followsSession?: boolean;
    apply: () => Promise<unknown>;
  } | null> {
    const [known] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, token.tokenId));
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
      .where(eq(paymentMethods.id, token.referenceId));
    if (linking && !linking.providerTokenId) {
      return {
        appId: linking.appId,
        paymentMethodId: linking.id,
        // On the hosted checkout the customer may try several channels, each a token naming the
        // method: the one the session completed with is its own, applied at the session's end.
        followsSession: linking.providerSessionId !== null,
        apply: () => applyToken(linking, token),
      };
    }
    if (!canPayWithMethod(token.status)) return null;
    const [payment] = await db
      .select({
        appId: payments.appId,
        type: payments.type,
        providerSessionId: payments.providerSessionId,
        providerRequestId: payments.providerRequestId,
      })
      .from(payments)
      .where(eq(payments.id, token.referenceId));
    if (payment?.type !== 'PAY_AND_SAVE') return null;
    // A pay-and-save on the hosted checkout saves its method when its session ends.
    if (payment.providerSessionId && !payment.providerRequestId) return null;
    return {
      appId: payment.appId,
      paymentMethodId: savedMethodId(token.tokenId),
      apply: async () => {
        const saved = await saveFromPayment(token.referenceId, token.tokenId);
        if (saved) await applyToken(saved, token);
      },
    };
  }

  /**
   * payment_token.activation / .failure / .expiry: the method the token concerns, confirmed by
   * reading the token back with the app's key; what the provider answers is what applies.
   */
  async function matchTokenWebhook(sent: ProviderToken): Promise<WebhookMatch> {
    const matched = await methodOfToken(sent);
    const [app] = matched ? await db.select().from(apps).where(eq(apps.id, matched.appId)) : [];
    if (!matched || !app) {
      return { ignored: `No payment method of token ${sent.tokenId} in this store` };
    }
    const { paymentMethodId } = matched;
    const check = async () => {
      const token = await provider.confirmToken(app, paymentMethodId, sent.tokenId);
      const confirmed = token ? await methodOfToken(token) : null;
      if (!confirmed || confirmed.paymentMethodId !== paymentMethodId) {
        return { ignored: `The provider holds no token ${sent.tokenId} of this method` };
      }
      if (confirmed.followsSession) {
        return {
          ignored: `Method ${paymentMethodId} is saved on the hosted checkout: its session's end says which token is its own`,
        };
      }
      return { apply: confirmed.apply };
    };
    return { app, link: { paymentMethodId }, check };
  }

  return { saveFromPayment, saveFromCheckout, matchTokenWebhook };
}
