import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { toMajorUnits, type Currency } from '@store/contract';
import {
  verifyCallbackToken,
  webhookEventSchema,
  type PaymentRequest,
  type WebhookEvent,
} from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { apps, payments, exchanges, refunds } from '../db/schema.ts';
import { AppError, isRefusal } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import type { AppRow, ExchangeLink, ProviderGateway } from '../provider/provider.ts';
import type { CardService } from '../cards/card-service.ts';
import type { PaymentMethodService } from '../payment-methods/payment-method-service.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';

interface WebhookDependencies {
  db: Database;
  config: ServerConfig;
  provider: ProviderGateway;
  payments: PaymentService;
  refunds: RefundService;
  paymentMethods: PaymentMethodService;
  cards: CardService;
}

/**
 * What an event does: `apply` once it is recorded, or nothing, with the reason it was ignored.
 * An event about an object the store does not hold, or that does not match what the store holds,
 * is answered 200 all the same, so the provider stops sending it.
 */
type Verdict = {
  app: AppRow | null;
  link: ExchangeLink;
  ignored?: string;
  apply?: () => Promise<unknown>;
};

const ignore = (app: AppRow | null, link: ExchangeLink, reason: string): Verdict => ({
  app,
  link,
  ignored: reason,
});

const otherModeToken = (owner: AppRow) =>
  `The callback token is not the one of ${owner.mode} app ${owner.id}`;

const refundOutcomeOf = {
  'refund.succeeded': 'SUCCEEDED',
  'refund.failed': 'FAILED',
} as const;

/** The provider's events nest a few levels; far deeper is no event, and too deep to serialise. */
const maxBodyDepth = 64;

/** Whether a parsed JSON value nests at most `limit` levels, walked without recursion. */
function withinDepth(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (!node || typeof node !== 'object') continue;
    if (depth >= limit) return false;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return true;
}

const sameAmount = (stored: number, currency: string, sent: number) =>
  toMajorUnits(stored, currency as Currency) === sent;

/**
 * POST /api/webhooks/xendit: the provider's only way in. A webhook is a notification, not a fact:
 * its callback token must be the one of the mode (and app) of the object it names; it must name
 * the provider object the store recorded for that payment, refund or method, with the same amount
 * and currency; and what it reports is confirmed by reading the object back from the provider
 * with the app's own key, whose answer is what the store applies (refunds, which the published
 * API cannot read, excepted: see verifyRefundEvent). Every event is recorded once,
 * with the reason when it changed nothing, before the change it brings.
 */
