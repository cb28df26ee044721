import { and, eq } from 'drizzle-orm';
import { toMajorUnits, type Currency, type RefundStatus } from '@store/contract';
import {
  canonicalJson,
  type CreatePaymentRequestBody,
  type ProviderExchange,
  type Session,
} from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { exchanges } from '../db/schema.ts';
import { AppError, isRefusal } from '../http/app-error.ts';
import type { returnUrls } from '../lib/return-urls.ts';
import type { CardSessionStatus } from '../statuses/card-session-status.ts';
import {
  createCallBody,
  providerCustomer,
  providerItems,
  toProviderPayment,
  toProviderToken,
  type CreateCallSource,
  type CustomerRow,
  type ProviderPayment,
  type ProviderToken,
} from './mapping.ts';
import {
  createProviderGateway,
  exchangeRow,
  providerCurrency,
  providerMarket,
  providerSessionMarket,
  type AppRow,
  type ExchangeLink,
} from './provider.ts';
import { inStoreWords } from './otp-refusal.ts';
import {
  createPlanBody,
  toProviderCycle,
  toProviderPlan,
  type PlanSource,
  type ProviderCycle,
  type ProviderPlan,
} from './recurring-mapping.ts';
import { createWebhookIntake } from './webhook-events.ts';

/** A card session as the provider answers it, in the store's words. */
export interface ProviderCardSession {
  providerSessionId: string;
  status: CardSessionStatus;
  providerCustomerId: string | null;
  /** What the cards script made from it: a payment request (PAY) or a token (SAVE). */
  paymentRequestId: string | null;
  tokenId: string | null;
}

/**
 * A hosted-checkout session (the provider's payment page) in the store's words: what it names
 * once the customer paid or saved there.
 */
export interface ProviderCheckoutSession {
  providerSessionId: string;
  /** The store object it was opened for: a payment (PAY) or a payment method (SAVE). */
  referenceId: string;
  status: CardSessionStatus;
  /** Where the customer pays or saves: the provider's hosted checkout. */
  paymentLinkUrl: string | null;
  providerCustomerId: string | null;
  paymentRequestId: string | null;
  tokenId: string | null;
}

/** What a hosted checkout is opened for: an order's amount and lines (PAY), or a method (SAVE). */
export interface CheckoutSessionSource {
  type: 'PAY' | 'SAVE';
  referenceId: string;
  amount: number;
  /** PAY: the method is saved too (the provider offers only the channels it can save). */
  save: boolean;
  lines: CreateCallSource['lines'];
  returnUrls: { success_return_url: string; cancel_return_url: string };
}

const toCheckoutSession = (session: Session): ProviderCheckoutSession => ({
  providerSessionId: session.payment_session_id,
  referenceId: session.reference_id,
  status: session.status,
  paymentLinkUrl: session.payment_link_url ?? null,
  providerCustomerId: session.customer_id ?? null,
  paymentRequestId: session.payment_request_id ?? null,
  tokenId: session.payment_token_id ?? null,
});

/** A refund the provider accepted; an outcome when it already knows how the refund ended. */
export interface ProviderRefund {
  refundId: string | null;
  providerRefundId: string;
  outcome: Exclude<RefundStatus, 'PENDING'> | null;
  failureCode: string | null;
}

/** What a refund create is built from: the stored refund and its payment's request. */
export interface RefundSource {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  providerRequestId: string;
}

/**
 * The bodies of the create calls recorded for a payment, in the order they were sent. A recorded
 * call may itself be a replay the provider refused as a duplicate (its key went with another
 * body), so a recorded body is not necessarily the one the key holds.
 */
async function recordedCreateBodies(
  db: Database,
  paymentId: string,
): Promise<CreatePaymentRequestBody[]> {
  const requests = await db
    .select({ exchange: exchanges.exchange })
    .from(exchanges)
    .where(and(eq(exchanges.paymentId, paymentId), eq(exchanges.kind, 'request')))
    .orderBy(exchanges.createdAt);
  return requests.flatMap(({ exchange }) => {
    const request = (exchange as ProviderExchange | null)?.request;
    return request?.method === 'POST' && new URL(request.url).pathname === '/v3/payment_requests'
      ? [request.data as CreatePaymentRequestBody]
      : [];
  });
}

/**
 * The store's one seam to the provider, after medusa's payment-provider interface: every verb
 * takes and answers the store's words (payments, methods, card sessions, refunds), builds the
 * provider's body, calls it through the gateway (exchanges stored) and translates the answer.
 * Nothing outside this folder knows the provider's bodies, statuses or event names.
 */
