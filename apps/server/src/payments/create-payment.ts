import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  channelInputProblem,
  channelTakes,
  checkoutChannelCode,
  formatMoney,
  transactionTypesFor,
  type Channel,
  type CreateCheckoutSessionPaymentRequest,
  type CreatePaymentRequest,
  type Payment,
} from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods, payments } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { RateLimitedError } from '../http/rate-limits.ts';
import { idempotentCreate, keyHolder, sameRequest } from '../http/idempotent-create.ts';
import { newId } from '../lib/ids.ts';
import type { Provider } from '../provider/adapter.ts';
import { decisiveCall, type AppRow } from '../provider/provider.ts';
import { lineStatusesFrom, lineStatusFor } from '../statuses/order-line-status.ts';
import { canPayWithMethod } from '../statuses/payment-method-status.ts';
import { waitWhileCreating } from '../lib/wait-while-creating.ts';
import {
  awaitsProvider,
  initialPaymentStatus,
  isCreating,
  movePayment,
  paymentStatusesFrom,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { findChannel } from './channels.ts';
import type { CheckoutSessions } from './checkout-session.ts';
import {
  newLines,
  recordCheckedPayment,
  recordPayment,
  type CreateStatements,
  type NewPayment,
} from './create-statements.ts';
import type { OrderCatalogue } from './order-catalogue.ts';
import { toApiPayment, toApiPayments, type PaymentRow } from './payment-view.ts';
import { priceFrom, type ProductRow, type VoucherRow } from './pricing.ts';

/** The body's fingerprint, told apart by where the customer pays, so a key serves one way. */
const requestFingerprint = (request: CreatePaymentRequest, checkout: boolean) =>
  createHash('sha256')
    // Object.assign, not a spread with the key after it: V8's slow path (README, Performance).
    .update(JSON.stringify(checkout ? Object.assign({}, request, { checkout }) : request))
    .digest('hex');

/**
 * The channel properties a payment sends: those the channel asks for this kind of payment (the
 * save choice decides which), each required.
 */
function channelPropertiesFor(
  channel: Channel,
  app: AppRow,
  request: CreatePaymentRequest,
  savedMethod: boolean,
): Record<string, string> {
  if (channel.creation_workflow_type === 'CARDS_SESSION_JS' && !savedMethod) {
    throw new AppError(400, 'USE_CARDS_SESSION', 'Card payments start with POST /payments/cards');
  }
  const transactionTypes = transactionTypesFor(
    savedMethod ? 'SAVED_METHOD' : request.type === 'PAY_AND_SAVE' ? 'PAY_AND_SAVE' : 'PAY',
  );
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
    // Refused here, as the provider would refuse it, so nothing is recorded for a value it rejects.
    const problem = channelInputProblem(property.name, value, app.country);
    if (problem) throw new AppError(400, 'API_VALIDATION_ERROR', problem);
    properties[property.name] = value;
  }
  return properties;
}

/** The app's channel of this code; 400 CHANNEL_NOT_AVAILABLE when the store does not offer it. */
function offeredChannel(app: AppRow, channelCode: string): Channel {
  const channel = findChannel(app, channelCode);
  if (!channel)
    throw new AppError(
      400,
      'CHANNEL_NOT_AVAILABLE',
      `Channel ${channelCode} is not offered by this store`,
    );
  return channel;
}

/**
 * The channel's amount limits in the app's market, as the provider documents them: an amount
 * outside them is refused here, before anything is recorded, in the market's own money, by the
 * rule checkout offers channels by (channelTakes).
 */
function refuseOutsideLimits(channel: Channel, amount: number) {
  const limits = channel.amount_limits;
  if (!limits || channelTakes(channel, amount)) return;
  const written = (minorAmount: number) =>
    `${channel.currency} ${formatMoney(minorAmount, channel.currency)}`;
  throw new AppError(
    400,
    'AMOUNT_OUT_OF_RANGE',
    `${channel.code} takes ${written(limits.min)} to ${written(limits.max)} a payment; this one is ${written(amount)}`,
  );
}

/**
 * A saved method pays as itself: on its own channel, and as a payment of a token, which the
 * provider's description gives type PAY alone (its PAY_AND_SAVE request has no payment_token_id,
 * and saves a new method). A request saying otherwise is refused rather than sent as something
 * the customer did not ask for.
 */
function refuseOtherThanSavedMethod(request: CreatePaymentRequest, methodChannel: string) {
  if (request.type === 'PAY_AND_SAVE') {
    throw new AppError(
      400,
      'API_VALIDATION_ERROR',
      'A saved payment method pays with type PAY: PAY_AND_SAVE saves a new one',
    );
  }
  if (request.channel !== undefined && request.channel !== methodChannel) {
    throw new AppError(
      400,
      'API_VALIDATION_ERROR',
      `The saved payment method pays with ${methodChannel}, not ${request.channel}`,
    );
  }
}