export function registerWebhookRoute(
  app: FastifyInstance,
  {
    db,
    config,
    provider,
    payments: paymentService,
    refunds: refundService,
    paymentMethods: paymentMethodService,
    cards: cardService,
  }: WebhookDependencies,
): void {
  const tokenOf = (owner: AppRow) =>
    owner.xenditCallbackToken ?? config.xendit.callbackTokens[owner.mode];

  /** The mode a token speaks for, or null when it is nobody's token. */
  async function modeOfToken(received: unknown): Promise<'development' | 'live' | null> {
    if (typeof received !== 'string') return null;
    for (const mode of ['development', 'live'] as const) {
      if (verifyCallbackToken(received, config.xendit.callbackTokens[mode])) return mode;
    }
    const overriding = await db.select().from(apps).where(isNotNull(apps.xenditCallbackToken));
    const owner = overriding.find((row) => verifyCallbackToken(received, tokenOf(row)));
    return owner?.mode ?? null;
  }

  /**
   * Reads an object back from the provider with the app's key. A refusal (the provider holds no
   * such object for this app, in this mode) is an answer: null. An unknown outcome is thrown as a
   * 503, so the provider sends the webhook again later.
   */
  async function readBack<T>(
    owner: AppRow,
    link: ExchangeLink,
    read: Parameters<ProviderGateway['call']>[2],
  ): Promise<T | null> {
    try {
      return (await provider.call(owner, link, read)) as T;
    } catch (error) {
      if (isRefusal(error)) return null;
      throw new AppError(
        503,
        'PROVIDER_READ_FAILED',
        'The provider could not be read to confirm this event; send it again later',
      );
    }
  }

  /** Events about a payment request: payment.* and payment_request.expiry. */
  async function verifyPaymentEvent(
    received: string,
    sent: { reference_id: string; payment_request_id: string; amount: number; currency: string },
  ): Promise<Verdict> {
    const [row] = await db
      .select({ payment: payments, app: apps })
      .from(payments)
      .innerJoin(apps, eq(apps.id, payments.appId))
      .where(eq(payments.id, sent.reference_id));
    if (!row) return ignore(null, {}, `No payment ${sent.reference_id} in this store`);
    const { payment, app: owner } = row;
    const link = { paymentId: payment.id };
    if (!verifyCallbackToken(received, tokenOf(owner))) {
      return ignore(owner, link, otherModeToken(owner));
    }
    if (payment.providerRequestId && payment.providerRequestId !== sent.payment_request_id) {
      return ignore(
        owner,
        link,
        `Payment request ${sent.payment_request_id} is not ${payment.providerRequestId}, the one recorded for this payment`,
      );
    }
    if (
      sent.currency !== payment.currency ||
      !sameAmount(payment.amount, payment.currency, sent.amount)
    ) {
      return ignore(
        owner,
        link,
        `${sent.currency} ${sent.amount} is not the payment's ${payment.currency} ${toMajorUnits(payment.amount, payment.currency as Currency)}`,
      );
    }
    const request = await readBack<PaymentRequest>(owner, link, (client) =>
      client.getPaymentRequest(sent.payment_request_id),
    );
    if (!request) {
      return ignore(
        owner,
        link,
        `The provider holds no payment request ${sent.payment_request_id} for ${owner.mode} app ${owner.id}`,
      );
    }
    if (
      request.reference_id !== payment.id ||
      request.currency !== payment.currency ||
      !sameAmount(payment.amount, payment.currency, request.request_amount)
    ) {
      return ignore(
        owner,
        link,
        `The provider's payment request ${request.payment_request_id} is for ${request.reference_id}, ${request.currency} ${request.request_amount}: not this payment`,
      );
    }
    return {
      app: owner,
      link,
      apply: async () => {
        // A PAY_AND_SAVE payment that succeeded names the token it saved.
        if (request.status === 'SUCCEEDED' && request.payment_token_id) {
          await paymentMethodService.saveFromPayment(payment.id, request.payment_token_id);
        }
        await paymentService.applyProviderRequest(payment, request);
      },
    };
  }

  /**
   * Refund events. The published Payments API has no read of a refund (the description at
   * ../shared/reference has POST /refunds only, and the provider's v3 GET /v3/refunds/{id} does not
   * serve refunds made through /refunds: docs.xendit.co/apidocs/get-a-refund), so nothing can be read
   * back: the event must carry the mode's callback token and name the refund exactly as the store
   * recorded it (its reference, the provider's refund id once known, the payment request, amount and
   * currency), and its event name must agree with the status it reports. Its state machine then takes
   * the first outcome only.
   */
  async function verifyRefundEvent(
    received: string,
    event: Extract<WebhookEvent, { event: 'refund.succeeded' | 'refund.failed' }>['event'],
    sent: Extract<WebhookEvent, { event: 'refund.succeeded' }>['data'],
  ): Promise<Verdict> {
    const refundId = sent.reference_id;
    const [row] = refundId
      ? await db
          .select({ refund: refunds, payment: payments, app: apps })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .innerJoin(apps, eq(apps.id, refunds.appId))
          .where(eq(refunds.id, refundId))
      : [];
    if (!row) return ignore(null, {}, `No refund ${refundId ?? '(no reference_id)'} in this store`);
    const { refund, payment, app: owner } = row;
    const link = { paymentId: payment.id, refundId: refund.id };
    if (!verifyCallbackToken(received, tokenOf(owner))) {
      return ignore(owner, link, otherModeToken(owner));
    }
    // Nothing can be read back to tell the provider's refund id from a forged one, so an event for a
    // refund whose create answer was lost waits: the provider sends it again, and by then the
    // reconciler's replay of the create (same key) has recorded the real id.
    if (!refund.providerRefundId) {
      throw new AppError(
        503,
        'REFUND_NOT_YET_RECORDED',
        'The store has not yet recorded the provider id of this refund; send the event again later',
      );
    }
    if (refund.providerRefundId !== sent.id) {
      return ignore(
        owner,
        link,
        `Refund ${sent.id} is not ${refund.providerRefundId}, the one recorded`,
      );
    }
    // The published refund webhooks may leave payment_request_id out; when present it must agree.
    if (sent.payment_request_id && sent.payment_request_id !== payment.providerRequestId) {
      return ignore(
        owner,
        link,
        `Payment request ${sent.payment_request_id} is not this refund's payment's`,
      );
    }
    if (
      sent.currency !== refund.currency ||
      !sameAmount(refund.amount, refund.currency, sent.amount)
    ) {
      return ignore(owner, link, `${sent.currency} ${sent.amount} is not the refund's amount`);
    }
    const outcome = refundOutcomeOf[event];
    if (sent.status !== outcome) {
      return ignore(owner, link, `${event} reports refund ${sent.id} as ${sent.status}`);
    }
    return { app: owner, link, apply: () => refundService.applyProviderRefund(sent, outcome) };
  }

  async function appById(appId: string): Promise<AppRow | null> {
    const [row] = await db.select().from(apps).where(eq(apps.id, appId));
    return row ?? null;
  }

  async function verifyTokenEvent(
    received: string,
    sent: Extract<WebhookEvent, { event: 'payment_token.activation' }>['data'],
  ): Promise<Verdict> {
    const matched = await paymentMethodService.matchTokenWebhook(sent);
    const owner = matched ? await appById(matched.appId) : null;
    if (!matched || !owner) {
      return ignore(null, {}, `No payment method of token ${sent.payment_token_id} in this store`);
    }
    const link = { paymentMethodId: matched.paymentMethodId };
    if (!verifyCallbackToken(received, tokenOf(owner))) {
      return ignore(owner, link, otherModeToken(owner));
    }
    const token = await readBack<typeof sent>(owner, link, (client) =>
      client.getPaymentToken(sent.payment_token_id),
    );
    const confirmed = token ? await paymentMethodService.matchTokenWebhook(token) : null;
    if (!confirmed || confirmed.paymentMethodId !== matched.paymentMethodId) {
      return ignore(
        owner,
        link,
        `The provider holds no token ${sent.payment_token_id} of this method`,
      );
    }
    return { app: owner, link, apply: confirmed.apply };
  }

  async function verifySessionEvent(
    received: string,
    sent: Extract<WebhookEvent, { event: 'payment_session.completed' }>['data'],
  ): Promise<Verdict> {
    const matched = await cardService.matchSessionWebhook(sent.payment_session_id);
    const owner = matched ? await appById(matched.appId) : null;
    if (!matched || !owner) {
      return ignore(null, {}, `No card session ${sent.payment_session_id} in this store`);
    }
    const link = matched.paymentId ? { paymentId: matched.paymentId } : {};
    if (!verifyCallbackToken(received, tokenOf(owner))) {
      return ignore(owner, link, otherModeToken(owner));
    }
    const confirmed = await readBack<typeof sent>(owner, link, (client) =>
      client.getSession(sent.payment_session_id),
    );
    const status = confirmed?.status;
    if (status !== 'COMPLETED' && status !== 'EXPIRED') {
      return ignore(
        owner,
        link,
        `The provider says session ${sent.payment_session_id} is ${status ?? 'unknown to it'}`,
      );
    }
    return { app: owner, link, apply: () => matched.apply(status) };
  }

  function verify(received: string, event: WebhookEvent): Promise<Verdict> {
    switch (event.event) {
      case 'payment.capture':
      case 'payment.authorization':
      case 'payment.failure':
      case 'payment.expiry':
        return verifyPaymentEvent(received, { ...event.data, amount: event.data.request_amount });
      case 'payment_request.expiry':
        return verifyPaymentEvent(received, { ...event.data, amount: event.data.request_amount });
      case 'payment_token.activation':
      case 'payment_token.failure':
      case 'payment_token.expiry':
        return verifyTokenEvent(received, event.data);
      case 'refund.succeeded':
      case 'refund.failed':
        return verifyRefundEvent(received, event.event, event.data);
      case 'payment_session.completed':
      case 'payment_session.expired':
        return verifySessionEvent(received, event.data);
    }
  }

  app.post('/webhooks/xendit', { schema: { hide: true } }, async (request, reply) => {
    const received = request.headers['x-callback-token'];
    const tokenMode = await modeOfToken(received);
    if (typeof received !== 'string' || !tokenMode) {
      throw new AppError(401, 'INVALID_CALLBACK_TOKEN', 'The x-callback-token header is not valid');
    }
    // The body is stored as it came: one nested deeper than any event could not be serialised.
    if (!withinDepth(request.body, maxBodyDepth)) {
      throw new AppError(400, 'INVALID_WEBHOOK_BODY', `The body nests deeper than ${maxBodyDepth}`);
    }
    const parsed = webhookEventSchema.safeParse(request.body);
    const body = request.body as { event?: unknown } | null;
    const eventName = typeof body?.event === 'string' ? body.event.slice(0, 100) : 'unknown';
    const verdict: Verdict = parsed.success
      ? await verify(received, parsed.data)
      : ignore(null, {}, 'Not an event of the provider this store understands');
    if (verdict.ignored) {
      request.log.warn({ event: eventName, reason: verdict.ignored }, 'webhook ignored');
    }
    await db
      .insert(exchanges)
      .values({
        id: newId('op'),
        appId: verdict.app?.id ?? 'unmatched',
        kind: 'webhook',
        mode: verdict.app?.mode ?? tokenMode,
        paymentId: verdict.link.paymentId ?? null,
        paymentMethodId: verdict.link.paymentMethodId ?? null,
        refundId: verdict.link.refundId ?? null,
        event: eventName,
        data: request.body ?? null,
        dedupeKey: createHash('sha256')
          .update(JSON.stringify(request.body ?? null))
          .digest('hex'),
        ignoredReason: verdict.ignored ?? null,
      })
      .onConflictDoNothing();
    await verdict.apply?.();
    return reply.status(200).send({ received: true });
  });
}
