import { createHash } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  cardErrorCodes,
  toMajorUnits,
  type CardSession,
  type CreateCardPaymentRequest,
  type CreatePaymentMethodRequest,
  type PaymentMethod,
  type Currency,
  type Payment,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { cardSessions, paymentMethods, payments, vouchers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { moveCardSession } from '../statuses/card-session-status.ts';
import { createOpenSessions, sessionLifetimeMs } from './open-sessions.ts';
import { providerCustomer, rememberProviderCustomer } from '../provider/mapping.ts';
import { priceOrder } from '../payments/pricing.ts';
import {
  fingerprint,
  type PaymentMethodService,
} from '../payment-methods/payment-method-service.ts';
import { findChannel } from '../payments/channels.ts';
import {
  decisiveCall,
  answerOf,
  providerMarket,
  type AppRow,
  type OperationLink,
  type ProviderGateway,
} from '../provider/provider.ts';

type CardSessionRow = typeof cardSessions.$inferSelect;

const sessionNotFound = () =>
  new AppError(404, cardErrorCodes.sessionNotFound, 'No active card session was found');

export function createCardService(deps: {
  db: Database;
  provider: ProviderGateway;
  payments: PaymentService;
  paymentMethods: PaymentMethodService;
}) {
  const { db, provider, payments: paymentService, paymentMethods: methodService } = deps;
  const openSessions = createOpenSessions({ db, provider });

  function toApi(row: CardSessionRow, publicKey: string): CardSession {
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

  /**
   * Refuses a payment request or token id the customer's own card session did not make, reading
   * only that session from the provider (it names what the cards script made from it).
   */
  async function requireMadeBySession(
    app: AppRow,
    link: OperationLink,
    providerSessionId: string,
    field: 'payment_request_id' | 'payment_token_id',
    id: string,
  ): Promise<void> {
    const providerSession = await provider.call(app, link, (client) =>
      client.getSession(providerSessionId),
    );
    if (providerSession[field] !== id) {
      throw new AppError(
        400,
        cardErrorCodes.requestMismatch,
        `${id} was not made from card session ${providerSessionId}`,
      );
    }
  }

  return {
    async current(session: Caller): Promise<CardSession> {
      const [row] = await db
        .select()
        .from(cardSessions)
        .where(
          and(
            eq(cardSessions.appId, session.appId),
            eq(cardSessions.customerId, session.customerId),
            eq(cardSessions.status, 'ACTIVE'),
            gt(cardSessions.createdAt, new Date(Date.now() - sessionLifetimeMs)),
          ),
        )
        .orderBy(desc(cardSessions.createdAt))
        .limit(1);
      if (!row) throw sessionNotFound();
      const { app } = await session.tenant();
      return toApi(row, provider.publicKeyFor(app));
    },

    async createPayment(
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
      if (reused) return toApi(reused, provider.publicKeyFor(app));
      const order = await priceOrder(db, app, paymentRequest, 'CARDS');
      const paymentId = newId('pay');
      const inserted = await paymentService.insertPayment(
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
          status: 'CREATING',
        },
        order,
      );
      if (!inserted) throw new Error('a fresh payment id collided');
      const currency = app.currency as Currency;
      const providerSession = answerOf(
        await decisiveCall(
          () =>
            provider.call(app, { paymentId }, (client) =>
              client.createSession(
                {
                  // The script's payment request carries this reference, so its webhooks find the payment.
                  reference_id: paymentId,
                  session_type: 'PAY',
                  mode: 'CARDS_SESSION_JS',
                  amount: toMajorUnits(order.amount, currency),
                  ...providerMarket(app),
                  allow_save_payment_method: type === 'PAY_AND_SAVE' ? 'OPTIONAL' : 'DISABLED',
                  ...providerCustomer(customer),
                  cards_session_js: paymentService.returnUrls(paymentId, options.clientId),
                  description: `Order ${paymentId}`,
                  metadata: { app_id: app.id, customer_id: customer.id },
                },
                { idempotencyKey: paymentId },
              ),
            ),
          (error) =>
            paymentService.transition(paymentId, 'FAILED', { failureCode: error.errorCode }),
        ),
      );
      await rememberProviderCustomer(db, customer, providerSession.customer_id);
      await paymentService.transition(paymentId, 'REQUIRES_ACTION', { actions: [] });
      const [row] = await db
        .insert(cardSessions)
        .values({
          id: newId('cs'),
          appId: app.id,
          customerId: customer.id,
          providerSessionId: providerSession.payment_session_id,
          type: 'PAY',
          status: providerSession.status,
          amount: order.amount,
          currency: app.currency,
          country: app.country,
          paymentId,
        })
        .returning();
      if (!row) throw new Error('card session insert returned nothing');
      return toApi(row, provider.publicKeyFor(app));
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
      const row = await loadOwnSession(session, providerSessionId);
      const paymentId = row.paymentId;
      if (row.type !== 'PAY' || !paymentId) throw sessionNotFound();
      const payment = await paymentService.loadOwnPayment(session, paymentId);
      const { app } = await session.tenant();
      // Ownership first, from this customer's own session: the browser's id is read from the
      // provider only once the session names it, so no other customer's record is fetched or
      // stored in this customer's logs.
      await requireMadeBySession(
        app,
        { paymentId },
        providerSessionId,
        'payment_request_id',
        paymentRequestId,
      );
      const request = await provider.call(app, { paymentId }, (client) =>
        client.getPaymentRequest(paymentRequestId),
      );
      if (request.reference_id !== paymentId) {
        throw new AppError(
          400,
          cardErrorCodes.requestMismatch,
          `Payment request ${paymentRequestId} was not made from card session ${providerSessionId}`,
        );
      }
      await paymentService.applyProviderRequest(payment, request);
      await moveCardSession(db, row.id, 'COMPLETED');
      return paymentService.get(session, paymentId);
    },

    /**
     * POST /payment_methods with a cards channel: the method, REQUIRES_ACTION, and a SAVE session
     * whose id is the method's CARDS_SESSION_JS action; the card form completes it.
     */
    async linkCard(
      session: Caller,
      request: CreatePaymentMethodRequest,
      options: { idempotencyKey: string | undefined; clientId: string },
    ): Promise<PaymentMethod> {
      const { app, customer } = await session.tenant();
      const channel = findChannel(app, request.channel);
      if (!channel || channel.creation_workflow_type !== 'CARDS_SESSION_JS') {
        throw new AppError(
          400,
          'CHANNEL_NOT_AVAILABLE',
          `${request.channel} is not a card channel`,
        );
      }
      if (request.country !== app.country) {
        throw new AppError(400, 'COUNTRY_MISMATCH', `This store sells in ${app.country}`);
      }
      const idempotencyKey = options.idempotencyKey ?? newId('auto');
      // A key used before answers its own method (or 409 for another body), never another open link.
      if (!(await methodService.keyHolder(app.id, customer.id, idempotencyKey))) {
        const reused = await openSessions.reuseLink(app, customer.id, channel.code);
        if (reused?.method) return methodService.toApi(app, reused.method);
      }
      const paymentMethodId = newId('pm');
      const recorded = await methodService.record({
        id: paymentMethodId,
        appId: app.id,
        customerId: customer.id,
        channelCode: channel.code,
        country: app.country,
        referenceId: request.reference_id,
        idempotencyKey,
        requestHash: fingerprint(request),
      });
      if (recorded.earlier) return methodService.answerAgain(app, recorded.earlier);
      const method = recorded.created;
      const providerSession = answerOf(
        await decisiveCall(
          () =>
            provider.call(app, { paymentMethodId }, (client) =>
              client.createSession(
                {
                  // The token the script makes carries this reference, so it finds the method.
                  reference_id: paymentMethodId,
                  session_type: 'SAVE',
                  mode: 'CARDS_SESSION_JS',
                  amount: 0,
                  ...providerMarket(app),
                  ...providerCustomer(customer),
                  cards_session_js: methodService.returnUrls(paymentMethodId, options.clientId),
                  metadata: { app_id: app.id, customer_id: customer.id },
                },
                { idempotencyKey: paymentMethodId },
              ),
            ),
          (error) =>
            methodService.transition(paymentMethodId, 'FAILED', {
              failureCode: error.errorCode,
            }),
        ),
      );
      await rememberProviderCustomer(db, customer, providerSession.customer_id);
      await db.insert(cardSessions).values({
        id: newId('cs'),
        appId: app.id,
        customerId: customer.id,
        providerSessionId: providerSession.payment_session_id,
        type: 'SAVE',
        status: providerSession.status,
        amount: 0,
        currency: app.currency,
        country: app.country,
        paymentMethodId,
      });
      const updated = await methodService.transition(paymentMethodId, 'REQUIRES_ACTION', {
        actions: [{ type: 'CARDS_SESSION_JS', value: providerSession.payment_session_id }],
      });
      return methodService.toApi(app, updated ?? method);
    },

    /** The script made a payment token from a SAVE session: the method follows its status. */
    async completeSave(
      session: Caller,
      providerSessionId: string,
      paymentTokenId: string,
    ): Promise<PaymentMethod> {
      const row = await loadOwnSession(session, providerSessionId);
      const paymentMethodId = row.paymentMethodId;
      if (row.type !== 'SAVE' || !paymentMethodId) throw sessionNotFound();
      const { app } = await session.tenant();
      await requireMadeBySession(
        app,
        { paymentMethodId },
        providerSessionId,
        'payment_token_id',
        paymentTokenId,
      );
      const token = await provider.call(app, { paymentMethodId }, (client) =>
        client.getPaymentToken(paymentTokenId),
      );
      if (token.reference_id !== paymentMethodId) {
        throw new AppError(
          400,
          cardErrorCodes.requestMismatch,
          `Payment token ${paymentTokenId} was not made from card session ${providerSessionId}`,
        );
      }
      const [method] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.id, paymentMethodId));
      if (!method) throw sessionNotFound();
      await methodService.applyToken(method, token);
      await moveCardSession(db, row.id, 'COMPLETED');
      return methodService.get(session, paymentMethodId);
    },

    /**
     * payment_session.completed / .expired: the session's app and payment, and `apply`, which
     * the caller runs once the webhook is recorded. An expired session fails its unpaid payment.
     */
    async matchSessionWebhook(providerSessionId: string): Promise<{
      appId: string;
      paymentId: string | null;
      apply: (status: 'COMPLETED' | 'EXPIRED') => Promise<void>;
    } | null> {
      const [row] = await db
        .select()
        .from(cardSessions)
        .where(eq(cardSessions.providerSessionId, providerSessionId));
      if (!row) return null;
      const apply = async (status: 'COMPLETED' | 'EXPIRED') => {
        await moveCardSession(db, row.id, status);
        if (status !== 'EXPIRED' || !row.paymentId) return;
        const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
        if (payment && !payment.providerRequestId) {
          await paymentService.transition(row.paymentId, 'FAILED', {
            failureCode: 'SESSION_EXPIRED',
            actions: [],
          });
        }
      };
      return { appId: row.appId, paymentId: row.paymentId, apply };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
