import { eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isMethodAwaitingProvider, type PaymentMethodStatus } from '@store/contract';
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

/** Where a linked method starts: recorded, its create call not yet answered. */
export const initialMethodStatus = 'CREATING' satisfies StoredPaymentMethodStatus;

/** Where a method a PAY_AND_SAVE payment saved starts: the payment made its token usable. */
export const savedMethodStatus = 'ACTIVE' satisfies StoredPaymentMethodStatus;

export function canMoveMethod(
  from: StoredPaymentMethodStatus,
  to: StoredPaymentMethodStatus,
): boolean {
  return from === to || allowedTransitions[from].includes(to);
}

/** Statuses the provider may still change (the contract's, and CREATING), so a read asks it. */
export const methodAwaitsProvider = (status: StoredPaymentMethodStatus) =>
  status === initialMethodStatus || isMethodAwaitingProvider(status);

/** Whether the provider has yet to answer the method's create call. */
export const isMethodCreating = (status: string) => status === initialMethodStatus;

/** The status of a method that can pay: linked, its token usable. */
export const payingMethodStatus = 'ACTIVE' satisfies StoredPaymentMethodStatus;

/** Whether a method can pay. */
export const canPayWithMethod = (status: string) => status === payingMethodStatus;

/** Whether a method waits for the one-time password its linking asked for. */
export const methodAwaitsOtp = (status: string) => status === 'REQUIRES_ACTION';

/** Whether a method was unlinked; nothing moves it again. */
export const isMethodUnlinked = (status: string) => status === 'CANCELED';

/** How long an unlink's claim on its method holds: an instance that died mid-unlink frees it. */
const unlinkLease = sql`interval '10 minutes'`;

/**
 * Whether no unlink holds the method now (payment_methods.unlinking_since): one unlink at a time,
 * and no subscription starts on a method while an unlink ends those it pays.
 */
export const notBeingUnlinked = () =>
  or(
    isNull(paymentMethods.unlinkingSince),
    lt(paymentMethods.unlinkingSince, sql`now() - ${unlinkLease}`),
  );

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
    Pick<
      PaymentMethodRow,
      | 'actions'
      | 'failureCode'
      | 'providerTokenId'
      | 'details'
      | 'providerSessionId'
      | 'channelCode'
    >
  > = {},
): Promise<PaymentMethodRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, paymentMethodId))
      .for('update');
    if (!current) return null;
    if (!canMoveMethod(current.status as StoredPaymentMethodStatus, to)) return current;
    const [updated] = await tx
      .update(paymentMethods)
      .set({ ...changes, status: to, updatedAt: sql`now()` })
      .where(eq(paymentMethods.id, paymentMethodId))
      .returning();
    return updated ?? null;
  });
}
