import { and, eq } from 'drizzle-orm';
import { cardErrorCodes, type CardSession, type Currency } from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { cardSessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Provider } from '../provider/adapter.ts';
import type { AppRow, ExchangeLink } from '../provider/provider.ts';

export type CardSessionRow = typeof cardSessions.$inferSelect;

export const sessionNotFound = () =>
  new AppError(404, cardErrorCodes.sessionNotFound, 'No active card session was found');

/** A card session as the API shows it, with the public key the cards script needs. */
export function toApiSession(row: CardSessionRow, publicKey: string): CardSession {
  return {
    id: row.providerSessionId ?? row.id,
    type: row.type,
    status: row.status as CardSession['status'],
    amount: row.amount,
    currency: row.currency as Currency,
    payment_id: row.paymentId,
    payment_method_id: row.paymentMethodId,
    extra_data: { public_key: publicKey },
    created: row.createdAt.toISOString(),
  };
}

/** What completing a card session checks first: the session is the customer's, and made the id. */
export function createSessionChecks(deps: { db: Database; provider: Provider }) {
  const { db, provider } = deps;

  async function loadOwnSession(session: Caller, providerSessionId: string) {
    const [row] = await db
      .select()
      .from(cardSessions)
      .where(
        and(
          eq(cardSessions.providerSessionId, providerSessionId),
          eq(cardSessions.appId, session.appId),
          eq(cardSessions.customerId, session.customerId),
        ),
      );
    if (!row) throw sessionNotFound();
    return row;
  }

  /**
   * Refuses a payment request or token id the customer's own card session did not make, reading
   * only that session from the provider (it names what the cards script made from it).
   */
  async function requireMadeBySession(
    app: AppRow,
    link: ExchangeLink,
    providerSessionId: string,
    field: 'paymentRequestId' | 'tokenId',
    id: string,
  ): Promise<void> {
    const providerSession = await provider.readCardSession(app, link, providerSessionId);
    if (providerSession[field] !== id) {
      throw new AppError(
        400,
        cardErrorCodes.requestMismatch,
        `${id} was not made from card session ${providerSessionId}`,
      );
    }
  }

  return { loadOwnSession, requireMadeBySession };
}
export type SessionChecks = ReturnType<typeof createSessionChecks>;
