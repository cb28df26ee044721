import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  cardErrorCodes,
  type CardSession,
  type CreateCardPaymentRequest,
  type Payment,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { cardSessions, vouchers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { newId } from '../lib/ids.ts';
import { priceOrder, type PaymentService } from '../payments/payment-service.ts';
import type { Provider } from '../provider/adapter.ts';
import { rememberProviderCustomer } from '../provider/mapping.ts';
import { answerOf, decisiveCall } from '../provider/provider.ts';
import { moveCardSession } from '../statuses/card-session-status.ts';
import { initialPaymentStatus } from '../statuses/payment-status.ts';
import type { OpenSessions } from './open-sessions.ts';
import { sessionNotFound, toApiSession, type SessionChecks } from './session-checks.ts';

/** Paying by card: a PAY session opened for a priced order, completed once the card went in. */
export function createCardPayments(deps: {
  db: Database;
  provider: Provider;
  payments: PaymentService;
  openSessions: OpenSessions;
  checks: SessionChecks;
  budget: CreateBudget;
}) {
  const { db, provider, payments: paymentService, openSessions, checks, budget } = deps;

  /**
   * The specification's card payload carries no total, so the total the pricing checks against is
   * the browser's own line prices less the voucher; pricing then checks every line against the
   * catalogue, so nothing the browser says is trusted.
   */
  async function claimedTotal(appId: string, request: CreateCardPaymentRequest) {
    const lines = request.orders.reduce((sum, line) => sum + line.price, 0);
    if (!request.voucher_id) return lines;
    const [voucher] = await db
      .select({ fixedAmount: vouchers.fixedAmount })
      .from(vouchers)
      .where(and(eq(vouchers.id, request.voucher_id), eq(vouchers.appId, appId)));
    return lines - (voucher?.fixedAmount ?? 0);
  }

  return {
    async create(
      session: Caller,
      request: CreateCardPaymentRequest,
      options: { clientId: string },
    ): Promise<CardSession> {
      const { app, customer } = await session.tenant();
      const type = request.type ?? 'PAY';
      const paymentRequest = {
        ...request,
        amount: await claimedTotal(app.id, request),
        channel: 'CARDS',
        type,
      };
      const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
      const reused = await openSessions.reusePayment(app, customer.id, requestHash);
      if (reused) return toApiSession(reused, provider.publicKeyFor(app));
      const order = await priceOrder(db, app, paymentRequest, 'CARDS');
      const paymentId = newId('pay');
      // A session opened again costs nothing; a new one is a provider create, under the budget.
      const inserted = await budget.spend(session, (tx) =>
        paymentService.insertPayment(
          {
            id: paymentId,
            appId: app.id,
            customerId: customer.id,
            idempotencyKey: paymentId,
            requestHash,
            type,
            channelCode: 'CARDS',
            country: app.country,
            currency: app.currency,
            amount: order.amount,
            voucherId: order.voucher?.id ?? null,
            voucherCode: order.voucher?.code ?? null,
            voucherAmount: order.voucher?.fixedAmount ?? null,
            status: initialPaymentStatus,
          },
          order,
          tx,
        ),
      );
      if (!inserted) throw new Error('a fresh payment id collided');
      const providerSession = answerOf(
        await decisiveCall(
          () =>
            provider.createCardSession(app, customer, {
              type: 'PAY',
              // The script's payment request carries this reference, so its webhooks find the payment.
              referenceId: paymentId,
              amount: order.amount,
              saveCard: type === 'PAY_AND_SAVE',
              returnUrls: paymentService.returnUrls(paymentId, options.clientId),
              description: `Order ${paymentId}`,
            }),
          (error) =>
            paymentService.transition(paymentId, 'FAILED', { failureCode: error.errorCode }),
        ),
      );
      await rememberProviderCustomer(db, customer, providerSession.providerCustomerId);
      await paymentService.transition(paymentId, 'REQUIRES_ACTION', { actions: [] });
      const [row] = await db
        .insert(cardSessions)
        .values({
          id: newId('cs'),
          appId: app.id,
          customerId: customer.id,
          providerSessionId: providerSession.providerSessionId,
          type: 'PAY',
          status: providerSession.status,
          amount: order.amount,
          currency: app.currency,
          country: app.country,
          paymentId,
        })
        .returning();
      if (!row) throw new Error('card session insert returned nothing');
      return toApiSession(row, provider.publicKeyFor(app));
    },

    /**
     * The script made a payment request from this session: read it from the provider, check it is
     * this session's (the provider copies the session's reference_id, the payment id), and apply
     * its status to the payment.
     */
    async complete(
      session: Caller,
      providerSessionId: string,
      paymentRequestId: string,
    ): Promise<Payment> {
      const row = await checks.loadOwnSession(session, providerSessionId);
      const paymentId = row.paymentId;
      if (row.type !== 'PAY' || !paymentId) throw sessionNotFound();
      const payment = await paymentService.loadOwnPayment(session, paymentId);
      const { app } = await session.tenant();
      // Ownership first, from this customer's own session: the browser's id is read from the
      // provider only once the session names it, so no other customer's record is fetched or
      // stored in this customer's logs.
      await checks.requireMadeBySession(
        app,
        { paymentId },
        providerSessionId,
        'paymentRequestId',
        paymentRequestId,
      );
      const answer = await provider.readPayment(app, paymentId, paymentRequestId);
      if (answer.paymentId !== paymentId) {
        throw new AppError(
          400,
          cardErrorCodes.requestMismatch,
          `Payment request ${paymentRequestId} was not made from card session ${providerSessionId}`,
        );
      }
      await paymentService.applyProviderPayment(payment, answer);
      await moveCardSession(db, row.id, 'COMPLETED');
      return paymentService.get(session, paymentId);
    },
  };
}
