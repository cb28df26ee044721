import { eq, sql } from 'drizzle-orm';
import type { PaymentMethodStatus } from '@store/contract';
import type { Database } from '../db/database.ts';
import { paymentMethods } from '../db/schema.ts';

/** A method's stored status: the API's, plus CREATING until the provider answers the create call. */
export type StoredPaymentMethodStatus = PaymentMethodStatus | 'CREATING';

/**
 * Every change of a payment method's status goes through this table, from API calls and webhooks
 * alike, so a late or repeated payment_token webhook cannot bring an unlinked or expired method
 * back.
 */
const allowedTransitions: Record<StoredPaymentMethodStatus, readonly StoredPaymentMethodStatus[]> =
  {
    CREATING: ['REQUIRES_ACTION', 'PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'CANCELED'],
    REQUIRES_ACTION: ['PENDING', 'ACTIVE', 'FAILED', 'EXPIRED', 'CANCELED'],
    PENDING: ['REQUIRES_ACTION', 'ACTIVE', 'FAILED', 'EXPIRED', 'CANCELED'],
    ACTIVE: ['EXPIRED', 'CANCELED'],
    FAILED: [],
    EXPIRED: [],
    CANCELED: [],
  };

export function canTransitionMethod(
  from: StoredPaymentMethodStatus,
  to: StoredPaymentMethodStatus,
): boolean {
  return from === to || allowedTransitions[from].includes(to);
}

/** Statuses the provider may still change, so a read may ask it for news. */
export const methodAwaitsProvider = (status: StoredPaymentMethodStatus) =>
  status === 'CREATING' || status === 'REQUIRES_ACTION' || status === 'PENDING';

export const toApiMethodStatus = (status: StoredPaymentMethodStatus): PaymentMethodStatus =>
  status === 'CREATING' ? 'PENDING' : status;

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Moves a method to a new status if the table allows it, locking its row. Answers the method as
 * it is after the move (unchanged when the table refused it).
 */
export async function movePaymentMethod(
  db: Database,
  paymentMethodId: string,
  to: StoredPaymentMethodStatus,
  changes: Partial<
    Pick<PaymentMethodRow, 'actions' | 'failureCode' | 'providerTokenId' | 'details'>
  > = {},
): Promise<PaymentMethodRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, paymentMethodId))
      .for('update');
    if (!current) return null;
    if (!canTransitionMethod(current.status as StoredPaymentMethodStatus, to)) return current;
    const [updated] = await tx
      .update(paymentMethods)
      .set({ ...changes, status: to, updatedAt: sql`now()` })
      .where(eq(paymentMethods.id, paymentMethodId))
      .returning();
    return updated ?? null;
  });
}
