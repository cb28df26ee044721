import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  refundErrorCodes,
  type CreateRefundResponse,
  type Currency,
  type Refund,
  type RefundStatus,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { apps, paymentLines, payments, refunds } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { newId } from '../lib/ids.ts';
import {
  isLineInRefund,
  isRefundableLineStatus,
  moveRefundLines,
  reserveLines,
  rollBackRefundLines,
} from '../statuses/order-line-status.ts';
import { isRefundablePayment, movePaymentByLines } from '../statuses/payment-status.ts';
import {
  initialRefundStatus,
  moveRefund,
  refundStatusesAwaitingProvider,
  refundStatusesTakingMoney,
} from '../statuses/refund-status.ts';
import { toApiPayments, type PaymentService } from '../payments/payment-service.ts';
import type { Provider, ProviderRefund } from '../provider/adapter.ts';
import { answerOf, decisiveCall } from '../provider/provider.ts';
import { createRefundWebhooks } from './refund-webhooks.ts';

type RefundRow = typeof refunds.$inferSelect;

function toApiRefund(row: RefundRow, lineIds: string[]): Refund {
  return {
    id: row.id,
    payment_id: row.paymentId,
    status: row.status as RefundStatus,
    amount: row.amount,
    currency: row.currency as Currency,
    orders: lineIds,
    failure_code: row.failureCode,
    created: row.createdAt.toISOString(),
  };
}

