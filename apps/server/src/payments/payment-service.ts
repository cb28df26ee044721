import { createHash } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { CreatePaymentRequest, Payment, PaymentAction } from '@store/contract';
import { toMajorUnits, type Currency } from '@store/contract';
import type {
  Action,
  CreatePaymentRequestBody,
  PaymentRequest,
  ProviderExchange,
} from '@store/xendit';
import type { ServerConfig } from '../config.ts';
import type { Session } from '../auth/session-token.ts';
import type { Database } from '../db/database.ts';
import {
  apps,
  customers,
  paymentLines,
  paymentMethods,
  payments,
  providerOperations,
} from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { newId } from '../lib/ids.ts';
import { providerMarket, type AppRow, type ProviderGateway } from '../provider/provider.ts';
import { findChannel } from './channels.ts';
import {
  awaitsProvider,
  canTransition,
  fromProviderStatus,
  lineStatusFor,
  type StoredPaymentStatus,
} from './payment-status.ts';
import { toApiPayments, type PaymentRow } from './payment-view.ts';
import { priceOrder, type PricedOrder } from './pricing.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** A read asks the provider for news at most this often per payment. */
const refreshIntervalMs = 2_000;

/**
 * Provider actions as the browser follows them: links stay links; what must be shown or typed in
 * the store points at the store's own screens, carrying the code to show.
 */
export function toStoreActions(paymentId: string, actions: Action[]): PaymentAction[] {
  return actions.flatMap((action): PaymentAction[] => {
    const base = { type: action.type, descriptor: action.descriptor };
    if (action.type === 'REDIRECT_CUSTOMER') {
      return [{ ...base, value: action.value, paymentCode: null }];
    }
    if (action.descriptor === 'VIRTUAL_ACCOUNT_NUMBER') {
      return [{ ...base, value: `/payments/${paymentId}`, paymentCode: action.value }];
    }
    if (action.descriptor === 'PAYMENT_CODE' || action.descriptor === 'QR_STRING') {
      return [
        { ...base, value: `/payments/new/${paymentId}/paymentcode`, paymentCode: action.value },
      ];
    }
    if (action.descriptor === 'VALIDATE_OTP') {
      return [{ ...base, value: `/payments/new/${paymentId}/otp`, paymentCode: null }];
    }
    return [];
  });
}

