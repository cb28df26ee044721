import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { paymentLines, payments } from '../db/schema.ts';
import { cycleChargeKeyPrefix } from '../http/request-headers.ts';
import { initialLineStatus } from '../statuses/order-line-status.ts';
import { initialPaymentStatus, movePayment } from '../statuses/payment-status.ts';

/** What a subscription cycle's paid charge is: the provider's payment request on the token. */
export interface CycleCharge {
  appId: string;
  customerId: string;
  providerRequestId: string;
  channelCode: string;
  country: string;
  currency: string;
  amount: number;
  paymentMethodId: string;
  providerTokenId: string;
  product: {
    id: string;
    name: string;
    category: string;
    description: string;
    imagePath: string;
  };
}

const derivedId = (prefix: string, providerRequestId: string) =>
  `${prefix}_${createHash('sha256').update(providerRequestId).digest('hex').slice(0, 32)}`;

/**
 * A subscription cycle's paid charge as a store payment of one line, so it shows in Payments and
 * refunds like any other (the refund names its payment request). Its id comes from the request,
 * so crossing webhooks and reads record it once; it is written CREATING and paid by the state
 * machine in one transaction, so the reconciler never sees it CREATING (it is no create to replay).
 */
export async function recordCyclePayment(db: Database, charge: CycleCharge): Promise<string> {
  const id = derivedId('pay', charge.providerRequestId);
  await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(payments)
      .values({
        id,
        appId: charge.appId,
        customerId: charge.customerId,
        idempotencyKey: `${cycleChargeKeyPrefix}${charge.providerRequestId}`,
        requestHash: charge.providerRequestId,
        type: 'PAY',
        channelCode: charge.channelCode,
        country: charge.country,
        currency: charge.currency,
        amount: charge.amount,
        status: initialPaymentStatus,
        paymentMethodId: charge.paymentMethodId,
        providerTokenId: charge.providerTokenId,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!inserted) return;
    await tx.insert(paymentLines).values({
      id: derivedId('line', charge.providerRequestId),
      paymentId: id,
      position: 0,
      productId: charge.product.id,
      productName: charge.product.name,
      productCategory: charge.product.category,
      productDescription: charge.product.description,
      productImagePath: charge.product.imagePath,
      price: charge.amount,
      currency: charge.currency,
      status: initialLineStatus,
    });
    await movePayment(tx, id, 'SUCCEEDED', { providerRequestId: charge.providerRequestId });
  });
  return id;
}