export function createRefundService(deps: {
  db: Database;
  provider: Provider;
  payments: PaymentService;
  budget: CreateBudget;
}) {
  const { db, provider, payments: paymentService, budget } = deps;

  /**
   * Reserves the lines for a new refund in one transaction, under the customer's budget of creates
   * (a refund is a provider create), that locks the payment row first, so that concurrent refunds
   * of the same line queue behind each other and only one finds it refundable.
   */
  async function reserve(caller: Caller, paymentId: string, lineIds: string[]) {
    return budget.spend(caller, async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (!payment) throw notFound(`Payment ${paymentId}`);
      if (!isRefundablePayment(payment.status)) {
        throw new AppError(
          400,
          refundErrorCodes.paymentNotRefundable,
          `Only a SUCCEEDED payment can be refunded; this one is ${payment.status}`,
        );
      }
      const lines = await tx
        .select()
        .from(paymentLines)
        .where(eq(paymentLines.paymentId, paymentId));
      const selected = lineIds.map((lineId) => {
        const line = lines.find((candidate) => candidate.id === lineId);
        if (!line) {
          throw new AppError(
            400,
            refundErrorCodes.lineNotRefundable,
            `${lineId} is not an order line of payment ${paymentId}`,
          );
        }
        if (isLineInRefund(line.status)) {
          throw new AppError(
            409,
            refundErrorCodes.refundInProgress,
            `Order line ${lineId} (${line.productName}) is already being refunded`,
          );
        }
        if (!isRefundableLineStatus(line.status)) {
          throw new AppError(
            400,
            refundErrorCodes.lineNotRefundable,
            `Order line ${lineId} (${line.productName}) is ${line.status} and cannot be refunded`,
          );
        }
        return line;
      });
      // The provider takes one refund of a payment at a time (400 REFUND_IN_PROGRESS otherwise):
      // refused here, before a provider call and a refund recorded only to fail.
      const [pending] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.paymentId, paymentId),
            inArray(refunds.status, refundStatusesAwaitingProvider),
          ),
        )
        .limit(1);
      if (pending) {
        throw new AppError(
          409,
          refundErrorCodes.refundInProgress,
          `Refund ${pending.id} of payment ${paymentId} is still pending: refund more once it has settled`,
        );
      }
      // With a voucher the lines add up to more than was paid: the refund is capped at what is
      // left of the payment, so the voucher's discount comes off the last lines refunded.
      const [refunded] = await tx
        .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
        .from(refunds)
        .where(
          and(eq(refunds.paymentId, paymentId), inArray(refunds.status, refundStatusesTakingMoney)),
        );
      const remaining = payment.amount - Number(refunded?.total ?? 0);
      const linesTotal = selected.reduce((sum, line) => sum + line.price, 0);
      const amount = Math.min(linesTotal, remaining);
      if (amount <= 0) {
        throw new AppError(
          400,
          refundErrorCodes.nothingToRefund,
          'The voucher already covers these lines: nothing is left to refund',
        );
      }
      const [refund] = await tx
        .insert(refunds)
        .values({
          id: newId('rfd'),
          appId: payment.appId,
          customerId: payment.customerId,
          paymentId,
          amount,
          currency: payment.currency,
          status: initialRefundStatus,
          previousLineStatuses: Object.fromEntries(selected.map((line) => [line.id, line.status])),
        })
        .returning();
      if (!refund) throw new Error('refund insert returned nothing');
      await reserveLines(tx, lineIds, refund.id);
      await movePaymentByLines(tx, paymentId);
      return { payment, refund };
    });
  }

  /** A refund the provider refused: its lines and the payment go back to where they were. */
  async function rollBack(refund: RefundRow, failureCode: string) {
    await db.transaction(async (tx) => {
      await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
      if (!(await moveRefund(tx, refund.id, 'FAILED', { failureCode }))) return;
      await rollBackRefundLines(tx, refund.id, refund.previousLineStatuses);
      await movePaymentByLines(tx, refund.paymentId);
    });
  }

  /**
   * refund.succeeded / refund.failed: the refund named by reference_id ends, with its lines,
   * and the payment follows. Answers what the webhook concerns, for the logs.
   */
  async function applyProviderRefund(
    providerRefund: Pick<ProviderRefund, 'refundId' | 'providerRefundId' | 'failureCode'>,
    outcome: 'SUCCEEDED' | 'FAILED',
  ): Promise<{ appId: string; paymentId: string; refundId: string } | null> {
    const { refundId } = providerRefund;
    if (!refundId) return null;
    const [known] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!known) return null;
    await db.transaction(async (tx) => {
      await tx.select().from(payments).where(eq(payments.id, known.paymentId)).for('update');
      const moved = await moveRefund(tx, refundId, outcome, {
        failureCode: providerRefund.failureCode,
        providerRefundId: providerRefund.providerRefundId,
      });
      if (!moved) return;
      await moveRefundLines(tx, refundId, outcome);
      await movePaymentByLines(tx, known.paymentId);
    });
    return { appId: known.appId, paymentId: known.paymentId, refundId };
  }

  /**
   * Settles a PENDING refund whose create call went unanswered: the same create again under the
   * same idempotency key (the refund id). Accepted: the provider's id is kept and its webhook
   * settles the refund; refused: the lines roll back; a fault: left for next time.
   */
  async function settleUnanswered(refund: RefundRow): Promise<'settled' | 'failed' | 'open'> {
    const [row] = await db
      .select({ payment: payments, app: apps })
      .from(payments)
      .innerJoin(apps, eq(apps.id, payments.appId))
      .where(eq(payments.id, refund.paymentId));
    const providerRequestId = row?.payment.providerRequestId;
    if (!row || !providerRequestId) return 'open';
    const outcome = await decisiveCall(
      () => provider.createRefund(row.app, { ...refund, providerRequestId }),
      (error) => rollBack(refund, error.errorCode),
    );
    if (outcome.open) return 'open';
    if (outcome.refused) return 'failed';
    const accepted = outcome.answer;
    await db
      .update(refunds)
      .set({ providerRefundId: accepted.providerRefundId, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)));
    if (accepted.outcome) await applyProviderRefund(accepted, accepted.outcome);
    return 'settled';
  }

  async function linesOf(refundId: string): Promise<string[]> {
    const rows = await db
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(eq(paymentLines.refundId, refundId))
      .orderBy(asc(paymentLines.position));
    return rows.map((row) => row.id);
  }

  return {
    async create(
      session: Caller,
      paymentId: string,
      lineIds: string[],
    ): Promise<CreateRefundResponse> {
      const owned = await paymentService.loadOwnPayment(session, paymentId);
      const { app } = await session.tenant();
      const providerRequestId = owned.providerRequestId;
      if (!providerRequestId) {
        throw new AppError(
          400,
          refundErrorCodes.paymentNotRefundable,
          'The provider has not accepted this payment',
        );
      }
      const uniqueLineIds = [...new Set(lineIds)];
      const { refund } = await reserve(session, paymentId, uniqueLineIds);
      // A refusal is final and rolls back; a timeout or a provider fault leaves the refund
      // pending until the provider's webhook or the reconciler says how it ended.
      const accepted = answerOf(
        await decisiveCall(
          () => provider.createRefund(app, { ...refund, providerRequestId }),
          (error) => rollBack(refund, error.errorCode),
        ),
      );
      const [updated] = await db
        .update(refunds)
        .set({ providerRefundId: accepted.providerRefundId, updatedAt: sql`now()` })
        .where(eq(refunds.id, refund.id))
        .returning();
      const refundRow = updated ?? refund;
      const [paymentRow] = await db.select().from(payments).where(eq(payments.id, paymentId));
      const [payment] = await toApiPayments(db, paymentRow ? [paymentRow] : []);
      if (!payment) throw notFound(`Payment ${paymentId}`);
      return { refund: toApiRefund(refundRow, await linesOf(refund.id)), payment };
    },

    applyProviderRefund,
    matchWebhook: createRefundWebhooks({ db, applyProviderRefund }),
    settleUnanswered,
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
