import { asc, inArray } from 'drizzle-orm';
import type {
  Currency,
  OrderLineStatus,
  Payment,
  PaymentAction,
  ProviderOperation,
} from '@store/contract';
import type { Database } from '../db/database.ts';
import type { payments, providerOperations } from '../db/schema.ts';
import { paymentLines } from '../db/schema.ts';
import { toApiStatus, type StoredPaymentStatus } from './payment-status.ts';

export type PaymentRow = typeof payments.$inferSelect;
type OperationRow = typeof providerOperations.$inferSelect;

export function toOperation(row: OperationRow): ProviderOperation {
  const common = { id: row.id, mode: row.mode, created: row.createdAt.toISOString() };
  return row.kind === 'webhook'
    ? { ...common, kind: 'webhook', event: row.event ?? '', data: row.data }
    : { ...common, kind: 'request', exchange: row.exchange as never };
}

/** Payments as the API shows them, with their lines read in one query for the whole page. */
export async function toApiPayments(
  db: Database,
  rows: PaymentRow[],
  operations?: OperationRow[],
): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const lineRows = await db
    .select()
    .from(paymentLines)
    .where(
      inArray(
        paymentLines.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentLines.paymentId), asc(paymentLines.position));
  return rows.map((row) => ({
    id: row.id,
    amount: row.amount,
    currency: row.currency as Currency,
    country: row.country,
    channel: row.channelCode,
    reference_id: row.id,
    type: row.type,
    status: toApiStatus(row.status as StoredPaymentStatus),
    failure_code: row.failureCode,
    orders: lineRows
      .filter((line) => line.paymentId === row.id)
      .map((line) => ({
        id: line.id,
        product_id: line.productId,
        quantity: 1 as const,
        price: line.price,
        currency: line.currency as Currency,
        status: line.status as OrderLineStatus,
        product: {
          id: line.productId,
          name: line.productName,
          description: line.productDescription,
          image_url: line.productImagePath,
          price: { amount: line.price, currency: line.currency as Currency },
        },
      })),
    voucher:
      row.voucherId && row.voucherCode
        ? { id: row.voucherId, code: row.voucherCode, fixed_amount: row.voucherAmount ?? 0 }
        : null,
    actions: row.actions as PaymentAction[],
    channel_properties: row.channelProperties,
    payment_method_id: row.paymentMethodId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    ...(operations ? { xendit_operations: operations.map(toOperation) } : {}),
  }));
}
