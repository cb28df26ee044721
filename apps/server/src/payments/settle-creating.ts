import { eq } from 'drizzle-orm';
import { checkoutChannelCode } from '@store/contract';
import type { Database } from '../db/database.ts';
import { apps, customers, paymentLines } from '../db/schema.ts';
import type { Provider } from '../provider/adapter.ts';
import { rememberProviderCustomer, type ProviderPayment } from '../provider/mapping.ts';
import { decisiveCall } from '../provider/provider.ts';
import { movePayment } from '../statuses/payment-status.ts';
import type { CheckoutSessions } from './checkout-session.ts';
import type { PaymentRow } from './payment-view.ts';

/**
 * Settles a payment whose create call went unanswered (a timeout, a 5xx, a dropped connection,
 * a crash) by sending the same create again under the same idempotency key, the payment id: the
 * provider answers what it answered the first time if the first call reached it, or creates the
 * request now. A definite refusal fails the payment; a fault leaves it for the next attempt.
 */
export function createCreatingSettler(deps: {
  db: Database;
  provider: Provider;
  applyProviderPayment: (payment: PaymentRow, answer: ProviderPayment) => Promise<unknown>;
  checkoutSessions: CheckoutSessions;
}) {
  const { db, provider, applyProviderPayment, checkoutSessions } = deps;

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
    const lines = await db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment.id))
      .orderBy(paymentLines.position);
    // A payment on the hosted checkout was a session create: the same session is asked for again.
    if (payment.channelCode === checkoutChannelCode && !payment.providerSessionId) {
      const opened = await checkoutSessions.open(app, customer, payment, lines);
      return opened.refused ? 'failed' : opened.open ? 'open' : 'settled';
    }
    const outcome = await decisiveCall(
      () => provider.replayCreatePayment(app, customer, { payment, lines }),
      (error) => movePayment(db, payment.id, 'FAILED', { failureCode: error.errorCode }),
    );
    if (outcome.refused) return 'failed';
    // Every body a duplicate: the first call is still being answered; the next round tries again.
    if (outcome.open || !outcome.answer) return 'open';
    await rememberProviderCustomer(db, customer, outcome.answer.providerCustomerId);
    await applyProviderPayment(payment, outcome.answer);
    return 'settled';
  };
}