/** A create's Idempotency-Key, if given, and its X-Client-Id (where the customer comes back to). */
type CreateOptions = { idempotencyKey: string | undefined; clientId: string };

/** Creating a payment: priced by the store, recorded, then asked of the provider. */
export function createPaymentCreator(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  budget: CreateBudget;
  statements: CreateStatements;
  loadPayment: (paymentId: string) => Promise<PaymentRow | undefined>;
  settleCreating: (payment: PaymentRow) => Promise<unknown>;
  /** Whether a retry may send a create again now: a provider call, within the customer's limits. */
  maySettleAgain: (payment: PaymentRow) => Promise<boolean>;
  returnUrls: (paymentId: string, clientId: string) => Record<string, string>;
  checkoutSessions: CheckoutSessions;
  orderCatalogue: OrderCatalogue;
}) {
  const { db, provider, config, budget, statements, loadPayment, settleCreating, returnUrls } =
    deps;
  const { checkoutSessions, maySettleAgain, orderCatalogue } = deps;

  /** The signed-in customer with their app, the ordered products and the voucher, in one read. */
  async function loadOrderContext(session: Caller, request: CreatePaymentRequest) {
    const rows = await statements.orderContext.execute({
      customerId: session.customerId,
      appId: session.appId,
      productIds: request.orders.map((line) => line.product_id),
      voucherId: request.voucher_id ?? null,
      createLimit: config.rateLimits.paymentCreatesPerMinute,
    });
    const [first] = rows;
    if (!first)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    const limit = config.rateLimits.paymentCreatesPerMinute;
    return {
      createWait: limit > 0 ? first.createWait : 0,
      app: first.app,
      customer: first.customer,
      products: rows.flatMap((row) => (row.product ? [row.product] : [])),
      voucher: first.voucher,
    };
  }

  async function resolveSavedMethod(session: Caller, paymentMethodId: string) {
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
    if (!canPayWithMethod(method.status) || !method.providerTokenId) {
      throw new AppError(400, 'PAYMENT_METHOD_NOT_ACTIVE', 'Only an ACTIVE payment method can pay');
    }
    return method;
  }

  /** The answer to a create whose key was used before: that payment, settled if it can be. */
  async function answerAgain(earlier: PaymentRow): Promise<Payment> {
    // The first request is still at the provider, or its answer was lost (a timeout, a crash):
    // once it has had its time, this retry settles it as the reconciler would. Past the customer's
    // provider-call limits it answers PENDING: the reconciler settles it all the same.
    let current = await waitWhileCreating(earlier, {
      providerTimeoutMs: config.xendit.timeoutMs,
      isCreating: (row) => isCreating(row.status),
      reload: () => loadPayment(earlier.id),
    });
    if (isCreating(current.status) && (await maySettleAgain(current))) {
      await settleCreating(current);
      current = (await loadPayment(current.id)) ?? current;
    }
    const [view] = await toApiPayments(db, [current]);
    return view as Payment;
  }

  /** The payment a customer's Idempotency-Key already recorded, if any. */
  const paymentKeyHolder = (session: Caller, idempotencyKey: string, reader: Database = db) =>
    keyHolder(reader, payments, session, idempotencyKey);

  /** What the order asks of the provider, priced and checked from the app's rows. */
  async function planOrder(
    session: Caller,
    request: CreatePaymentRequest,
    checkout: boolean,
    context: { app: AppRow; products: ProductRow[]; voucher: VoucherRow | null },
  ) {
    const { app } = context;
    const savedMethod = request.payment_token_id
      ? await resolveSavedMethod(session, request.payment_token_id)
      : null;
    if (savedMethod) refuseOtherThanSavedMethod(request, savedMethod.channelCode);
    const channelCode = checkout
      ? checkoutChannelCode
      : (savedMethod?.channelCode ?? request.channel);
    if (!channelCode) throw new AppError(400, 'API_VALIDATION_ERROR', 'channel is required');
    // On the hosted checkout the customer gives the channel's inputs to the provider's page.
    const channel = checkout ? null : offeredChannel(app, channelCode);
    const properties = channel
      ? channelPropertiesFor(channel, app, request, savedMethod !== null)
      : {};
    const order = priceFrom(app, request, channelCode, context.products, context.voucher);
    if (channel) refuseOutsideLimits(channel, order.amount);
    return { savedMethod, channelCode, properties, order };
  }

  /** The new payment's row and lines, CREATING, as planned. */
  function newPayment(
    app: AppRow,
    customerId: string,
    request: CreatePaymentRequest,
    plan: Awaited<ReturnType<typeof planOrder>>,
    options: CreateOptions,
    requestHash: string,
  ) {
    const { savedMethod, channelCode, properties, order } = plan;
    const paymentId = newId('pay');
    const values: NewPayment = {
      id: paymentId,
      appId: app.id,
      customerId,
      idempotencyKey: options.idempotencyKey ?? newId('auto'),
      requestHash,
      type: request.type === 'PAY_AND_SAVE' ? 'PAY_AND_SAVE' : 'PAY',
      channelCode,
      country: app.country,
      currency: app.currency,
      amount: order.amount,
      voucherId: order.voucher?.id ?? null,
      voucherCode: order.voucher?.code ?? null,
      voucherAmount: order.voucher?.fixedAmount ?? null,
      status: initialPaymentStatus,
      // The return URLs are kept with the payment so that a replayed create sends them again.
      // Merged by Object.assign: keys one spread adds after another take V8's slow path (README,
      // Performance).
      channelProperties: Object.assign({}, properties, returnUrls(paymentId, options.clientId)),
      paymentMethodId: savedMethod?.id ?? null,
      providerTokenId: savedMethod?.providerTokenId ?? null,
    };
    return { values, lines: newLines(paymentId, order) };
  }

  /**
   * Prices the order and records the payment, CREATING, under the customer's idempotency key:
   * the new payment with its lines, or the one the key made before. In the order of the checks:
   * the customer (401), their budget of creates (429, unless the key holds a payment already),
   * then the order itself (4xx), then the key.
   */
  async function recordOrderInTurn(
    session: Caller,
    request: CreatePaymentRequest,
    options: CreateOptions,
    checkout: boolean,
    requestHash: string,
  ) {
    const context = await loadOrderContext(session, request);
    const { app, customer } = context;
    if (context.createWait > 0) {
      // A retry of a create already recorded is answered whatever the limit: its answer was lost,
      // and it costs the provider nothing new. Only a new create is over the limit.
      const earlier = options.idempotencyKey
        ? await paymentKeyHolder(session, options.idempotencyKey)
        : undefined;
      if (!earlier) throw new RateLimitedError(context.createWait);
      return {
        app,
        customer,
        lines: [],
        recorded: { earlier: sameRequest(earlier, requestHash, 'order') },
      };
    }
    const plan = await planOrder(session, request, checkout, context);
    const { values, lines } = newPayment(app, customer.id, request, plan, options, requestHash);
    const recorded = await idempotentCreate({
      resource: 'order',
      requestHash,
      // Counted again with the insert, in the customer's turn: the read above is a moment old,
      // and other creates of theirs may have been written since.
      insert: () =>
        budget.spend(
          session,
          (tx) => recordPayment(statements, values, lines, tx),
          async (reader) =>
            (await paymentKeyHolder(session, values.idempotencyKey, reader)) !== undefined,
        ),
      holder: () => paymentKeyHolder(session, values.idempotencyKey),
    });
    return { app, customer, lines, recorded };
  }

  /**
   * recordOrderInTurn's answers, with no read before the insert: the order is priced from the
   * instance's catalogue and the customer and their budget are checked by the insert. An order
   * this refuses is taken again in turn, so that a refusal is the one the checks' order gives
   * (a customer gone or over budget is told so before anything about their order, and a retry
   * of a recorded create is answered even if its order would no longer be priced the same).
   */
  async function recordOrder(
    session: Caller,
    request: CreatePaymentRequest,
    options: CreateOptions,
    checkout: boolean,
  ) {
    const requestHash = requestFingerprint(request, checkout);
    const catalogue = await orderCatalogue.of(session.appId);
    if (!catalogue) return recordOrderInTurn(session, request, options, checkout, requestHash);
    const { app } = catalogue;
    let plan: Awaited<ReturnType<typeof planOrder>>;
    try {
      const productIds = new Set(request.orders.map((line) => line.product_id));
      plan = await planOrder(session, request, checkout, {
        app,
        products: [...productIds].flatMap((id) => catalogue.products.get(id) ?? []),
        voucher: request.voucher_id ? (catalogue.vouchers.get(request.voucher_id) ?? null) : null,
      });
    } catch (error) {
      if (error instanceof AppError)
        return recordOrderInTurn(session, request, options, checkout, requestHash);
      throw error;
    }
    const { values, lines } = newPayment(
      app,
      session.customerId,
      request,
      plan,
      options,
      requestHash,
    );
    const recorded = await recordCheckedPayment(statements, values, lines, {
      createLimit: config.rateLimits.paymentCreatesPerMinute,
      catalogueGeneration: catalogue.generation,
    });
    if (!recorded)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    // The catalogue changed after the copy was read, and its announcement is still on its way:
    // nothing was written, and the order is priced again from the tables.
    if (!recorded.fresh) {
      orderCatalogue.outdated();
      return recordOrderInTurn(session, request, options, checkout, requestHash);
    }
    const { customer } = recorded;
    if (recorded.created) return { app, customer, lines, recorded: { created: recorded.created } };
    const earlier = await paymentKeyHolder(session, values.idempotencyKey);
    if (recorded.createWait > 0 && !earlier) throw new RateLimitedError(recorded.createWait);
    // The insert conflicted on the key, so a row holds it: its absence is a broken database.
    if (!earlier) throw new Error('idempotency conflict without a row');
    return {
      app,
      customer,
      lines: [],
      recorded: { earlier: sameRequest(earlier, requestHash, 'order') },
    };
  }

  /**
   * The answer's status change, announced once committed: its statement's triggers leave it to
   * the create (statuses/status-announcements.ts).
   */
  function announceAnswer(
    appId: string,
    customerId: string,
    paymentId: string,
    movedLineIds: readonly string[],
  ) {
    const of = { app_id: appId, customer_id: customerId };
    statements.announcer.announceCommitted([
      { ...of, kind: 'payment', id: paymentId },
      ...movedLineIds.map((id) => ({
        ...of,
        kind: 'order_line' as const,
        id,
        payment_id: paymentId,
      })),
    ]);
  }

  return {
    async create(
      session: Caller,
      request: CreatePaymentRequest,
      options: CreateOptions,
    ): Promise<Payment> {
      const { app, customer, lines, recorded } = await recordOrder(
        session,
        request,
        options,
        false,
      );
      if (recorded.earlier) return answerAgain(recorded.earlier);
      const inserted = recorded.created;
      const paymentId = inserted.id;

      const outcome = await decisiveCall(
        () => provider.createPayment(app, customer, { payment: inserted, lines }),
        (error) => movePayment(db, paymentId, 'FAILED', { failureCode: error.errorCode }),
      );
      // A refusal is final: the customer is told it failed. An unknown outcome may have reached the
      // provider: the customer is told it is pending, and a webhook or the reconciler settles it.
      if (outcome.refused) throw outcome.refused;
      if (outcome.open) {
        const [pending] = await toApiPayments(db, [inserted]);
        return pending as Payment;
      }
      const answered = outcome.answer;

      // The answer, its exchange and the provider's customer id are stored in one statement.
      const { status } = answered.payment;
      const changes = answered.payment.changesFor(inserted);
      const stored = answered.exchange;
      const lineStatus = lineStatusFor(status);
      const result = await statements.recordAnswer({
        paymentId,
        status,
        allowedFrom: paymentStatusesFrom(status, 'provider'),
        providerRequestId: changes.providerRequestId,
        failureCode: changes.failureCode,
        actions: changes.actions,
        channelProperties: changes.channelProperties,
        providerTokenId: changes.providerTokenId,
        lineStatus,
        lineFrom: lineStatus ? lineStatusesFrom(lineStatus, 'provider') : [],
        exchangeId: stored.id,
        appId: app.id,
        mode: app.mode,
        exchange: stored.exchange,
        customerId: customer.id,
        providerCustomerId: customer.providerCustomerId
          ? null
          : answered.payment.providerCustomerId,
      });
      if (result?.moved && result.lockedStatus !== status) {
        announceAnswer(app.id, customer.id, paymentId, result.movedLineIds);
      }
      // Lines change with the status only: moved from a status awaiting the provider, they are
      // as inserted, or as this change made them.
      if (result?.moved && awaitsProvider(result.lockedStatus as StoredPaymentStatus)) {
        return toApiPayment(
          result.moved,
          lines.map((line) => ({ ...line, status: lineStatus ?? line.status })),
        );
      }
      const current = result?.moved ?? (await loadPayment(paymentId)) ?? inserted;
      const [view] = await toApiPayments(db, [current]);
      return view as Payment;
    },

    /**
     * Paying on the provider's hosted checkout: the order priced and recorded as any other, then
     * a PAY session for it, whose page is the payment's action. The customer chooses the channel
     * there; the session's webhooks say how it ended.
     */
    async createOnCheckout(
      session: Caller,
      request: CreateCheckoutSessionPaymentRequest,
      options: CreateOptions,
    ): Promise<Payment> {
      const { app, customer, lines, recorded } = await recordOrder(session, request, options, true);
      if (recorded.earlier) return answerAgain(recorded.earlier);
      const outcome = await checkoutSessions.open(app, customer, recorded.created, lines);
      if (outcome.refused) throw outcome.refused;
      const current = (await loadPayment(recorded.created.id)) ?? recorded.created;
      const [view] = await toApiPayments(db, [current]);
      return view as Payment;
    },
  };
}
