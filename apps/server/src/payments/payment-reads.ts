import { and, desc, eq, sql } from 'drizzle-orm';
import type { Payment } from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { payments, exchanges } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Provider } from '../provider/adapter.ts';
import type { ProviderPayment } from '../provider/mapping.ts';
import { awaitsProvider, type StoredPaymentStatus } from '../statuses/payment-status.ts';
import { decodeCursor, pageOf } from '../http/page-cursor.ts';
import { newsReadDue } from '../http/rate-limits.ts';
import { readPaymentPage, toApiPayment, toApiPayments, type PaymentRow } from './payment-view.ts';

/** Reading and paging a customer's payments. */
export function createPaymentReads(deps: {
  db: Database;
  provider: Provider;
  loadOwnPayment: (session: Caller, paymentId: string) => Promise<PaymentRow>;
  loadPayment: (paymentId: string) => Promise<PaymentRow | undefined>;
  /** Reads a payment on the hosted checkout back through its session, applying what it says. */
  readCheckoutSession: (payment: PaymentRow) => Promise<void>;
  applyProviderPayment: (
    payment: PaymentRow,
    answer: ProviderPayment,
  ) => Promise<PaymentRow | null>;
  /**
   * Whether this customer's read may spend the merchant's provider budget: capped per customer
   * and per app, so one customer polling many payments cannot use up the provider's rate limit
   * that every customer's creates need.
   */
  mayReadProvider: (session: Caller, paymentId: string) => Promise<boolean>;
}) {
  const {
    db,
    provider,
    loadOwnPayment,
    loadPayment,
    readCheckoutSession,
    applyProviderPayment,
    mayReadProvider,
  } = deps;

  /**
   * Whether this read may ask the provider for news: true for one caller per interval, whichever
   * store instance it reaches, since the claim is a row update in the shared database.
   */
  async function claimProviderRead(paymentId: string): Promise<boolean> {
    const claimed = await db
      .update(payments)
      .set({ providerReadAt: sql`now()` })
      .where(and(eq(payments.id, paymentId), newsReadDue(payments)))
      .returning({ id: payments.id });
    return claimed.length > 0;
  }

  return {
    async list(session: Caller, query: { cursor?: string; limit: number }) {
      const rows = await readPaymentPage(db, {
        appId: session.appId,
        customerId: session.customerId,
        after: query.cursor ? decodeCursor(query.cursor) : null,
        limit: query.limit + 1,
      });
      const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({
        createdAt: row.exactCreatedAt,
        id: row.payment.id,
      }));
      return {
        payments: page.map(({ payment, lines }) => toApiPayment(payment, lines)),
        next_cursor: nextCursor,
      };
    },

    /**
     * One payment; while the provider may still change it, its status is read afresh, at most
     * once per interval across every store instance, within the read limits (providerReadLimits).
     * The store's own record is the answer when the provider cannot be read: its silence hides
     * nothing the store knows.
     */
    async get(session: Caller, paymentId: string): Promise<Payment> {
      let payment = await loadOwnPayment(session, paymentId);
      const providerRequestId = payment.providerRequestId;
      // Still on the hosted checkout (no payment request yet), the session is what to read.
      const onCheckout = !providerRequestId && payment.providerSessionId !== null;
      if (
        awaitsProvider(payment.status as StoredPaymentStatus) &&
        (providerRequestId || onCheckout) &&
        (await claimProviderRead(paymentId)) &&
        (await mayReadProvider(session, paymentId))
      ) {
        try {
          if (providerRequestId) {
            const { app } = await session.tenant();
            const answer = await provider.readPayment(app, paymentId, providerRequestId);
            if (answer.paymentId === paymentId) {
              payment = (await applyProviderPayment(payment, answer)) ?? payment;
            }
          } else {
            await readCheckoutSession(payment);
            payment = (await loadPayment(paymentId)) ?? payment;
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      const stored = await db
        .select()
        .from(exchanges)
        .where(eq(exchanges.paymentId, paymentId))
        .orderBy(desc(exchanges.createdAt));
      const [view] = await toApiPayments(db, [payment], stored);
      return view as Payment;
    },
  };
}
