import * as z from 'zod/mini';
import { currencySchema } from './money.ts';
import { paymentSchema } from './payments.ts';

export const refundStatusSchema = z.enum(['PENDING', 'SUCCEEDED', 'FAILED']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const refundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: refundStatusSchema,
  /** In the currency's minor unit: the selected lines' sum, capped at what is left of the payment. */
  amount: z.int(),
  currency: currencySchema,
  /** The order line ids this refund covers. */
  orders: z.array(z.string()),
  failure_code: z.nullable(z.string()),
  created: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const createRefundResponseSchema = z.object({
  refund: refundSchema,
  payment: paymentSchema,
});
export type CreateRefundResponse = z.infer<typeof createRefundResponseSchema>;

export const refundErrorCodes = {
  /** The payment is not in a refundable status (only SUCCEEDED, or partly refunded). */
  paymentNotRefundable: 'PAYMENT_NOT_REFUNDABLE',
  /** A selected line is not PAID or REFUND_FAILED, or is not a line of this payment. */
  lineNotRefundable: 'LINE_NOT_REFUNDABLE',
  /** A selected line is already being refunded (REFUND_PENDING). */
  refundInProgress: 'REFUND_IN_PROGRESS',
  /** The voucher already made up the rest: nothing is left to refund for these lines. */
  nothingToRefund: 'NOTHING_TO_REFUND',
} as const;
