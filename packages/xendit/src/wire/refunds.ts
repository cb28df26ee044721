import { z } from 'zod';
import {
  amountSchema,
  currencySchema,
  merchantMetadataSchema,
  metadataSchema,
  optionalString,
} from './common.ts';

export const refundReasonSchema = z.enum([
  'REQUESTED_BY_CUSTOMER',
  'CANCELLATION',
  'DUPLICATE',
  'FRAUDULENT',
  'OTHERS',
]);
export type RefundReason = z.infer<typeof refundReasonSchema>;

/** CANCELLED with a double L, as the provider spells it for refunds only. */
export const refundStatusSchema = z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const createRefundBodySchema = z.object({
  payment_request_id: z.string().min(1),
  reason: refundReasonSchema,
  reference_id: z.string().min(1).max(255).optional(),
  currency: currencySchema.optional(),
  amount: amountSchema.positive().optional(),
  metadata: merchantMetadataSchema.optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

export const refundSchema = z.looseObject({
  id: z.string(),
  // The published refund webhook examples leave it out (they name the payment_id only).
  payment_request_id: optionalString,
  payment_id: optionalString,
  reference_id: optionalString,
  channel_code: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  status: refundStatusSchema,
  reason: refundReasonSchema,
  failure_code: optionalString,
  metadata: metadataSchema.nullish(),
  created: z.string(),
  updated: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
