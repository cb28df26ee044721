import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentStatus } from '@store/contract';
import type { Database } from '../db/database.ts';
import { paymentLines, payments, refunds } from '../db/schema.ts';
import { lineStatusesFrom, lineStatusFor } from './order-line-status.ts';
import { endedRefundStatuses } from './refund-status.ts';
import type { StatusCause } from './status-cause.ts';

/**
 * A payment's stored status: the API's statuses, plus CREATING while the provider has not yet
 * answered the create call (shown as PENDING).
 */
export type StoredPaymentStatus = PaymentStatus | 'CREATING';

/**
 * Every change of a payment's status goes through this table, whatever asks for it (an API call,
 * a webhook, the reconciler, a refund), so a late or repeated webhook cannot move a payment
 * backwards. Refunds move a paid payment by its lines, and a refund the provider refused puts it
 * back where it was: moves the provider's word can never make.
 */
const transitions: Record<
  StoredPaymentStatus,
  Record<StatusCause, readonly StoredPaymentStatus[]>
> = {
  CREATING: {
    provider: ['REQUIRES_ACTION', 'PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
    refund: [],
  },
  REQUIRES_ACTION: { provider: ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'], refund: [] },
  PENDING: { provider: ['REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'CANCELLED'], refund: [] },
  SUCCEEDED: { provider: [], refund: ['REFUND_PENDING'] },
  REFUND_PENDING: {
    provider: [],
    refund: ['REFUND_SUCCEEDED', 'REFUND_FAILED', 'SUCCEEDED'],
  },
  REFUND_SUCCEEDED: { provider: [], refund: ['REFUND_PENDING'] },
  REFUND_FAILED: { provider: [], refund: ['REFUND_PENDING'] },
  FAILED: { provider: [], refund: [] },
  CANCELLED: { provider: [], refund: [] },
};

const storedStatuses = Object.keys(transitions) as StoredPaymentStatus[];

export function canMovePayment(
  from: StoredPaymentStatus,
  to: StoredPaymentStatus,
  cause: StatusCause,
): boolean {
  return from === to || transitions[from][cause].includes(to);
}

/** The statuses a payment may move to `to` from by this cause, `to` itself included. */
export const paymentStatusesFrom = (to: StoredPaymentStatus, cause: StatusCause) =>
  storedStatuses.filter((from) => canMovePayment(from, to, cause));

/** Where every payment starts: recorded, its create call not yet answered. */
export const initialPaymentStatus = 'CREATING' satisfies StoredPaymentStatus;

/** Statuses the provider may still change on its own, so a read may ask it for news. */
export const awaitsProvider = (status: StoredPaymentStatus) =>
  transitions[status].provider.length > 0;

/** Whether the payment waits for the customer to act (a page, a code, a card form). */
export const awaitsCustomer = (status: string) => status === 'REQUIRES_ACTION';

/** Whether the provider has yet to answer the payment's create call. */
export const isCreating = (status: string) => status === initialPaymentStatus;

/** Payments open at the provider whose create it answered: a status read may bring news. */
export const statusesReadFromProvider = storedStatuses.filter(
  (status) => awaitsProvider(status) && !isCreating(status),
);

/** Payments a refund may take lines of: those the table lets a refund move to REFUND_PENDING. */
export const isRefundablePayment = (status: string) =>
  (paymentStatusesFrom('REFUND_PENDING', 'refund') as string[]).includes(status);

export const toApiStatus = (status: StoredPaymentStatus): PaymentStatus =>
  status === 'CREATING' ? 'PENDING' : status;

type PaymentRow = typeof payments.$inferSelect;

/** What a change of status may also change in a payment. */
export type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    | 'failureCode'
    | 'actions'
    | 'providerRequestId'
    | 'channelProperties'
    | 'providerTokenId'
    | 'providerSessionId'
    | 'channelCode'
  >
>;

/** A value of a move: a literal, or a placeholder of a prepared statement. */
type Value = SQL | SQL.Aliased | string | null | unknown;

/**
 * The statements of one move, as common table expressions: lock the payment, move it if the
 * table allows, move its lines with it. Built with literals by `movePayment` and with
 * placeholders by the create path's prepared statement, from the same table.
 */
export function paymentMoveParts(
  db: Database,
  move: {
    paymentId: Value;
    status: Value;
    /** The statuses allowed to move, as a text[] expression. */
    allowedFrom: SQL;
    lineStatus: Value;
    /** The line statuses allowed to follow it, as a text[] expression. */
    lineFrom: SQL;
    set: Record<string, unknown>;
  },
) {
  const locked = db.$with('locked').as(
    db
      .select()
      .from(payments)
      .where(eq(payments.id, sql`${move.paymentId}`))
      .for('update'),
  );
  const lockedStatus = sql`(select ${locked.status} from ${locked})`;
  const moved = db.$with('moved').as(
    db
      .update(payments)
      .set({ ...move.set, status: sql`${move.status}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(payments.id, sql`${move.paymentId}`),
          sql`${lockedStatus} = any(${move.allowedFrom})`,
        ),
      )
      .returning(),
  );
  const movedLines = db.$with('moved_lines').as(
    db
      .update(paymentLines)
      .set({ status: sql`${move.lineStatus}` })
      .where(
        and(
          eq(paymentLines.paymentId, sql`${move.paymentId}`),
          sql`${paymentLines.status} = any(${move.lineFrom})`,
          sql`${move.lineStatus}::text is not null`,
          sql`exists (select 1 from ${moved})`,
          sql`${lockedStatus} <> ${move.status}`,
        ),
      )
      .returning({ id: paymentLines.id }),
  );
  return { locked, moved, movedLines };
}

/**
 * The statements of several moves in one, as paymentMoveParts's are of one: a row of the
 * relation named `given` for each move, its payment_id, status, allowed_from (text[]),
 * line_status and line_from (text[]), and what `set` takes from it. The payments are locked in
 * the order of their ids, so that two such statements lock the same rows in the same order.
 */
export function paymentMovesParts(db: Database, set: Record<string, SQL>) {
  const locked = db.$with('locked').as(
    db
      .select()
      .from(payments)
      // The ids as an array here and below, so that the indexes find the rows: PostgreSQL takes
      // a set-returning function for 100 rows, and a join with 100 rows scanned a payments table
      // of thousands.
      .where(sql`${payments.id} = any(array(select given.payment_id from given))`)
      .orderBy(payments.id)
      .for('update'),
  );
  const moved = db.$with('moved').as(
    db
      .update(payments)
      .set({ ...set, status: sql`given.status`, updatedAt: sql`now()` })
      .from(sql`given join locked on locked.id = given.payment_id`)
      .where(
        and(
          sql`${payments.id} = any(array(select given.payment_id from given))`,
          sql`${payments.id} = given.payment_id`,
          sql`locked.status = any(given.allowed_from)`,
        ),
      )
      .returning(getTableColumns(payments)),
  );
  const movedLines = db.$with('moved_lines').as(
    db
      .update(paymentLines)
      .set({ status: sql`given.line_status` })
      .from(sql`given join locked on locked.id = given.payment_id`)
      .where(
        and(
          sql`${paymentLines.paymentId} = any(array(select given.payment_id from given))`,
          sql`${paymentLines.paymentId} = given.payment_id`,
          sql`${paymentLines.status} = any(given.line_from)`,
          sql`given.line_status is not null`,
          sql`exists (select 1 from moved where moved.id = given.payment_id)`,
          sql`locked.status <> given.status`,
        ),
      )
      .returning({ id: paymentLines.id, paymentId: paymentLines.paymentId }),
  );
  return { locked, moved, movedLines };
}

export const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/**
 * Moves a payment to a new status if the table allows it for this cause, with its lines, in one
 * statement that locks the row first: webhooks, API calls and the reconciler may race. Answers
 * the payment as it is after the move (unchanged when the table refused it).
 */
export async function movePayment(
  db: Database,
  paymentId: string,
  to: StoredPaymentStatus,
  changes: PaymentChanges = {},
  cause: StatusCause = 'provider',
): Promise<PaymentRow | null> {
  const lineStatus = cause === 'provider' ? lineStatusFor(to) : null;
  const { locked, moved, movedLines } = paymentMoveParts(db, {
    paymentId,
    status: to,
    allowedFrom: textArray(paymentStatusesFrom(to, cause)),
    lineStatus,
    lineFrom: textArray(lineStatus ? lineStatusesFrom(lineStatus, 'provider') : []),
    set: changes,
  });
  const [row] = await db
    .with(locked, moved, movedLines)
    .select()
    .from(locked)
    .leftJoin(moved, sql`true`);
  return row ? (row.moved ?? row.locked) : null;
}

/**
 * A paid payment's status as its lines and refunds make it: REFUND_PENDING while any line is in a
 * refund, then how its refunds ended, or SUCCEEDED when every refund was rolled back.
 */
export function paymentStatusFromLines(
  lineStatuses: readonly string[],
  latestRefundEnd: string | undefined,
): StoredPaymentStatus {
  const has = (status: string) => lineStatuses.includes(status);
  if (has('REFUND_PENDING')) return 'REFUND_PENDING';
  if (latestRefundEnd === 'SUCCEEDED' && has('REFUND_SUCCEEDED')) return 'REFUND_SUCCEEDED';
  if (has('REFUND_FAILED')) return 'REFUND_FAILED';
  if (has('REFUND_SUCCEEDED')) return 'REFUND_SUCCEEDED';
  return 'SUCCEEDED';
}

/**
 * Moves a paid payment to the status its lines make it (paymentStatusFromLines), as a refund's
 * move. Runs inside a transaction that holds the payment row.
 */
export async function movePaymentByLines(tx: Database, paymentId: string) {
  const lines = await tx
    .select({ status: paymentLines.status })
    .from(paymentLines)
    .where(eq(paymentLines.paymentId, paymentId));
  const [latest] = await tx
    .select({ status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, endedRefundStatuses)))
    .orderBy(desc(refunds.updatedAt))
    .limit(1);
  const next = paymentStatusFromLines(
    lines.map((line) => line.status),
    latest?.status,
  );
  await movePayment(tx, paymentId, next, {}, 'refund');
}
