import { eq } from 'drizzle-orm';
import { screenPath, toMajorUnits, type Currency } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { apps, payments } from '../db/schema.ts';
import { isRefusal } from '../http/app-error.ts';
import type { Provider } from '../provider/adapter.ts';
import {
  rememberProviderCustomer,
  sameMoney,
  type CreateCallSource,
  type CustomerRow,
} from '../provider/mapping.ts';
import { decisiveCall, type AppRow } from '../provider/provider.ts';
import type { WebhookMatch } from '../provider/webhook-events.ts';
import { isCardSessionCancelled, isCardSessionExpired } from '../statuses/card-session-status.ts';
import { movePayment } from '../statuses/payment-status.ts';
import type { PaymentRow } from './payment-view.ts';

/**
 * Payments made on the provider's hosted checkout. Such a payment is a payment like any other
 * (priced, recorded CREATING, its lines, refunds and logs as usual); its provider object is the
 * session until the session names the payment request it completed with. The customer may try
 * several channels on the page, each a payment request with the payment's reference, so only the
 * request the session completed with is the payment's: every event about it is checked against
 * the session read back.
 */
export function createCheckoutSessions(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
}) {
  const { db, provider, config } = deps;

  /** Back to the checkout, its cart as it was, when the customer leaves the page. */
  const cancelReturnUrl = () => `${config.publicUrl}${screenPath('checkout')}`;

  /**
   * The PAY session of a recorded payment, under the payment id as idempotency key: its page
   * becomes the payment's action. A replay (the first answer lost) sends the customer by id, then
   * by details, since which the first call sent depends on what the store knew then.
   */
  async function open(
    app: AppRow,
    customer: CustomerRow,
    payment: PaymentRow,
    lines: CreateCallSource['lines'],
  ) {
    const source = {
      type: 'PAY' as const,
      referenceId: payment.id,
      amount: payment.amount,
      save: payment.type === 'PAY_AND_SAVE',
      lines,
      returnUrls: {
        success_return_url: String(payment.channelProperties.success_return_url),
        cancel_return_url: cancelReturnUrl(),
      },
    };
    const link = { paymentId: payment.id };
    const outcome = await decisiveCall(
      async () => {
        try {
          return await provider.createCheckoutSession(app, customer, link, source);
        } catch (error) {
          if (!customer.providerCustomerId || !isRefusal(error)) throw error;
          if (error.errorCode !== 'DUPLICATE_ERROR') throw error;
          const byDetails = { ...customer, providerCustomerId: null };
          return await provider.createCheckoutSession(app, byDetails, link, source);
        }
      },
      (error) => movePayment(db, payment.id, 'FAILED', { failureCode: error.errorCode }),
    );
    if (outcome.answer) {
      const session = outcome.answer;
      await rememberProviderCustomer(db, customer, session.providerCustomerId);
      await movePayment(db, payment.id, 'REQUIRES_ACTION', {
        providerSessionId: session.providerSessionId,
        actions: session.paymentLinkUrl
          ? [
              {
                type: 'REDIRECT_CUSTOMER',
                descriptor: 'WEB_URL',
                value: session.paymentLinkUrl,
                paymentCode: null,
              },
            ]
          : [],
      });
    }
    return outcome;
  }

  /**
   * payment_session.completed / .expired about a payment: the session read back with the app's
   * key decides. Completed, it names the payment request, itself read back and checked to be this
   * payment's, with its amount; what that request says is applied, with the channel the customer
   * chose and the method a pay-and-save saved. Expired or cancelled before any request was taken,
   * the payment ends.
   */
  async function matchSessionWebhook(
    sent: { providerSessionId: string },
    /** Saves the method a pay-and-save leaves behind, from the token it names. */
    saveMethod: (paymentId: string, tokenId: string) => Promise<unknown>,
  ): Promise<WebhookMatch | null> {
    const [row] = await db
      .select({ payment: payments, app: apps })
      .from(payments)
      .innerJoin(apps, eq(apps.id, payments.appId))
      .where(eq(payments.providerSessionId, sent.providerSessionId));
    if (!row) return null;
    const { payment, app } = row;
    const link = { paymentId: payment.id };
    const check = async () => {
      const session = await provider.confirmCheckoutSession(app, link, sent.providerSessionId);
      if (!session || session.referenceId !== payment.id) {
        return {
          ignored: `The provider holds no session ${sent.providerSessionId} of this payment for ${app.mode} app ${app.id}`,
        };
      }
      if (isCardSessionExpired(session.status) || isCardSessionCancelled(session.status)) {
        return {
          apply: () =>
            movePayment(
              db,
              payment.id,
              isCardSessionExpired(session.status) ? 'FAILED' : 'CANCELLED',
              {
                failureCode: isCardSessionExpired(session.status) ? 'SESSION_EXPIRED' : null,
                actions: [],
              },
            ),
        };
      }
      if (!session.paymentRequestId) {
        return {
          ignored: `The provider says session ${sent.providerSessionId} is ${session.status}, with no payment request`,
        };
      }
      const answer = await provider.confirmPayment(app, payment.id, session.paymentRequestId);
      if (!answer || answer.paymentId !== payment.id || !sameMoney(payment, answer)) {
        return {
          ignored: `The session's payment request ${session.paymentRequestId} is not this payment's ${payment.currency} ${toMajorUnits(payment.amount, payment.currency as Currency)}`,
        };
      }
      return {
        apply: async () => {
          await movePayment(db, payment.id, answer.status, {
            ...answer.changesFor(payment),
            channelCode: answer.channelCode,
          });
          if (answer.savedTokenId) await saveMethod(payment.id, answer.savedTokenId);
        },
      };
    };
    return { app, link, check };
  }

  /** Cancels the session of a payment the customer has not paid on it: the payment ends too. */
  async function cancel(app: AppRow, payment: PaymentRow, providerSessionId: string) {
    const link = { paymentId: payment.id };
    let status;
    try {
      status = await provider.cancelCardSession(app, link, providerSessionId);
    } catch (error) {
      // Two cancels at once (a double click): the provider refuses the one that comes second, as
      // the session is cancelled already. The session read back decides, so both answer the
      // cancelled payment instead of one of them the provider's refusal.
      if (!isRefusal(error)) throw error;
      const session = await provider.confirmCheckoutSession(app, link, providerSessionId);
      if (!session || !isCardSessionCancelled(session.status)) throw error;
      status = session.status;
    }
    if (isCardSessionCancelled(status)) {
      await movePayment(db, payment.id, 'CANCELLED', { actions: [] });
    }
  }

  return { open, matchSessionWebhook, cancel };
}
export type CheckoutSessions = ReturnType<typeof createCheckoutSessions>;