function requestFingerprint(request: CreatePaymentRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

function encodeCursor(row: PaymentRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(createdAt ?? '');
  if (!id || Number.isNaN(date.getTime())) {
    throw new AppError(400, 'API_VALIDATION_ERROR', 'cursor is not valid');
  }
  return { createdAt: date, id };
}

/** The customer as the provider knows it: its id once known, else the details to create it. */
export function providerCustomer(
  customer: CustomerRow,
): Pick<CreatePaymentRequestBody, 'customer' | 'customer_id'> {
  if (customer.providerCustomerId) return { customer_id: customer.providerCustomerId };
  const [localPart] = customer.email.split('@');
  return {
    customer: {
      type: 'INDIVIDUAL',
      reference_id: customer.id,
      ...(customer.email.length <= 50 ? { email: customer.email } : {}),
      ...(customer.mobileNumber ? { mobile_number: customer.mobileNumber } : {}),
      individual_detail: { given_names: (customer.name ?? localPart ?? 'Customer').slice(0, 50) },
    },
  };
}

/** Keeps the provider's customer id, so later calls send customer_id instead of the details. */
export async function rememberProviderCustomer(
  db: Database,
  customer: CustomerRow,
  providerCustomerId: string | null | undefined,
): Promise<void> {
  if (!providerCustomerId || customer.providerCustomerId) return;
  await db.update(customers).set({ providerCustomerId }).where(eq(customers.id, customer.id));
}

/** What a payment's create call to the provider is built from: the stored payment and its lines. */
export interface CreateCallSource {
  payment: Pick<
    PaymentRow,
    | 'id'
    | 'type'
    | 'amount'
    | 'channelCode'
    | 'channelProperties'
    | 'providerTokenId'
    | 'paymentMethodId'
  >;
  lines: { productId: string; productName: string; price: number }[];
}

/**
 * The body of POST /v3/payment_requests for a payment. Built only from what is stored, so that a
 * replay after a lost answer sends the same body under the same idempotency key (the provider
 * refuses a key reused with another body).
 */
export function createCallBody(
  app: AppRow,
  customer: CustomerRow,
  { payment, lines }: CreateCallSource,
): CreatePaymentRequestBody {
  const currency = app.currency as Currency;
  const market = providerMarket(app);
  return {
    reference_id: payment.id,
    type: payment.type,
    ...market,
    request_amount: toMajorUnits(payment.amount, currency),
    ...(payment.paymentMethodId
      ? { payment_token_id: payment.providerTokenId ?? '' }
      : { channel_code: payment.channelCode }),
    channel_properties: payment.channelProperties as Record<string, string>,
    ...providerCustomer(customer),
    description: `Order ${payment.id}`,
    items: lines.map((line) => ({
      reference_id: line.productId,
      name: line.productName,
      net_unit_amount: toMajorUnits(line.price, currency),
      quantity: 1,
      currency: market.currency,
      type: 'PHYSICAL_PRODUCT',
    })),
    metadata: { app_id: app.id, customer_id: customer.id },
  } as CreatePaymentRequestBody;
}

export function createPaymentService(deps: {
  db: Database;
  provider: ProviderGateway;
  config: ServerConfig;
}) {
  const { db, provider, config } = deps;

  async function loadContext(session: Session): Promise<{ app: AppRow; customer: CustomerRow }> {
    const [row] = await db
      .select({ app: apps, customer: customers })
      .from(customers)
      .innerJoin(apps, eq(apps.id, customers.appId))
      .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
    if (!row)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    return row;
  }

  async function loadOwnPayment(session: Session, paymentId: string): Promise<PaymentRow> {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.appId, session.appId),
          eq(payments.customerId, session.customerId),
        ),
      );
    if (!row) throw notFound(`Payment ${paymentId}`);
    return row;
  }

  /**
   * Moves a payment to a new status if the state machine allows it, with its lines, in one
   * transaction that locks the row: webhooks and API calls may race.
   */
  async function transition(
    paymentId: string,
    to: StoredPaymentStatus,
    changes: Partial<
      Pick<
        PaymentRow,
        'failureCode' | 'actions' | 'providerRequestId' | 'channelProperties' | 'providerTokenId'
      >
    > = {},
  ): Promise<PaymentRow | null> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (!current) return null;
      if (!canTransition(current.status as StoredPaymentStatus, to)) return current;
      const [updated] = await tx
        .update(payments)
        .set({ ...changes, status: to, updatedAt: sql`now()` })
        .where(eq(payments.id, paymentId))
        .returning();
      const lineStatus = lineStatusFor(to);
      if (lineStatus && current.status !== to) {
        await tx
          .update(paymentLines)
          .set({ status: lineStatus })
          .where(eq(paymentLines.paymentId, paymentId));
      }
      return updated ?? null;
    });
  }

  /**
   * Records a new payment, CREATING, with its priced lines; null when the customer already used
   * this idempotency key.
   */
  async function insertPayment(
    values: typeof payments.$inferInsert,
    order: PricedOrder,
  ): Promise<PaymentRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values(values)
        .onConflictDoNothing({
          target: [payments.appId, payments.customerId, payments.idempotencyKey],
        })
        .returning();
      if (!row) return null;
      await tx.insert(paymentLines).values(
        order.lines.map((product, position) => ({
          id: newId('line'),
          paymentId: row.id,
          position,
          productId: product.id,
          productName: product.name,
          productDescription: product.description,
          productImagePath: product.imagePath,
          price: product.priceAmount,
          currency: product.currency,
          status: 'PENDING',
        })),
      );
      return row;
    });
  }

  /** Applies what the provider says of a payment request (a create answer or a status read). */
  async function applyProviderRequest(payment: PaymentRow, request: PaymentRequest) {
    const status = fromProviderStatus(request.status);
    return transition(payment.id, status, {
      providerRequestId: request.payment_request_id,
      failureCode: request.failure_code ?? null,
      actions: awaitsProvider(status) ? toStoreActions(payment.id, request.actions ?? []) : [],
      channelProperties: { ...payment.channelProperties, ...(request.channel_properties ?? {}) },
      providerTokenId: request.payment_token_id ?? payment.providerTokenId,
    });
  }

  function returnUrls(paymentId: string, clientId: string) {
    const query = new URLSearchParams({ payment_id: paymentId });
    if (clientId !== 'web') query.set('source', clientId);
    return {
      success_return_url: `${config.publicUrl}/payments/success?${query}`,
      failure_return_url: `${config.publicUrl}/payments/failure?${query}`,
    };
  }

  async function waitWhileCreating(payment: PaymentRow): Promise<PaymentRow> {
    const deadline = Date.now() + config.xendit.timeoutMs + 2_000;
    let current = payment;
    while (current.status === 'CREATING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
      if (!row) break;
      current = row;
    }
    return current;
  }

  /** The body of the create call as it was sent, when the exchange was recorded. */
  async function recordedCreateBody(paymentId: string): Promise<CreatePaymentRequestBody | null> {
    const operations = await db
      .select({ exchange: providerOperations.exchange })
      .from(providerOperations)
      .where(
        and(eq(providerOperations.paymentId, paymentId), eq(providerOperations.kind, 'request')),
      )
      .orderBy(providerOperations.createdAt);
    for (const { exchange } of operations) {
      const request = (exchange as ProviderExchange | null)?.request;
      if (request?.method === 'POST' && new URL(request.url).pathname === '/v3/payment_requests') {
        return request.data as CreatePaymentRequestBody;
      }
    }
    return null;
  }

  /**
   * Settles a payment whose create call went unanswered (a timeout, a 5xx, a dropped connection,
   * a crash) by sending the same create again under the same idempotency key, the payment id: the
   * provider answers what it answered the first time if the first call reached it, or creates the
   * request now. A definite refusal fails the payment; a fault leaves it for the next attempt.
   */
  async function settleCreating(payment: PaymentRow): Promise<'settled' | 'failed' | 'open'> {
    const [row] = await db
      .select({ app: apps, customer: customers })
      .from(customers)
      .innerJoin(apps, eq(apps.id, customers.appId))
      .where(eq(customers.id, payment.customerId));
    if (!row) return 'open';
    const { app, customer } = row;
    const recorded = await recordedCreateBody(payment.id);
    const lines = await db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment.id))
      .orderBy(paymentLines.position);
    const source = { payment, lines };
    // Without a recorded exchange the body is rebuilt; the customer is sent as the first call
    // sent it, by id or by details, which depends on what the store knew then: try both.
    const bodies = recorded
      ? [recorded]
      : [
          createCallBody(app, customer, source),
          ...(customer.providerCustomerId
            ? [createCallBody(app, { ...customer, providerCustomerId: null }, source)]
            : []),
        ];
    for (const body of bodies) {
      try {
        const request = await provider.call(app, { paymentId: payment.id }, (client) =>
          client.createPaymentRequest(body, { idempotencyKey: payment.id }),
        );
        await rememberProviderCustomer(db, customer, request.customer_id);
        await applyProviderRequest(payment, request);
        return 'settled';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.statusCode >= 500) return 'open';
        if (error.errorCode === 'DUPLICATE_ERROR') continue;
        await transition(payment.id, 'FAILED', { failureCode: error.errorCode });
        return 'failed';
      }
    }
    return 'open';
  }

  async function resolveSavedMethod(session: Session, paymentMethodId: string) {
    const [method] = await db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, paymentMethodId),
          eq(paymentMethods.appId, session.appId),
          eq(paymentMethods.customerId, session.customerId),
        ),
      );
    if (!method) throw notFound(`Payment method ${paymentMethodId}`);
    if (method.status !== 'ACTIVE' || !method.providerTokenId) {
      throw new AppError(400, 'PAYMENT_METHOD_NOT_ACTIVE', 'Only an ACTIVE payment method can pay');
    }
    return method;
  }

  function channelPropertiesFor(
    channelCode: string,
    app: AppRow,
    request: CreatePaymentRequest,
    savedMethod: boolean,
  ): Record<string, string> {
    const channel = findChannel(app, channelCode);
    if (!channel)
      throw new AppError(
        400,
        'CHANNEL_NOT_AVAILABLE',
        `Channel ${channelCode} is not offered by this store`,
      );
    if (channel.creation_workflow_type === 'CARDS_SESSION_JS' && !savedMethod) {
      throw new AppError(400, 'USE_CARDS_SESSION', 'Card payments start with POST /payments/cards');
    }
    const transactionTypes = savedMethod
      ? ['TOKENIZED_PAYMENT']
      : request.type === 'PAY_AND_SAVE'
        ? ['PAY_AND_SAVE']
        : ['PAY', 'ONE_TIME_PAYMENT'];
    if (request.type === 'PAY_AND_SAVE' && !channel.is_saveable) {
      throw new AppError(400, 'CHANNEL_NOT_SAVEABLE', `${channel.name} cannot be saved`);
    }
    const properties: Record<string, string> = {};
    for (const property of channel.properties) {
      if (!transactionTypes.includes(property.transaction_type)) continue;
      const value = request.channel_properties?.[property.name]?.trim();
      if (!value)
        throw new AppError(
          400,
          'API_VALIDATION_ERROR',
          `${property.name} is required for ${channel.name}`,
        );
      properties[property.name] = value;
    }
    return properties;
  }

  return {
    async create(
      session: Session,
      request: CreatePaymentRequest,
      options: { idempotencyKey: string | undefined; clientId: string },
    ): Promise<Payment> {
      const { app, customer } = await loadContext(session);
      const savedMethod = request.payment_token_id
        ? await resolveSavedMethod(session, request.payment_token_id)
        : null;
      const channelCode = savedMethod?.channelCode ?? request.channel;
      if (!channelCode) throw new AppError(400, 'API_VALIDATION_ERROR', 'channel is required');
      const properties = channelPropertiesFor(channelCode, app, request, savedMethod !== null);
      const order = await priceOrder(db, app, request, channelCode);
      const idempotencyKey = options.idempotencyKey ?? newId('auto');
      const fingerprint = requestFingerprint(request);
      const paymentId = newId('pay');

      const inserted = await insertPayment(
        {
          id: paymentId,
          appId: app.id,
          customerId: customer.id,
          idempotencyKey,
          requestHash: fingerprint,
          type: request.type === 'PAY_AND_SAVE' ? 'PAY_AND_SAVE' : 'PAY',
          channelCode,
          country: app.country,
          currency: app.currency,
          amount: order.amount,
          voucherId: order.voucher?.id ?? null,
          voucherCode: order.voucher?.code ?? null,
          voucherAmount: order.voucher?.fixedAmount ?? null,
          status: 'CREATING',
          // The return URLs are kept with the payment so that a replayed create sends them again.
          channelProperties: { ...properties, ...returnUrls(paymentId, options.clientId) },
          paymentMethodId: savedMethod?.id ?? null,
          providerTokenId: savedMethod?.providerTokenId ?? null,
        },
        order,
      );

      if (!inserted) {
        const [existing] = await db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.appId, app.id),
              eq(payments.customerId, customer.id),
              eq(payments.idempotencyKey, idempotencyKey),
            ),
          );
        if (!existing) throw new Error('idempotency conflict without a row');
        if (existing.requestHash !== fingerprint) {
          throw new AppError(
            409,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used for another order',
          );
        }
        // The first request is still at the provider, or its answer was lost (a timeout, a crash):
        // once it has had its time, this retry settles it as the reconciler would.
        let current = await waitWhileCreating(existing);
        if (current.status === 'CREATING') {
          await settleCreating(current);
          current =
            (await db.select().from(payments).where(eq(payments.id, current.id)))[0] ?? current;
        }
        const [view] = await toApiPayments(db, [current]);
        return view as Payment;
      }

      let providerRequest: PaymentRequest;
      try {
        const body = createCallBody(app, customer, {
          payment: inserted,
          lines: order.lines.map((line) => ({
            productId: line.id,
            productName: line.name,
            price: line.priceAmount,
          })),
        });
        providerRequest = await provider.call(app, { paymentId }, (client) =>
          client.createPaymentRequest(body, { idempotencyKey: paymentId }),
        );
      } catch (error) {
        // A refusal is final; a timeout or a provider fault leaves the outcome open until a
        // webhook or a later status read settles it.
        if (error instanceof AppError && error.statusCode < 500) {
          await transition(paymentId, 'FAILED', { failureCode: error.errorCode });
        }
        throw error;
      }

      await rememberProviderCustomer(db, customer, providerRequest.customer_id);
      const updated = await applyProviderRequest(inserted, providerRequest);
      const [view] = await toApiPayments(db, [updated ?? inserted]);
      return view as Payment;
    },

    async list(session: Session, query: { cursor?: string; limit: number }) {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.appId, session.appId),
            eq(payments.customerId, session.customerId),
            after
              ? or(
                  lt(payments.createdAt, after.createdAt),
                  and(eq(payments.createdAt, after.createdAt), lt(payments.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        payments: await toApiPayments(db, page),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** One payment; while the provider may still change it, its status is read afresh. */
    async get(session: Session, paymentId: string): Promise<Payment> {
      let payment = await loadOwnPayment(session, paymentId);
      const stale = Date.now() - payment.updatedAt.getTime() > refreshIntervalMs;
      if (
        awaitsProvider(payment.status as StoredPaymentStatus) &&
        payment.providerRequestId &&
        stale
      ) {
        const { app } = await loadContext(session);
        const providerRequestId = payment.providerRequestId;
        const request = await provider.call(app, { paymentId }, (client) =>
          client.getPaymentRequest(providerRequestId),
        );
        payment = (await applyProviderRequest(payment, request)) ?? payment;
      }
      const operations = await db
        .select()
        .from(providerOperations)
        .where(eq(providerOperations.paymentId, paymentId))
        .orderBy(desc(providerOperations.createdAt));
      const [view] = await toApiPayments(db, [payment], operations);
      return view as Payment;
    },

    async runVerb(
      session: Session,
      paymentId: string,
      verb: 'validate_otp' | 'resend_otp' | 'cancel' | 'simulate',
      body?: { otp_code: string },
    ): Promise<Payment> {
      const payment = await loadOwnPayment(session, paymentId);
      const { app } = await loadContext(session);
      const providerRequestId = payment.providerRequestId;
      if (!providerRequestId) {
        throw new AppError(
          409,
          'PAYMENT_NOT_READY',
          'The provider has not accepted this payment yet',
        );
      }
      if (verb === 'simulate') {
        if (app.mode !== 'development') {
          throw new AppError(
            403,
            'SIMULATION_NOT_ALLOWED',
            'Payments can be simulated in development mode only',
          );
        }
        await provider.call(app, { paymentId }, (client) =>
          client.simulatePaymentRequest(providerRequestId, {
            amount: toMajorUnits(payment.amount, payment.currency as Currency),
          }),
        );
        return this.get(session, paymentId);
      }
      const request = await provider.call(app, { paymentId }, (client) => {
        if (verb === 'validate_otp') {
          return client.validatePaymentRequestOtp(providerRequestId, {
            otp_code: body?.otp_code ?? '',
          });
        }
        if (verb === 'resend_otp') return client.resendPaymentRequestOtp(providerRequestId);
        return client.cancelPaymentRequest(providerRequestId);
      });
      await applyProviderRequest(payment, request);
      return this.get(session, paymentId);
    },

    transition,
    settleCreating,
    loadContext,
    loadOwnPayment,
    insertPayment,
    applyProviderRequest,
    returnUrls,
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
