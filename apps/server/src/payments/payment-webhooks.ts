import { eq } from 'drizzle-orm';
import { toMajorUnits, type Currency } from '@store/contract';
import type { Database } from '../db/database.ts';
import { apps, payments } from '../db/schema.ts';
import type { Provider } from '../provider/adapter.ts';
import { sameMoney, type ProviderPayment } from '../provider/mapping.ts';
import type { WebhookAction, WebhookMatch } from '../provider/webhook-events.ts';
import type { PaymentRow } from './payment-view.ts';

type SentPayment = Extract<WebhookAction, { action: 'payment_changed' }>['payment'];

/**
 * Payment events (payment.* and payment_request.expiry): the event must name the provider request
 * the store recorded for the payment, with its amount and currency, and the request read back
 * with the app's key must agree; what the provider answers is what the store applies.
 */
export function createPaymentWebhooks(deps: {
  db: Database;
  provider: Provider;
  applyProviderPayment: (payment: PaymentRow, answer: ProviderPayment) => Promise<unknown>;
}) {
  const { db, provider, applyProviderPayment } = deps;

  return async function matchWebhook(
    sent: SentPayment,
    /** Saves the method a PAY_AND_SAVE payment leaves behind, from the token it names. */
    saveMethod: (paymentId: string, tokenId: string) => Promise<unknown>,
  ): Promise<WebhookMatch> {
    const [row] = await db
      .select({ payment: payments, app: apps })
      .from(payments)
      .innerJoin(apps, eq(apps.id, payments.appId))
      .where(eq(payments.id, sent.paymentId));
    if (!row) return { ignored: `No payment ${sent.paymentId} in this store` };
    const { payment, app } = row;
    const check = async () => {
      // On the hosted checkout every channel the customer tries is a request with this payment's
      // reference: the one it paid with is the one its session completed with, applied then.
      if (payment.providerSessionId && !payment.providerRequestId) {
        return {
          ignored: `Payment ${payment.id} is paid on the hosted checkout: its session's end says which request is its own`,
        };
      }
      if (payment.providerRequestId && payment.providerRequestId !== sent.providerRequestId) {
        return {
          ignored: `Payment request ${sent.providerRequestId} is not ${payment.providerRequestId}, the one recorded for this payment`,
        };
      }
      if (!sameMoney(payment, sent)) {
        return {
          ignored: `${sent.currency} ${sent.amount ?? '(no amount)'} is not the payment's ${payment.currency} ${toMajorUnits(payment.amount, payment.currency as Currency)}`,
        };
      }
      const answer = await provider.confirmPayment(app, payment.id, sent.providerRequestId);
      if (!answer) {
        return {
          ignored: `The provider holds no payment request ${sent.providerRequestId} for ${app.mode} app ${app.id}`,
        };
      }
      if (answer.paymentId !== payment.id || !sameMoney(payment, answer)) {
        return {
          ignored: `The provider's payment request ${answer.providerRequestId} is for ${answer.paymentId}, ${answer.currency} ${answer.amount ?? '(no amount)'}: not this payment`,
        };
      }
      return {
        apply: async () => {
          // A PAY_AND_SAVE payment that succeeded names the token it saved.
          if (answer.savedTokenId) await saveMethod(payment.id, answer.savedTokenId);
          await applyProviderPayment(payment, answer);
        },
      };
    };
    return { app, link: { paymentId: payment.id }, check };
  };
}
