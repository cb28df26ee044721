import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { verifyCallbackToken, webhookEventSchema, type WebhookEvent } from '@store/xendit';
import type { Database } from '../db/database.ts';
import { apps, paymentMethods, payments, providerOperations } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import type { PaymentService } from './payment-service.ts';
import type { StoredPaymentStatus } from './payment-status.ts';

interface WebhookDependencies {
  db: Database;
  payments: PaymentService;
  callbackToken: string;
}

const paymentEventStatus = {
  'payment.capture': 'SUCCEEDED',
  'payment.authorization': 'PENDING',
  'payment.failure': 'FAILED',
} as const satisfies Partial<Record<WebhookEvent['event'], StoredPaymentStatus>>;

/**
 * POST /api/webhooks/xendit: the provider's only way in. Checked by the callback token; every
 * event is recorded once; status changes go through the payment state machine, which makes
 * duplicates and any order of delivery harmless.
 */
export function registerWebhookRoute(
  app: FastifyInstance,
  { db, payments: paymentService, callbackToken }: WebhookDependencies,
): void {
  type Applied = { appId: string | null; link: { paymentId?: string; paymentMethodId?: string } };
  const unmatched: Applied = { appId: null, link: {} };

  async function applyPaymentEvent(
    paymentId: string,
    status: StoredPaymentStatus,
    providerRequestId: string,
    failureCode: string | null,
  ): Promise<Applied> {
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return unmatched;
    await paymentService.transition(paymentId, status, {
      providerRequestId,
      failureCode,
      actions: [],
    });
    return { appId: payment.appId, link: { paymentId } };
  }

  async function applyTokenEvent(
    tokenId: string,
    status: 'ACTIVE' | 'FAILED' | 'EXPIRED',
  ): Promise<Applied> {
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerTokenId, tokenId));
    if (!method) return unmatched;
    if (method.status !== 'CANCELED') {
      await db
        .update(paymentMethods)
        .set({ status, actions: [], updatedAt: sql`now()` })
        .where(eq(paymentMethods.id, method.id));
    }
    return { appId: method.appId, link: { paymentMethodId: method.id } };
  }

  async function applyEvent(event: WebhookEvent): Promise<Applied> {
    switch (event.event) {
      case 'payment.capture':
      case 'payment.authorization':
      case 'payment.failure': {
        const status = paymentEventStatus[event.event];
        const { reference_id, payment_request_id, failure_code } = event.data;
        return applyPaymentEvent(reference_id, status, payment_request_id, failure_code ?? null);
      }
      case 'payment_request.expiry': {
        const { reference_id, payment_request_id } = event.data;
        return applyPaymentEvent(
          reference_id,
          'FAILED',
          payment_request_id,
          'PAYMENT_REQUEST_EXPIRED',
        );
      }
      case 'payment_token.activation':
        return applyTokenEvent(event.data.payment_token_id, 'ACTIVE');
      case 'payment_token.failure':
        return applyTokenEvent(event.data.payment_token_id, 'FAILED');
      case 'payment_token.expiry':
        return applyTokenEvent(event.data.payment_token_id, 'EXPIRED');
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
    const { appId, link } = parsed.success
      ? await applyEvent(parsed.data)
      : { appId: null, link: {} };
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
        event: eventName,
        data: request.body,
        dedupeKey: createHash('sha256').update(JSON.stringify(request.body)).digest('hex'),
      })
      .onConflictDoNothing();
    return reply.status(200).send({ received: true });
  });
}
