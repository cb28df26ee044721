import { z } from 'zod';
import { paymentRequestSchema, paymentSchema } from './payment-requests.ts';
import { paymentTokenSchema } from './payment-tokens.ts';
import { recurringCycleSchema, recurringPlanSchema } from './recurring.ts';
import { refundSchema } from './refunds.ts';
import { sessionSchema } from './sessions.ts';

function envelope<E extends string, D extends z.ZodType>(event: E, data: D) {
  return z.looseObject({
    event: z.literal(event),
    business_id: z.string(),
    created: z.string(),
    data,
    api_version: z.string().nullish(),
  });
}

/**
 * The published refund webhook examples nest a whole envelope (event, business_id, created, data)
 * inside `data`; the refund is then the inner data. Both shapes are read as the flat one.
 */
function unnest(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const { data } = body as { data?: unknown };
  if (!data || typeof data !== 'object') return body;
  const inner = data as { event?: unknown; data?: unknown };
  // Only an envelope of the same event: one naming another event is not this one's data.
  return inner.event === (body as { event?: unknown }).event &&
    inner.data &&
    typeof inner.data === 'object'
    ? { ...body, data: inner.data }
    : body;
}

const flatWebhookEventSchema = z.discriminatedUnion('event', [
  envelope('payment.capture', paymentSchema),
  envelope('payment.authorization', paymentSchema),
  envelope('payment.failure', paymentSchema),
  envelope('payment.expiry', paymentSchema),
  envelope('payment_request.expiry', paymentRequestSchema),
  envelope('payment_token.activation', paymentTokenSchema),
  envelope('payment_token.failure', paymentTokenSchema),
  envelope('payment_token.expiry', paymentTokenSchema),
  envelope('refund.succeeded', refundSchema),
  envelope('refund.failed', refundSchema),
  envelope('payment_session.completed', sessionSchema),
  envelope('payment_session.expired', sessionSchema),
]);

export const webhookEventSchema = z.preprocess(unnest, flatWebhookEventSchema);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookEventName = WebhookEvent['event'];

/**
 * The subscription webhooks (the callbacks of the /recurring operations), apart from the events the
 * store handles today: its receiver reads webhookEventSchema and answers each of its events.
 */
export const recurringWebhookEventSchema = z.discriminatedUnion('event', [
  envelope('recurring.plan.activated', recurringPlanSchema),
  envelope('recurring.plan.inactivated', recurringPlanSchema),
  envelope('recurring.cycle.created', recurringCycleSchema),
  envelope('recurring.cycle.succeeded', recurringCycleSchema),
  envelope('recurring.cycle.retrying', recurringCycleSchema),
  envelope('recurring.cycle.failed', recurringCycleSchema),
]);
export type RecurringWebhookEvent = z.infer<typeof recurringWebhookEventSchema>;
export type RecurringWebhookEventName = RecurringWebhookEvent['event'];
