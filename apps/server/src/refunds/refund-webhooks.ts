import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { apps, payments, refunds } from '../db/schema.ts';
import { sameMoney } from '../provider/mapping.ts';
import type { WebhookAction, WebhookMatch } from '../provider/webhook-events.ts';

type SentRefund = Extract<WebhookAction, { action: 'refund_ended' }>['refund'];

/**
 * Refund events. The published Payments API has no read of a refund (the description at
 * ../shared/reference has POST /refunds only, and the provider's v3 GET /v3/refunds/{id} does not
 * serve refunds made through /refunds: docs.xendit.co/apidocs/get-a-refund), so nothing can be read
 * back: the event must carry the mode's callback token and name the refund exactly as the store
 * recorded it (its reference, the provider's refund id once known, the payment request, amount and
 * currency), and its event name must agree with the status it reports. Its state machine then takes
 * the first outcome only.
 */
export function createRefundWebhooks(deps: {
  db: Database;
  applyProviderRefund: (sent: SentRefund, outcome: SentRefund['outcome']) => Promise<unknown>;
}) {
  const { db, applyProviderRefund } = deps;

  return async function matchWebhook(sent: SentRefund): Promise<WebhookMatch> {
    const { refundId } = sent;
    const [row] = refundId
      ? await db
          .select({ refund: refunds, payment: payments, app: apps })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .innerJoin(apps, eq(apps.id, refunds.appId))
          .where(eq(refunds.id, refundId))
      : [];
    if (!row) return { ignored: `No refund ${refundId ?? '(no reference_id)'} in this store` };
    const { refund, payment, app } = row;
    const check = async () => {
      // Nothing can be read back to tell the provider's refund id from a forged one, so an event
      // for a refund whose create answer was lost waits: the provider sends it again, and by then
      // the reconciler's replay of the create (same key) has recorded the real id.
      if (!refund.providerRefundId) {
        throw new AppError(
          503,
          'REFUND_NOT_YET_RECORDED',
          'The store has not yet recorded the provider id of this refund; send the event again later',
        );
      }
      if (refund.providerRefundId !== sent.providerRefundId) {
        return {
          ignored: `Refund ${sent.providerRefundId} is not ${refund.providerRefundId}, the one recorded`,
        };
      }
      // The published refund webhooks may leave the payment request out; when named it must agree.
      if (sent.providerRequestId && sent.providerRequestId !== payment.providerRequestId) {
        return {
          ignored: `Payment request ${sent.providerRequestId} is not this refund's payment's`,
        };
      }
      if (!sameMoney(refund, sent)) {
        return { ignored: `${sent.currency} ${sent.amount} is not the refund's amount` };
      }
      if (sent.disagreement) return { ignored: sent.disagreement };
      return { apply: () => applyProviderRefund(sent, sent.outcome) };
    };
    return { app, link: { paymentId: payment.id, refundId: refund.id }, check };
  };
}
