import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  verifyCallbackToken,
  webhookEventSchema,
  type PaymentToken,
  type WebhookEvent,
} from '@store/xendit';
import type { Database } from '../db/database.ts';
import { apps, payments, providerOperations, refunds } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import type { CardService } from '../cards/card-service.ts';
import type { PaymentMethodService } from '../payment-methods/payment-method-service.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import type { PaymentService } from './payment-service.ts';
import type { StoredPaymentStatus } from './payment-status.ts';

interface WebhookDependencies {
  db: Database;
  payments: PaymentService;
  refunds: RefundService;
  paymentMethods: PaymentMethodService;
  cards: CardService;
  callbackToken: string;
}

const paymentEventStatus = {
  'payment.capture': 'SUCCEEDED',
  'payment.authorization': 'PENDING',
  'payment.failure': 'FAILED',
} as const satisfies Partial<Record<WebhookEvent['event'], StoredPaymentStatus>>;

/**
 * POST /api/webhooks/xendit: the provider's only way in. Checked by the callback token; every
 * event is recorded once, before the change it brings; status changes go through the payment
 * state machine, which makes duplicates and any order of delivery harmless.
 */
export function registerWebhookRoute(
  app: FastifyInstance,
  {
    db,
    payments: paymentService,
    refunds: refundService,
    paymentMethods: paymentMethodService,
    cards: cardService,
    callbackToken,
  }: WebhookDependencies,
): void {
  type MatchedEvent = {
    appId: string | null;
    link: { paymentId?: string; paymentMethodId?: string; refundId?: string };
    /**
     * The change the event makes, made only after the event is recorded: whoever sees a payment,
     * refund, method or card session change then sees the webhook that brought it in the logs.
     */
    apply?: () => Promise<unknown>;
  };
  const unmatched: MatchedEvent = { appId: null, link: {} };

  async function matchPaymentEvent(
    paymentId: string,
    status: StoredPaymentStatus,
    providerRequestId: string,
    failureCode: string | null,
  ): Promise<MatchedEvent> {
    const [payment] = await db
      .select({ appId: payments.appId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!payment) return unmatched;
    return {
      appId: payment.appId,
      link: { paymentId },
      apply: () =>
        paymentService.transition(paymentId, status, {
          providerRequestId,
          failureCode,
          actions: [],
        }),
    };
  }

  async function matchTokenEvent(token: PaymentToken): Promise<MatchedEvent> {
    const matched = await paymentMethodService.matchTokenWebhook(token);
    return matched
      ? {
          appId: matched.appId,
          link: { paymentMethodId: matched.paymentMethodId },
          apply: matched.apply,
        }
      : unmatched;
  }

  async function matchEvent(event: WebhookEvent): Promise<MatchedEvent> {
    switch (event.event) {
      case 'payment.capture':
      case 'payment.authorization':
      case 'payment.failure': {
        const status = paymentEventStatus[event.event];
        const { reference_id, payment_request_id, failure_code, payment_token_id } = event.data;
        const matched = await matchPaymentEvent(
          reference_id,
          status,
          payment_request_id,
          failure_code ?? null,
        );
        // A PAY_AND_SAVE payment's capture names the token it saved.
        const savedTokenId = event.event === 'payment.capture' ? payment_token_id : undefined;
        if (!savedTokenId) return matched;
        return {
          ...matched,
          apply: async () => {
            await paymentMethodService.saveFromPayment(reference_id, savedTokenId);
            await matched.apply?.();
          },
        };
      }
      case 'payment_request.expiry': {
        const { reference_id, payment_request_id } = event.data;
        return matchPaymentEvent(
          reference_id,
          'FAILED',
          payment_request_id,
          'PAYMENT_REQUEST_EXPIRED',
        );
      }
      case 'payment_token.activation':
      case 'payment_token.failure':
      case 'payment_token.expiry':
        return matchTokenEvent(event.data);
      case 'refund.succeeded':
      case 'refund.failed': {
        const refundId = event.data.reference_id;
        const [refund] = refundId
          ? await db
              .select({ appId: refunds.appId, paymentId: refunds.paymentId })
              .from(refunds)
              .where(eq(refunds.id, refundId))
          : [];
        if (!refund || !refundId) return unmatched;
        const outcome = event.event === 'refund.succeeded' ? 'SUCCEEDED' : 'FAILED';
        return {
          appId: refund.appId,
          link: { paymentId: refund.paymentId, refundId },
          apply: () => refundService.applyProviderRefund(event.data, outcome),
        };
      }
      case 'payment_session.completed':
      case 'payment_session.expired': {
        const matched = await cardService.matchSessionWebhook(
          event.data,
          event.event === 'payment_session.completed' ? 'COMPLETED' : 'EXPIRED',
        );
        return matched
          ? {
              appId: matched.appId,
              link: matched.paymentId ? { paymentId: matched.paymentId } : {},
              apply: matched.apply,
            }
          : unmatched;
      }
      default:
        return unmatched;
    }
  }

  app.post('/webhooks/xendit', { schema: { hide: true } }, async (request, reply) => {
    if (!verifyCallbackToken(request.headers['x-callback-token'], callbackToken)) {
      throw new AppError(401, 'INVALID_CALLBACK_TOKEN', 'The x-callback-token header is not valid');
    }
    const parsed = webhookEventSchema.safeParse(request.body);
    const body = request.body as { event?: unknown } | null;
    const eventName = typeof body?.event === 'string' ? body.event : 'unknown';
    const { appId, link, apply } = parsed.success ? await matchEvent(parsed.data) : unmatched;
    if (!parsed.success) {
      request.log.warn({ event: eventName }, 'webhook not understood; recorded and acknowledged');
    }
    const [owner] = appId
      ? await db.select({ mode: apps.mode }).from(apps).where(eq(apps.id, appId))
      : [];
    await db
      .insert(providerOperations)
      .values({
        id: newId('op'),
        appId: appId ?? 'unmatched',
        kind: 'webhook',
        mode: owner?.mode ?? 'development',
        paymentId: link.paymentId ?? null,
        paymentMethodId: link.paymentMethodId ?? null,
        refundId: link.refundId ?? null,
        event: eventName,
        data: request.body,
        dedupeKey: createHash('sha256').update(JSON.stringify(request.body)).digest('hex'),
      })
      .onConflictDoNothing();
    await apply?.();
    return reply.status(200).send({ received: true });
  });
}
