import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { cardSessions, paymentMethods, payments } from '../db/schema.ts';
import type { Provider } from '../provider/adapter.ts';
import type { AppRow } from '../provider/provider.ts';
import {
  isCardSessionCancelled,
  moveCardSession,
  openCardSessionStatus,
} from '../statuses/card-session-status.ts';
import {
  isMethodCreating,
  methodAwaitsOtp,
  movePaymentMethod,
} from '../statuses/payment-method-status.ts';
import { awaitsCustomer, movePayment } from '../statuses/payment-status.ts';

type CardSessionRow = typeof cardSessions.$inferSelect;

/** The provider's sessions last 30 minutes; an older one is never offered to the browser. */
export const sessionLifetimeMs = 30 * 60 * 1000;

/**
 * A customer's card sessions the cards script has not used yet. Opening the card form again uses
 * the one made for the same order (same lines, voucher and save choice; for a card to save, the
 * same channel) and cancels every other, at the provider and with its payment or method: opening
 * a form never leaves an order or a method the customer did not make.
 */
export function createOpenSessions(deps: { db: Database; provider: Provider }) {
  const { db, provider } = deps;

  async function openSessions(app: AppRow, customerId: string, type: 'PAY' | 'SAVE') {
    return db
      .select({ session: cardSessions, payment: payments, method: paymentMethods })
      .from(cardSessions)
      .leftJoin(payments, eq(payments.id, cardSessions.paymentId))
      .leftJoin(paymentMethods, eq(paymentMethods.id, cardSessions.paymentMethodId))
      .where(
        and(
          eq(cardSessions.appId, app.id),
          eq(cardSessions.customerId, customerId),
          eq(cardSessions.type, type),
          eq(cardSessions.status, openCardSessionStatus),
          gt(cardSessions.createdAt, new Date(Date.now() - sessionLifetimeMs)),
        ),
      )
      .orderBy(desc(cardSessions.createdAt));
  }

  /**
   * Cancels a session the script has not used. The provider refuses to cancel one it completed
   * (the customer paid in another tab), and then nothing here changes; a fault leaves it to expire.
   */
  async function cancel(app: AppRow, row: CardSessionRow): Promise<void> {
    const providerSessionId = row.providerSessionId;
    if (!providerSessionId) return;
    const link = { paymentId: row.paymentId, paymentMethodId: row.paymentMethodId };
    try {
      const status = await provider.cancelCardSession(app, link, providerSessionId);
      if (!isCardSessionCancelled(status)) return;
    } catch {
      return;
    }
    await moveCardSession(db, row.id, 'CANCELED');
    if (row.paymentId) {
      await movePayment(db, row.paymentId, 'CANCELLED', {
        failureCode: 'SESSION_REPLACED',
        actions: [],
      });
    }
    if (row.paymentMethodId) {
      await movePaymentMethod(db, row.paymentMethodId, 'CANCELED', { actions: [] });
    }
  }

  return {
    /** The open PAY session made from the same request, after cancelling every other. */
    async reusePayment(app: AppRow, customerId: string, requestHash: string) {
      const open = await openSessions(app, customerId, 'PAY');
      const kept = open.find(
        (row) =>
          row.payment?.requestHash === requestHash &&
          awaitsCustomer(row.payment.status) &&
          !row.payment.providerRequestId,
      );
      for (const row of open) if (row !== kept) await cancel(app, row.session);
      return kept?.session ?? null;
    },

    /** The open SAVE session for the same channel, after cancelling every other. */
    async reuseLink(app: AppRow, customerId: string, channelCode: string) {
      const open = await openSessions(app, customerId, 'SAVE');
      const kept = open.find(
        (row) =>
          row.method?.channelCode === channelCode &&
          methodAwaitsOtp(row.method.status) &&
          !row.method.providerTokenId,
      );
      // A method still CREATING is being opened by a request in flight (the same key sent twice):
      // its session is that request's to answer, not one to cancel.
      for (const row of open) {
        if (row !== kept && !isMethodCreating(row.method?.status ?? ''))
          await cancel(app, row.session);
      }
      return kept ?? null;
    },
  };
}
export type OpenSessions = ReturnType<typeof createOpenSessions>;
