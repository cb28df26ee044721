import { and, eq } from 'drizzle-orm';
import { paymentErrorCodes, type Payment } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { payments } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { providerCallLimits, providerReadLimits, type RateLimiter } from '../http/rate-limits.ts';
import { returnUrls } from '../lib/return-urls.ts';
import type { Provider } from '../provider/adapter.ts';
import type { ProviderPayment } from '../provider/mapping.ts';
import { answerOf, decisiveCall } from '../provider/provider.ts';
import {
  awaitsProvider,
  movePayment,
  toApiStatus,
  type PaymentChanges,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { createCheckoutSessions } from './checkout-session.ts';
import { createPaymentCreator } from './create-payment.ts';
import {
  newLines,
  prepareCreateStatements,
  recordPayment,
  type NewPayment,
} from './create-statements.ts';
import { createOrderCatalogue } from './order-catalogue.ts';
import { createPaymentReads } from './payment-reads.ts';
import { createPaymentWebhooks } from './payment-webhooks.ts';
import type { PaymentRow } from './payment-view.ts';
import { createCreatingSettler } from './settle-creating.ts';
import type { PricedOrder } from './pricing.ts';

export type { NewPayment } from './create-statements.ts';
// What other resources use of payments, reached through this service.
export { channelName, channelsFor, findChannel } from './channels.ts';
export { recordCyclePayment, type CycleCharge } from './cycle-payment.ts';
export { toApiExchange, toApiPayments } from './payment-view.ts';
export { priceOrder } from './pricing.ts';

/**
 * The payments domain composed: creating (create-payment.ts), settling a create whose answer was
 * lost (settle-creating.ts), reading and paging (payment-reads.ts), its webhooks
 * (payment-webhooks.ts), the provider's verbs (here).
 * Cards, methods, refunds, webhooks and the reconciler reach payments through this service.
 */
/** Whether a payment's actions (as the store keeps them) include the OTP screen's. */
const asksForOtp = (actions: unknown[]) =>
  actions.some(
    (action) =>
      typeof action === 'object' &&
      action !== null &&
      (action as { descriptor?: unknown }).descriptor === 'VALIDATE_OTP',
  );

export function createPaymentService(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  limiter: RateLimiter;
  budget: CreateBudget;
  /** Saves the method a pay-and-save on the hosted checkout leaves behind, from its token. */
  saveMethod: (paymentId: string, tokenId: string) => Promise<unknown>;
}) {
  const { db, provider, config, limiter, budget, saveMethod } = deps;
  const statements = prepareCreateStatements(db, {
    answersTogether: config.database.kind === 'postgres',
  });
  const orderCatalogue = createOrderCatalogue(db);

  async function loadPayment(paymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  /** The payment of this id if it is the signed-in customer's, and no one else's. */
  const ownPayment = (session: Pick<Caller, 'appId' | 'customerId'>, paymentId: string) =>
    and(
      eq(payments.id, paymentId),
      eq(payments.appId, session.appId),
      eq(payments.customerId, session.customerId),
    );

  async function loadOwnPayment(session: Caller, paymentId: string): Promise<PaymentRow> {
    const [row] = await db.select().from(payments).where(ownPayment(session, paymentId));
    if (!row) throw notFound(`Payment ${paymentId}`);
    return row;
  }

  /** Whether the payment is the signed-in customer's (a limit of theirs may key on it). */
  async function ownsPayment(
    session: Pick<Caller, 'appId' | 'customerId'>,
    paymentId: string,
  ): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(ownPayment(session, paymentId));
    return row !== undefined;
  }

  /** Moves a payment on the provider's word, through the payment state machine. */
  const transition = (paymentId: string, to: StoredPaymentStatus, changes?: PaymentChanges) =>
    movePayment(db, paymentId, to, changes);

  /** Applies what the provider says of a payment (a create answer, a read or a verb's answer). */
  const applyProviderPayment = (payment: PaymentRow, answer: ProviderPayment) =>
    transition(payment.id, answer.status, answer.changesFor(payment));

  /**
   * Records a new payment, CREATING, with its priced lines (in `writer`'s transaction when given);
   * null when the customer already used this idempotency key.
   */
  const insertPayment = (values: NewPayment, order: PricedOrder, writer?: Database) =>
    recordPayment(statements, values, newLines(values.id, order), writer);

  const paymentReturnUrls = (paymentId: string, clientId: string) =>
    returnUrls(config.publicUrl, 'payment', paymentId, clientId);

  const checkoutSessions = createCheckoutSessions({ db, provider, config });
  const settleCreating = createCreatingSettler({
    db,
    provider,
    applyProviderPayment,
    checkoutSessions,
  });
  const creator = createPaymentCreator({
    db,
    provider,
    config,
    budget,
    statements,
    loadPayment,
    settleCreating,
    maySettleAgain: (payment) => limiter.tryTake(providerCallLimits(config.rateLimits, payment)),
    returnUrls: paymentReturnUrls,
    checkoutSessions,
    orderCatalogue,
  });
  /**
   * A payment still on the hosted checkout, read back through its session as its session webhook
   * would be: a session completed whose webhook was lost settles the payment (and saves the method
   * a pay-and-save made); one expired or cancelled ends it; one still open changes nothing.
   */
  async function readCheckoutSession(payment: PaymentRow): Promise<void> {
    if (!payment.providerSessionId) return;
    const match = await checkoutSessions.matchSessionWebhook(
      { providerSessionId: payment.providerSessionId },
      saveMethod,
    );
    if (!match || 'ignored' in match) return;
    const outcome = await match.check();
    if (outcome.apply) await outcome.apply();
  }

  const reads = createPaymentReads({
    db,
    provider,
    loadOwnPayment,
    loadPayment,
    applyProviderPayment,
    readCheckoutSession,
    mayReadProvider: (session, paymentId) =>
      limiter.tryTake(providerReadLimits(config.rateLimits, session, paymentId)),
  });

  return {
    /** Kept current from the database's announcements once listening (app.ts, on ready). */
    orderCatalogue,
    /** The creates' status announcements, sent after their commits: all sent before closing. */
    sendAnnouncements: statements.announcer.sendAll,
    create: creator.create,
    createOnCheckout: creator.createOnCheckout,
    list: reads.list,
    get: reads.get,

    async runVerb(
      session: Caller,
      paymentId: string,
      verb: 'validate_otp' | 'resend_otp' | 'cancel' | 'simulate',
      body?: { otp_code: string },
    ): Promise<Payment> {
      const payment = await loadOwnPayment(session, paymentId);
      // An ended payment stays ended (statuses/payment-status.ts): asking the provider to change
      // it again could only be refused, and each refusal was another provider call and two more
      // exchanges in its log, which a loop grew without bound. A cancel repeated answers it as is.
      const status = payment.status as StoredPaymentStatus;
      if (!awaitsProvider(status)) {
        if (verb === 'cancel' && status === 'CANCELLED') return reads.get(session, paymentId);
        throw new AppError(
          409,
          paymentErrorCodes.notActionable,
          `Payment ${paymentId} is ${toApiStatus(status)}: it can no longer be changed`,
        );
      }
      // Only a payment whose provider asked for a one-time password takes one (direct debit): on
      // any other each try was a provider call that could only be refused, and two more exchanges
      // in the payment's log while it stays open (a virtual account, a day).
      if ((verb === 'validate_otp' || verb === 'resend_otp') && !asksForOtp(payment.actions)) {
        throw new AppError(
          409,
          paymentErrorCodes.notActionable,
          `Payment ${paymentId} asks for no one-time password`,
        );
      }
      const { app } = await session.tenant();
      const providerRequestId = payment.providerRequestId;
      // Not paid on the hosted checkout yet: cancelling ends its session, and the payment with it.
      if (!providerRequestId && verb === 'cancel' && payment.providerSessionId) {
        await checkoutSessions.cancel(app, payment, payment.providerSessionId);
        return reads.get(session, paymentId);
      }
      if (!providerRequestId) {
        throw new AppError(
          409,
          'PAYMENT_NOT_READY',
          'The provider has not accepted this payment yet',
        );
      }
      if (verb === 'simulate') {
        if (app.mode !== 'development') {
          throw new AppError(
            403,
            'SIMULATION_NOT_ALLOWED',
            'Payments can be simulated in development mode only',
          );
        }
        await provider.simulatePayment(app, payment, providerRequestId);
        return reads.get(session, paymentId);
      }
      const outcome = await decisiveCall(
        () => {
          if (verb === 'validate_otp') {
            return provider.validatePaymentOtp(
              app,
              paymentId,
              providerRequestId,
              body?.otp_code ?? '',
            );
          }
          if (verb === 'resend_otp') {
            return provider.resendPaymentOtp(app, paymentId, providerRequestId);
          }
          return provider.cancelPayment(app, paymentId, providerRequestId);
        },
        // A refused verb may have ended the payment (a third wrong OTP fails it at the provider):
        // the store reads it at once, so the customer's screen moves on instead of asking again.
        async () => {
          try {
            await applyProviderPayment(
              payment,
              await provider.readPayment(app, paymentId, providerRequestId),
            );
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        },
      );
      if (outcome.refused) {
        // Two cancels at once (a double click): the provider refuses the one that comes second,
        // as the payment is cancelled already. Its read back above shows so, and the cancel
        // stands, as a cancel repeated later already answers.
        const cancelled =
          verb === 'cancel' && (await loadOwnPayment(session, paymentId)).status === 'CANCELLED';
        if (cancelled) return reads.get(session, paymentId);
        throw outcome.refused;
      }
      await applyProviderPayment(payment, answerOf(outcome));
      return reads.get(session, paymentId);
    },

    matchWebhook: createPaymentWebhooks({ db, provider, applyProviderPayment }),
    matchSessionWebhook: checkoutSessions.matchSessionWebhook,
    readCheckoutSession,
    transition,
    settleCreating,
    loadOwnPayment,
    ownsPayment,
    insertPayment,
    applyProviderPayment,
    returnUrls: paymentReturnUrls,
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
