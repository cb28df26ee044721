import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  channelInputProblem,
  checkoutChannelCode,
  currencyExponents,
  formatMoney,
  toMajorUnits,
  type Currency,
  transactionTypesFor,
  type CreateCheckoutSessionPaymentRequest,
  type CreatePaymentRequest,
  type Payment,
} from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { Caller } from '../auth/tenant.ts';
import type { Database } from '../db/database.ts';
import { paymentMethods, payments } from '../db/schema.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { RateLimitedError } from '../http/rate-limits.ts';
import { idempotentCreate, sameRequest } from '../http/idempotent-create.ts';
import { newId } from '../lib/ids.ts';
import type { Provider } from '../provider/adapter.ts';
import { decisiveCall, type AppRow } from '../provider/provider.ts';
import { lineStatusesFrom, lineStatusFor } from '../statuses/order-line-status.ts';
import { canPayWithMethod } from '../statuses/payment-method-status.ts';
import {
  awaitsProvider,
  initialPaymentStatus,
  isCreating,
  movePayment,
  paymentStatusesFrom,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { channelLimits, findChannel } from './channels.ts';
import type { CheckoutSessions } from './checkout-session.ts';
import { newLines, recordPayment, type CreateStatements } from './create-statements.ts';
import { toApiPayment, toApiPayments, type PaymentRow } from './payment-view.ts';
import { priceFrom } from './pricing.ts';

/** The body's fingerprint, told apart by where the customer pays, so a key serves one way. */
const requestFingerprint = (request: CreatePaymentRequest, checkout: boolean) =>
  createHash('sha256')
    .update(JSON.stringify(checkout ? { ...request, checkout } : request))
    .digest('hex');

/**
 * The channel properties a payment sends: those the channel asks for this kind of payment (the
 * save choice decides which), each required.
 */
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

/**
 * The channel's amount limits in the app's market, as the provider documents them: an amount
 * outside them is refused here, before anything is recorded, in the market's own money.
 */
function refuseOutsideLimits(app: AppRow, channelCode: string, amount: number) {
  const limits = channelLimits(app.country, channelCode);
  const currency = app.currency as Currency;
  const major = toMajorUnits(amount, currency);
  if (!limits || (major >= limits.min && major <= limits.max)) return;
  const written = (majorAmount: number) =>
    `${currency} ${formatMoney(Math.round(majorAmount * 10 ** currencyExponents[currency]), currency)}`;
  throw new AppError(
    400,
    'AMOUNT_OUT_OF_RANGE',
    `${channelCode} takes ${written(limits.min)} to ${written(limits.max)} a payment; this one is ${written(major)}`,
  );
}

/** Creating a payment: priced by the store, recorded, then asked of the provider. */
export function createPaymentCreator(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  statements: CreateStatements;
  loadPayment: (paymentId: string) => Promise<PaymentRow | undefined>;
  settleCreating: (payment: PaymentRow) => Promise<unknown>;
  /** Whether a retry may send a create again now: a provider call, within the customer's limits. */
  maySettleAgain: (payment: PaymentRow) => Promise<boolean>;
  returnUrls: (paymentId: string, clientId: string) => Record<string, string>;
  checkoutSessions: CheckoutSessions;
}) {
  const { db, provider, config, statements, loadPayment, settleCreating, returnUrls } = deps;
  const { checkoutSessions, maySettleAgain } = deps;

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

  async function waitWhileCreating(payment: PaymentRow): Promise<PaymentRow> {
    const deadline = Date.now() + config.xendit.timeoutMs + 2_000;
    let current = payment;
    while (isCreating(current.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const row = await loadPayment(payment.id);
      if (!row) break;
      current = row;
    }
    return current;
  }

  /** The answer to a create whose key was used before: that payment, settled if it can be. */
  async function answerAgain(earlier: PaymentRow): Promise<Payment> {
    // The first request is still at the provider, or its answer was lost (a timeout, a crash):
    // once it has had its time, this retry settles it as the reconciler would. Past the customer's
    // provider-call limits it answers PENDING: the reconciler settles it all the same.
    let current = await waitWhileCreating(earlier);
    if (isCreating(current.status) && (await maySettleAgain(current))) {
      await settleCreating(current);
      current = (await loadPayment(current.id)) ?? current;
    }
    const [view] = await toApiPayments(db, [current]);
    return view as Payment;
  }

  /** The payment a customer's Idempotency-Key already recorded, if any. */
  async function keyHolder(session: Caller, idempotencyKey: string) {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.appId, session.appId),
          eq(payments.customerId, session.customerId),
          eq(payments.idempotencyKey, idempotencyKey),
        ),
      );
    return row;
  }

  /**
   * Prices the order and records the payment, CREATING, under the customer's idempotency key:
   * the new payment with its lines, or the one the key made before.
   */
  async function recordOrder(
    session: Caller,
    request: CreatePaymentRequest,
    options: { idempotencyKey: string | undefined; clientId: string; checkout: boolean },
  ) {
    const context = await loadOrderContext(session, request);
    const { app, customer } = context;
    const requestHash = requestFingerprint(request, options.checkout);
    if (context.createWait > 0) {
      // A retry of a create already recorded is answered whatever the limit: its answer was lost,
      // and it costs the provider nothing new. Only a new create is over the limit.
      const earlier = options.idempotencyKey
        ? await keyHolder(session, options.idempotencyKey)
        : undefined;
      if (!earlier) throw new RateLimitedError(context.createWait);
      return {
        app,
        customer,
        lines: [],
        recorded: { earlier: sameRequest(earlier, requestHash, 'order') },
      };
    }
    const savedMethod = request.payment_token_id
      ? await resolveSavedMethod(session, request.payment_token_id)
      : null;
    const channelCode = options.checkout
      ? checkoutChannelCode
      : (savedMethod?.channelCode ?? request.channel);
    if (!channelCode) throw new AppError(400, 'API_VALIDATION_ERROR', 'channel is required');
    // On the hosted checkout the customer gives the channel's inputs to the provider's page.
    const properties = options.checkout
      ? {}
      : channelPropertiesFor(channelCode, app, request, savedMethod !== null);
    const order = priceFrom(app, request, channelCode, context.products, context.voucher);
    if (!options.checkout && !savedMethod) refuseOutsideLimits(app, channelCode, order.amount);
    const idempotencyKey = options.idempotencyKey ?? newId('auto');
    const paymentId = newId('pay');
    const lines = newLines(paymentId, order);

    const recorded = await idempotentCreate({
      resource: 'order',
      requestHash,
      insert: () =>
        recordPayment(
          statements,
          {
            id: paymentId,
            appId: app.id,
            customerId: customer.id,
            idempotencyKey,
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
            channelProperties: { ...properties, ...returnUrls(paymentId, options.clientId) },
            paymentMethodId: savedMethod?.id ?? null,
            providerTokenId: savedMethod?.providerTokenId ?? null,
          },
          lines,
        ),
      holder: () => keyHolder(session, idempotencyKey),
    });
    return { app, customer, lines, recorded };
  }

  return {
    async create(
      session: Caller,
      request: CreatePaymentRequest,
      options: { idempotencyKey: string | undefined; clientId: string },
    ): Promise<Payment> {
      const { app, customer, lines, recorded } = await recordOrder(session, request, {
        ...options,
        checkout: false,
      });
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
      const [result] = await statements.applyAnswer.execute({
        paymentId,
        status,
        allowedFrom: paymentStatusesFrom(status, 'provider'),
        providerRequestId: changes.providerRequestId,
        failureCode: changes.failureCode,
        actions: JSON.stringify(changes.actions),
        channelProperties: JSON.stringify(changes.channelProperties),
        providerTokenId: changes.providerTokenId,
        lineStatus,
        lineFrom: lineStatus ? lineStatusesFrom(lineStatus, 'provider') : [],
        exchangeId: stored.id,
        appId: app.id,
        mode: app.mode,
        exchange: JSON.stringify(stored.exchange),
        customerId: customer.id,
        providerCustomerId: customer.providerCustomerId
          ? null
          : answered.payment.providerCustomerId,
      });
      // Lines change with the status only: moved from a status awaiting the provider, they are
      // as inserted, or as this change made them.
      if (result?.moved && awaitsProvider(result.locked.status as StoredPaymentStatus)) {
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
      options: { idempotencyKey: string | undefined; clientId: string },
    ): Promise<Payment> {
      const { app, customer, lines, recorded } = await recordOrder(session, request, {
        ...options,
        checkout: true,
      });
      if (recorded.earlier) return answerAgain(recorded.earlier);
      const outcome = await checkoutSessions.open(app, customer, recorded.created, lines);
      if (outcome.refused) throw outcome.refused;
      const current = (await loadPayment(recorded.created.id)) ?? recorded.created;
      const [view] = await toApiPayments(db, [current]);
      return view as Payment;
    },
  };
}