export function createProvider(config: ServerConfig, db: Database) {
  const gateway = createProviderGateway(config, db);
  const { call } = gateway;

  /**
   * Reads an object back to confirm a webhook. A refusal (the provider holds no such object for
   * this app, in this mode) is an answer: null. An unknown outcome is thrown as a 503, so the
   * provider sends the webhook again later.
   */
  async function confirm<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (isRefusal(error)) return null;
      throw new AppError(
        503,
        'PROVIDER_READ_FAILED',
        'The provider could not be read to confirm this event; send it again later',
      );
    }
  }

  const readPayment = async (app: AppRow, paymentId: string, providerRequestId: string) =>
    toProviderPayment(
      await call(app, { paymentId }, (client) => client.getPaymentRequest(providerRequestId)),
    );

  const readToken = async (app: AppRow, paymentMethodId: string, tokenId: string) =>
    toProviderToken(
      await call(app, { paymentMethodId }, (client) => client.getPaymentToken(tokenId)),
    );

  async function readCardSession(
    app: AppRow,
    link: ExchangeLink,
    providerSessionId: string,
  ): Promise<ProviderCardSession> {
    const session = await call(app, link, (client) => client.getSession(providerSessionId));
    return {
      providerSessionId: session.payment_session_id,
      status: session.status,
      providerCustomerId: session.customer_id ?? null,
      paymentRequestId: session.payment_request_id ?? null,
      tokenId: session.payment_token_id ?? null,
    };
  }

  const readPlan = async (
    app: AppRow,
    subscriptionId: string,
    providerPlanId: string,
  ): Promise<ProviderPlan> =>
    toProviderPlan(
      await call(app, { subscriptionId }, (client) => client.getRecurringPlan(providerPlanId)),
    );

  const readCycles = async (
    app: AppRow,
    subscriptionId: string,
    plan: { providerPlanId: string; currency: string },
  ): Promise<ProviderCycle[]> =>
    (
      await call(app, { subscriptionId }, (client) =>
        client.listRecurringCycles(plan.providerPlanId),
      )
    ).map((cycle) => toProviderCycle(cycle, plan.currency));

  return {
    publicKeyFor: gateway.publicKeyFor,
    webhooks: createWebhookIntake(config, db),

    /**
     * The create call of a payment, sent under the payment id as idempotency key. Its exchange is
     * handed back for the caller to store with the answer; a failure's is stored here.
     */
    async createPayment(app: AppRow, customer: CustomerRow, source: CreateCallSource) {
      const paymentId = source.payment.id;
      const body = createCallBody(app, customer, source);
      const answered = await gateway.callKeepingExchange(app, { paymentId }, (client) =>
        client.createPaymentRequest(body, { idempotencyKey: paymentId }),
      );
      return {
        payment: toProviderPayment(answered.body),
        exchange: exchangeRow(app, { paymentId }, answered.exchange),
      };
    },

    /**
     * The same create again, for a payment whose first answer was lost: each body recorded, then
     * the body rebuilt with the customer by id and by details (which the first call sent depends
     * on what the store knew then). A duplicate means the key went with another body, tried next;
     * null when every body was a duplicate. The rebuilt ones follow the recorded ones because a
     * recorded body can be a replay refused as a duplicate: a first call lost with the store (by
     * details), a replay by id refused, then one by details unanswered, left only the refused body
     * first in the record, and every round after sent it alone (the SIGKILL test caught it).
     */
    async replayCreatePayment(
      app: AppRow,
      customer: CustomerRow,
      source: CreateCallSource,
    ): Promise<ProviderPayment | null> {
      const paymentId = source.payment.id;
      const candidates = [
        ...(await recordedCreateBodies(db, paymentId)),
        createCallBody(app, customer, source),
        ...(customer.providerCustomerId
          ? [createCallBody(app, { ...customer, providerCustomerId: null }, source)]
          : []),
      ];
      // Each body once, where it first comes: compared as canonical JSON, since a recorded body
      // comes back from PostgreSQL's jsonb in its own key order.
      const seen = new Set<string>();
      const bodies = candidates.filter((body) => {
        const json = canonicalJson(body);
        if (seen.has(json)) return false;
        seen.add(json);
        return true;
      });
      for (const body of bodies) {
        try {
          return toProviderPayment(
            await call(app, { paymentId }, (client) =>
              client.createPaymentRequest(body, { idempotencyKey: paymentId }),
            ),
          );
        } catch (error) {
          if (isRefusal(error) && error.errorCode === 'DUPLICATE_ERROR') continue;
          throw error;
        }
      }
      return null;
    },

    readPayment,
    confirmPayment: (app: AppRow, paymentId: string, providerRequestId: string) =>
      confirm(() => readPayment(app, paymentId, providerRequestId)),

    async validatePaymentOtp(
      app: AppRow,
      paymentId: string,
      providerRequestId: string,
      otpCode: string,
    ) {
      try {
        return toProviderPayment(
          await call(app, { paymentId }, (client) =>
            client.validatePaymentRequestOtp(providerRequestId, { otp_code: otpCode }),
          ),
        );
      } catch (error) {
        throw error instanceof AppError ? inStoreWords(error) : error;
      }
    },

    async resendPaymentOtp(app: AppRow, paymentId: string, providerRequestId: string) {
      return toProviderPayment(
        await call(app, { paymentId }, (client) =>
          client.resendPaymentRequestOtp(providerRequestId),
        ),
      );
    },

    async cancelPayment(app: AppRow, paymentId: string, providerRequestId: string) {
      return toProviderPayment(
        await call(app, { paymentId }, (client) => client.cancelPaymentRequest(providerRequestId)),
      );
    },

    /** Development mode only: the provider pays the request as a customer would. */
    async simulatePayment(
      app: AppRow,
      payment: { id: string; amount: number; currency: string },
      providerRequestId: string,
    ): Promise<void> {
      await call(app, { paymentId: payment.id }, (client) =>
        client.simulatePaymentRequest(providerRequestId, {
          amount: toMajorUnits(payment.amount, payment.currency as Currency),
        }),
      );
    },

    /** A payment token for a method to link, under the method id as idempotency key. */
    async createToken(
      app: AppRow,
      customer: CustomerRow,
      method: { id: string; channelCode: string; channelProperties: Record<string, string> },
    ): Promise<ProviderToken> {
      return toProviderToken(
        await call(app, { paymentMethodId: method.id }, (client) =>
          client.createPaymentToken(
            {
              reference_id: method.id,
              ...providerMarket(app),
              channel_code: method.channelCode,
              channel_properties: method.channelProperties,
              ...providerCustomer(customer),
              metadata: { app_id: app.id, customer_id: customer.id },
            },
            { idempotencyKey: method.id },
          ),
        ),
      );
    },

    readToken,
    confirmToken: (app: AppRow, paymentMethodId: string, tokenId: string) =>
      confirm(() => readToken(app, paymentMethodId, tokenId)),

    async validateTokenOtp(app: AppRow, paymentMethodId: string, tokenId: string, otp: string) {
      return toProviderToken(
        await call(app, { paymentMethodId }, (client) =>
          client.validatePaymentTokenOtp(tokenId, { otp_code: otp }),
        ),
      );
    },

    async cancelToken(app: AppRow, paymentMethodId: string, tokenId: string) {
      return toProviderToken(
        await call(app, { paymentMethodId }, (client) => client.cancelPaymentToken(tokenId)),
      );
    },

    /**
     * A card session for the cards script, under its reference (the payment or the method) as
     * idempotency key: PAY for an order's amount, SAVE (amount 0) for a card to link.
     */
    async createCardSession(
      app: AppRow,
      customer: CustomerRow,
      session: {
        type: 'PAY' | 'SAVE';
        referenceId: string;
        amount: number;
        saveCard?: boolean;
        returnUrls: ReturnType<typeof returnUrls>;
        description?: string;
      },
    ): Promise<ProviderCardSession> {
      const link =
        session.type === 'PAY'
          ? { paymentId: session.referenceId }
          : {
              paymentMethodId: session.referenceId,
            };
      const created = await call(app, link, (client) =>
        client.createSession(
          {
            reference_id: session.referenceId,
            session_type: session.type,
            mode: 'CARDS_SESSION_JS',
            amount: toMajorUnits(session.amount, app.currency as Currency),
            ...providerSessionMarket(app),
            ...(session.type === 'PAY'
              ? { allow_save_payment_method: session.saveCard ? 'OPTIONAL' : 'DISABLED' }
              : {}),
            ...providerCustomer(customer),
            cards_session_js: session.returnUrls,
            ...(session.description ? { description: session.description } : {}),
            metadata: { app_id: app.id, customer_id: customer.id },
          },
          { idempotencyKey: session.referenceId },
        ),
      );
      return {
        providerSessionId: created.payment_session_id,
        status: created.status,
        providerCustomerId: created.customer_id ?? null,
        paymentRequestId: created.payment_request_id ?? null,
        tokenId: created.payment_token_id ?? null,
      };
    },

    /**
     * A hosted checkout (mode PAYMENT_LINK) under its reference (the payment or the method) as
     * idempotency key, so a replay after a lost answer finds the same session. The provider's
     * page makes the payment request or token, with this reference.
     */
    async createCheckoutSession(
      app: AppRow,
      customer: CustomerRow,
      link: ExchangeLink,
      source: CheckoutSessionSource,
    ): Promise<ProviderCheckoutSession> {
      const pay = source.type === 'PAY';
      const created = await call(app, link, (client) =>
        client.createSession(
          {
            reference_id: source.referenceId,
            session_type: source.type,
            mode: 'PAYMENT_LINK',
            amount: toMajorUnits(source.amount, app.currency as Currency),
            ...providerSessionMarket(app),
            ...providerCustomer(customer),
            ...(pay
              ? {
                  allow_save_payment_method: source.save ? 'FORCED' : 'DISABLED',
                  items: providerItems(app, source.lines),
                  description: `Order ${source.referenceId}`,
                }
              : {}),
            ...source.returnUrls,
            metadata: { app_id: app.id, customer_id: customer.id },
          },
          { idempotencyKey: source.referenceId },
        ),
      );
      return toCheckoutSession(created);
    },

    /** A hosted checkout read back to confirm its webhook; null when the provider has none. */
    confirmCheckoutSession: (app: AppRow, link: ExchangeLink, providerSessionId: string) =>
      confirm(async () =>
        toCheckoutSession(await call(app, link, (client) => client.getSession(providerSessionId))),
      ),

    readCardSession,
    confirmCardSession: (app: AppRow, link: ExchangeLink, providerSessionId: string) =>
      confirm(() => readCardSession(app, link, providerSessionId)),

    /** Cancels a session the script has not used; answers its status after. */
    async cancelCardSession(
      app: AppRow,
      link: ExchangeLink,
      providerSessionId: string,
    ): Promise<CardSessionStatus> {
      const cancelled = await call(app, link, (client) => client.cancelSession(providerSessionId));
      return cancelled.status;
    },

    /**
     * The customer a saved method's token belongs to at the provider, which a subscription's
     * plan must name; read into the subscription's logs.
     */
    async tokenCustomer(app: AppRow, subscriptionId: string, tokenId: string) {
      const token = toProviderToken(
        await call(app, { subscriptionId }, (client) => client.getPaymentToken(tokenId)),
      );
      return { providerCustomerId: token.providerCustomerId, status: token.status };
    },

    /**
     * A subscription's recurring plan, under the subscription id as idempotency key; the same
     * call replays a create whose answer was lost (the body is built from what is stored).
     */
    async createPlan(app: AppRow, source: PlanSource): Promise<ProviderPlan> {
      return toProviderPlan(
        await call(app, { subscriptionId: source.id }, (client) =>
          client.createRecurringPlan(createPlanBody(app, source), { idempotencyKey: source.id }),
        ),
      );
    },

    readPlan,
    /** A plan read back to confirm a webhook; null when the provider holds no such plan. */
    confirmPlan: (app: AppRow, subscriptionId: string, providerPlanId: string) =>
      confirm(() => readPlan(app, subscriptionId, providerPlanId)),

    readCycles,
    confirmCycles: (
      app: AppRow,
      subscriptionId: string,
      plan: { providerPlanId: string; currency: string },
    ) => confirm(() => readCycles(app, subscriptionId, plan)),

    /** Ends a plan: no cycle is charged after; the provider answers it INACTIVE. */
    async deactivatePlan(
      app: AppRow,
      subscriptionId: string,
      providerPlanId: string,
    ): Promise<ProviderPlan> {
      return toProviderPlan(
        await call(app, { subscriptionId }, (client) =>
          client.deactivateRecurringPlan(providerPlanId),
        ),
      );
    },

    /** Development mode only: the provider charges a scheduled cycle now instead of on its date. */
    async simulateCycle(
      app: AppRow,
      subscriptionId: string,
      plan: { providerPlanId: string; currency: string },
      providerCycleId: string,
    ): Promise<ProviderCycle> {
      return toProviderCycle(
        await call(app, { subscriptionId }, (client) =>
          client.simulateRecurringCycle(plan.providerPlanId, providerCycleId),
        ),
        plan.currency,
      );
    },

    /** A refund of a paid request, rebuilt the same for a replay under the same key. */
    async createRefund(app: AppRow, refund: RefundSource): Promise<ProviderRefund> {
      const answer = await call(
        app,
        { paymentId: refund.paymentId, refundId: refund.id },
        (client) =>
          client.createRefund(
            {
              payment_request_id: refund.providerRequestId,
              reason: 'REQUESTED_BY_CUSTOMER',
              reference_id: refund.id,
              currency: providerCurrency(refund.currency),
              amount: toMajorUnits(refund.amount, refund.currency as Currency),
              metadata: { payment_id: refund.paymentId },
            },
            { idempotencyKey: refund.id },
          ),
      );
      return {
        refundId: answer.reference_id ?? null,
        providerRefundId: answer.id,
        outcome: answer.status === 'SUCCEEDED' || answer.status === 'FAILED' ? answer.status : null,
        failureCode: answer.failure_code ?? null,
      };
    },
  };
}
export type Provider = ReturnType<typeof createProvider>;
