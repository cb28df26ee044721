import { and, desc, eq, gt } from 'drizzle-orm';
import type { CardSession } from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { apps, cardSessions, payments } from '../db/schema.ts';
import type { PaymentMethodService } from '../payment-methods/payment-method-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { Provider } from '../provider/adapter.ts';
import type { WebhookMatch } from '../provider/webhook-events.ts';
import {
  isCardSessionEnd,
  isCardSessionExpired,
  moveCardSession,
  openCardSessionStatus,
} from '../statuses/card-session-status.ts';
import { createCardLinking } from './card-linking.ts';
import { createCardPayments } from './card-payment.ts';
import { createOpenSessions, sessionLifetimeMs } from './open-sessions.ts';
import { createSessionChecks, sessionNotFound, toApiSession } from './session-checks.ts';

/**
 * Card sessions composed: paying by card (card-payment.ts), saving a card (card-linking.ts),
 * sessions opened again (open-sessions.ts), the current session and session webhooks (here).
 */
export function createCardService(deps: {
  db: Database;
  provider: Provider;
  payments: PaymentService;
  paymentMethods: PaymentMethodService;
  budget: CreateBudget;
}) {
  const { db, provider, payments: paymentService, paymentMethods, budget } = deps;
  const openSessions = createOpenSessions({ db, provider });
  const checks = createSessionChecks({ db, provider });
  const cardPayments = createCardPayments({
    db,
    provider,
    payments: paymentService,
    openSessions,
    checks,
    budget,
  });
  const linking = createCardLinking({ db, provider, paymentMethods, openSessions, checks });

  return {
    createPayment: cardPayments.create,
    complete: cardPayments.complete,
    linkCard: linking.link,
    completeSave: linking.complete,

    async current(session: Caller): Promise<CardSession> {
      const [row] = await db
        .select()
        .from(cardSessions)
        .where(
          and(
            eq(cardSessions.appId, session.appId),
            eq(cardSessions.customerId, session.customerId),
            eq(cardSessions.status, openCardSessionStatus),
            gt(cardSessions.createdAt, new Date(Date.now() - sessionLifetimeMs)),
          ),
        )
        .orderBy(desc(cardSessions.createdAt))
        .limit(1);
      if (!row) throw sessionNotFound();
      const { app } = await session.tenant();
      return toApiSession(row, provider.publicKeyFor(app));
    },

    /**
     * payment_session.completed / .expired: the session, confirmed ended by reading it back with
     * the app's key. An expired session fails its unpaid payment.
     */
    async matchSessionWebhook(providerSessionId: string): Promise<WebhookMatch> {
      const [found] = await db
        .select({ session: cardSessions, app: apps })
        .from(cardSessions)
        .innerJoin(apps, eq(apps.id, cardSessions.appId))
        .where(eq(cardSessions.providerSessionId, providerSessionId));
      if (!found) return { ignored: `No card session ${providerSessionId} in this store` };
      const { session: row, app } = found;
      const apply = async (status: 'COMPLETED' | 'EXPIRED') => {
        await moveCardSession(db, row.id, status);
        if (!isCardSessionExpired(status) || !row.paymentId) return;
        const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
        if (payment && !payment.providerRequestId) {
          await paymentService.transition(row.paymentId, 'FAILED', {
            failureCode: 'SESSION_EXPIRED',
            actions: [],
          });
        }
      };
      const link = row.paymentId ? { paymentId: row.paymentId } : {};
      const check = async () => {
        const confirmed = await provider.confirmCardSession(app, link, providerSessionId);
        const status = confirmed?.status;
        if (!isCardSessionEnd(status)) {
          return {
            ignored: `The provider says session ${providerSessionId} is ${status ?? 'unknown to it'}`,
          };
        }
        return { apply: () => apply(status) };
      };
      return { app, link, check };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
