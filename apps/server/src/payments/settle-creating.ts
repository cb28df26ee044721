import { and, eq } from 'drizzle-orm';
import type { CreatePaymentRequestBody, PaymentRequest, ProviderExchange } from '@store/xendit';
import type { Database } from '../db/database.ts';
import { apps, customers, paymentLines, exchanges } from '../db/schema.ts';
import { createCallBody, rememberProviderCustomer } from '../provider/mapping.ts';
import { decisiveCall, type ProviderGateway } from '../provider/provider.ts';
import { movePayment } from '../statuses/payment-status.ts';
import type { PaymentRow } from './payment-view.ts';

/** The body of the create call as it was sent, when the exchange was recorded. */
async function recordedCreateBody(
  db: Database,
  paymentId: string,
): Promise<CreatePaymentRequestBody | null> {
  const requests = await db
    .select({ exchange: exchanges.exchange })
    .from(exchanges)
    .where(and(eq(exchanges.paymentId, paymentId), eq(exchanges.kind, 'request')))
    .orderBy(exchanges.createdAt);
  for (const { exchange } of requests) {
    const request = (exchange as ProviderExchange | null)?.request;
    if (request?.method === 'POST' && new URL(request.url).pathname === '/v3/payment_requests') {
      return request.data as CreatePaymentRequestBody;
    }
  }
  return null;
}

/**
 * Settles a payment whose create call went unanswered (a timeout, a 5xx, a dropped connection,
 * a crash) by sending the same create again under the same idempotency key, the payment id: the
 * provider answers what it answered the first time if the first call reached it, or creates the
 * request now. A definite refusal fails the payment; a fault leaves it for the next attempt.
 */
export function createCreatingSettler(deps: {
  db: Database;
  provider: ProviderGateway;
  applyProviderRequest: (payment: PaymentRow, request: PaymentRequest) => Promise<unknown>;
}) {
  const { db, provider, applyProviderRequest } = deps;

  return async function settleCreating(
    payment: PaymentRow,
  ): Promise<'settled' | 'failed' | 'open'> {
    const [row] = await db
      .select({ app: apps, customer: customers })
      .from(customers)
      .innerJoin(apps, eq(apps.id, customers.appId))
      .where(eq(customers.id, payment.customerId));
    if (!row) return 'open';
    const { app, customer } = row;
    const recorded = await recordedCreateBody(db, payment.id);
    const lines = await db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment.id))
      .orderBy(paymentLines.position);
    const source = { payment, lines };
    // Without a recorded exchange the body is rebuilt; the customer is sent as the first call
    // sent it, by id or by details, which depends on what the store knew then: try both.
    const bodies = recorded
      ? [recorded]
      : [
          createCallBody(app, customer, source),
          ...(customer.providerCustomerId
            ? [createCallBody(app, { ...customer, providerCustomerId: null }, source)]
            : []),
        ];
    for (const body of bodies) {
      const outcome = await decisiveCall(
        () =>
          provider.call(app, { paymentId: payment.id }, (client) =>
            client.createPaymentRequest(body, { idempotencyKey: payment.id }),
          ),
        // A duplicate means the key was first sent with the other body: that one is tried next.
        async (error) => {
          if (error.errorCode === 'DUPLICATE_ERROR') return;
          await movePayment(db, payment.id, 'FAILED', { failureCode: error.errorCode });
        },
      );
      if (outcome.open) return 'open';
      if (outcome.refused) {
        if (outcome.refused.errorCode === 'DUPLICATE_ERROR') continue;
        return 'failed';
      }
      await rememberProviderCustomer(db, customer, outcome.answer.customer_id);
      await applyProviderRequest(payment, outcome.answer);
      return 'settled';
    }
    return 'open';
  };
}
