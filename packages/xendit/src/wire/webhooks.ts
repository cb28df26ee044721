import { z } from 'zod';
import { paymentRequestSchema, paymentSchema } from './payment-requests.ts';
import { paymentTokenSchema } from './payment-tokens.ts';
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

export const webhookEventSchema = z.discriminatedUnion('event', [
  envelope('payment.capture', paymentSchema),
  envelope('payment.authorization', paymentSchema),
  envelope('payment.failure', paymentSchema),
  envelope('payment_request.expiry', paymentRequestSchema),
  envelope('payment_token.activation', paymentTokenSchema),
  envelope('payment_token.failure', paymentTokenSchema),
  envelope('payment_token.expiry', paymentTokenSchema),
  envelope('refund.succeeded', refundSchema),
  envelope('refund.failed', refundSchema),
  envelope('payment_session.completed', sessionSchema),
  envelope('payment_session.expired', sessionSchema),
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookEventName = WebhookEvent['event'];
