import { createHash } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { CreatePaymentRequest, Payment, PaymentAction } from '@store/contract';
import { toMajorUnits, type Currency } from '@store/contract';
import type {
  Action,
  CreatePaymentRequestBody,
  PaymentRequest,
  ProviderExchange,
  ProviderResult,
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
  products,
  providerOperations,
  vouchers,
} from '../db/schema.ts';
import { AppError, isRefusal, notFound } from '../http/app-error.ts';
import { RateLimitedError } from '../http/rate-limits.ts';
import { newId } from '../lib/ids.ts';
import {
  exchangeRow,
  providerMarket,
  type AppRow,
  type ProviderGateway,
} from '../provider/provider.ts';
import { findChannel } from './channels.ts';
import {
  awaitsProvider,
  canTransition,
  fromProviderStatus,
  lineStatusFor,
  type StoredPaymentStatus,
} from './payment-status.ts';
import { readPaymentPage, toApiPayment, toApiPayments, type PaymentRow } from './payment-view.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { priceFrom, type PricedOrder } from './pricing.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** What a change of status may also change in a payment. */
type TransitionChanges = Partial<
  Pick<
    PaymentRow,
    'failureCode' | 'actions' | 'providerRequestId' | 'channelProperties' | 'providerTokenId'
  >
>;

/** Every stored status, so that a transition can list the ones it may start from. */
const storedStatuses = Object.keys({
  CREATING: true,
  REQUIRES_ACTION: true,
  PENDING: true,
  SUCCEEDED: true,
  FAILED: true,
  CANCELLED: true,
  REFUND_PENDING: true,
  REFUND_SUCCEEDED: true,
  REFUND_FAILED: true,
} satisfies Record<StoredPaymentStatus, true>) as StoredPaymentStatus[];

/** The statuses a payment may move to `to` from (`to` itself included). */
const allowedFrom = (to: StoredPaymentStatus) =>
  storedStatuses.filter((from) => canTransition(from, to));

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
    // BPI asks for its OTP with DEBIT_ACCOUNT (the description's example of the channel): the same
    // OTP screen, named as the screen and the OTP route know it.
    if (action.descriptor === 'VALIDATE_OTP' || action.descriptor === 'DEBIT_ACCOUNT') {
      return [
        {
          type: action.type,
          descriptor: 'VALIDATE_OTP',
          value: `/payments/new/${paymentId}/otp`,
          paymentCode: null,
        },
      ];
    }
    return [];
  });
}

function requestFingerprint(request: CreatePaymentRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
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

/** A new payment's lines, from its priced order. */
function newLines(paymentId: string, order: PricedOrder) {
  return order.lines.map((product, position) => ({
    id: newId('line'),
    paymentId,
    position,
    productId: product.id,
    productName: product.name,
    productCategory: product.category,
    productDescription: product.description,
    productImagePath: product.imagePath,
    price: product.priceAmount,
    currency: product.currency,
    status: 'PENDING',
  }));
}
type NewLine = ReturnType<typeof newLines>[number];

/** Lines as one JSON array keyed by column name: the input of jsonb_populate_recordset. */
function linesAsJson(lines: NewLine[]): string {
  const columns = Object.entries(getTableColumns(paymentLines));
  return JSON.stringify(
    lines.map((line) =>
      Object.fromEntries(
        columns.map(([key, column]) => [
          column.name,
          (line as Record<string, unknown>)[key] ?? null,
        ]),
      ),
    ),
  );
}

/** A new payment as the create path and the cards path record it. */
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'providerRequestId' | 'failureCode' | 'actions' | 'createdAt' | 'updatedAt'
>;

/**
 * The statements of a payment create, prepared once per database: a create builds no SQL, and
 * PostgreSQL plans them once per connection. JSON values are passed as text (a driver would send
 * an array as a PostgreSQL array).
 */
function prepareCreateStatements(db: Database) {
  const param = sql.placeholder;
  // The customer's creates in the last minute, counted up to one past the limit on the
  // payments index itself: the limit holds across instances and costs no write (0: no limit).
  const recentCreates = sql<number>`case when ${param('createLimit')}::int = 0 then 0 else (
      select count(*)::int from (
        select 1 from ${payments}
        where ${payments.appId} = ${param('appId')} and ${payments.customerId} = ${param('customerId')}
          and ${payments.createdAt} > now() - interval '1 minute'
        limit ${param('createLimit')}::int + 1) as recent) end`;
  const orderContext = db
    .select({
      app: apps,
      customer: customers,
      product: products,
      voucher: vouchers,
      recentCreates,
    })
    .from(customers)
    .innerJoin(apps, eq(apps.id, customers.appId))
    .leftJoin(
      products,
      and(eq(products.appId, apps.id), sql`${products.id} = any(${param('productIds')})`),
    )
    .leftJoin(
      vouchers,
      and(eq(vouchers.id, param('voucherId')), eq(vouchers.appId, apps.id), eq(vouchers.active, 1)),
    )
    .where(and(eq(customers.id, param('customerId')), eq(customers.appId, param('appId'))))
    .prepare('payment_create_context');

  // The payment and its lines, the lines only if the payment is new: one statement.
  const inserted = db.$with('inserted').as(
    db
      .insert(payments)
      .values({
        id: param('id'),
        appId: param('appId'),
        customerId: param('customerId'),
        idempotencyKey: param('idempotencyKey'),
        requestHash: param('requestHash'),
        type: param('type'),
        channelCode: param('channelCode'),
        country: param('country'),
        currency: param('currency'),
        amount: param('amount'),
        voucherId: param('voucherId'),
        voucherCode: param('voucherCode'),
        voucherAmount: param('voucherAmount'),
        status: param('status'),
        channelProperties: sql`${param('channelProperties')}::jsonb`,
        paymentMethodId: param('paymentMethodId'),
        providerTokenId: param('providerTokenId'),
      })
      .onConflictDoNothing({
        target: [payments.appId, payments.customerId, payments.idempotencyKey],
      })
      .returning(),
  );
  const lineColumns = sql.join(
    Object.values(getTableColumns(paymentLines)).map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const insertedLines = db
    .$with('inserted_lines')
    .as(
      db
        .insert(paymentLines)
        .select(
          sql`select ${lineColumns} from jsonb_populate_recordset(null::${paymentLines}, ${param('lines')}::jsonb) where exists (select 1 from ${inserted})`,
        ),
    );
  const insertPayment = db
    .with(inserted, insertedLines)
    .select()
    .from(inserted)
    .prepare('payment_create_insert');

  // The provider's answer applied as `transition` applies a change, with the exchange and the
  // provider's customer id stored in the same statement.
  const locked = db.$with('locked').as(
    db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, param('paymentId')))
      .for('update'),
  );
  const lockedStatus = sql`(select ${locked.status} from ${locked})`;
  const moved = db.$with('moved').as(
    db
      .update(payments)
      .set({
        status: sql`${param('status')}`,
        providerRequestId: sql`${param('providerRequestId')}`,
        failureCode: sql`${param('failureCode')}`,
        actions: sql`${param('actions')}::jsonb`,
        channelProperties: sql`${param('channelProperties')}::jsonb`,
        providerTokenId: sql`${param('providerTokenId')}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(payments.id, param('paymentId')),
          sql`${lockedStatus} = any(${param('allowedFrom')})`,
        ),
      )
      .returning(),
  );
  const movedLines = db.$with('moved_lines').as(
    db
      .update(paymentLines)
      .set({ status: sql`${param('lineStatus')}` })
      .where(
        and(
          eq(paymentLines.paymentId, param('paymentId')),
          sql`${param('lineStatus')}::text is not null`,
          sql`exists (select 1 from ${moved})`,
          sql`${lockedStatus} <> ${param('status')}`,
        ),
      ),
  );
  const exchange = db.$with('exchange').as(
    db.insert(providerOperations).values({
      id: param('operationId'),
      appId: param('appId'),
      kind: 'request',
      mode: param('mode'),
      paymentId: param('paymentId'),
      exchange: sql`${param('exchange')}::jsonb`,
    }),
  );
  const providerCustomer = db.$with('provider_customer').as(
    db
      .update(customers)
      .set({ providerCustomerId: sql`${param('providerCustomerId')}` })
      .where(
        and(
          eq(customers.id, param('customerId')),
          sql`${param('providerCustomerId')}::text is not null`,
          isNull(customers.providerCustomerId),
        ),
      ),
  );
  const applyAnswer = db
    .with(locked, moved, movedLines, exchange, providerCustomer)
    .select()
    .from(locked)
    .leftJoin(moved, sql`true`)
    .prepare('payment_create_answer');

  return { orderContext, insertPayment, applyAnswer };
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
  lines: { productId: string; productName: string; productCategory: string; price: number }[];
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
    channel_code: payment.channelCode,
    // Paying with a saved method is the published PayWithToken shape: the token and its channel,
    // without channel_properties (a body with them would also fit Pay, which oneOf refuses).
    ...(payment.paymentMethodId
      ? { payment_token_id: payment.providerTokenId ?? '' }
      : { channel_properties: payment.channelProperties as Record<string, string> }),
    ...providerCustomer(customer),
    description: `Order ${payment.id}`,
    items: lines.map((line) => ({
      reference_id: line.productId,
      type: 'PHYSICAL_PRODUCT',
      name: line.productName,
      net_unit_amount: toMajorUnits(line.price, currency),
      quantity: 1,
      category: line.productCategory,
    })),
    metadata: { app_id: app.id, customer_id: customer.id },
  };
}

export function createPaymentService(deps: {
  db: Database;
  provider: ProviderGateway;
  config: ServerConfig;
}) {
  const { db, provider, config } = deps;
  const statements = prepareCreateStatements(db);

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

  /** The signed-in customer with their app, the ordered products and the voucher, in one read. */
  async function loadOrderContext(session: Session, request: CreatePaymentRequest) {
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
    if (limit > 0 && first.recentCreates >= limit) throw new RateLimitedError(60);
    return {
      app: first.app,
      customer: first.customer,
      products: rows.flatMap((row) => (row.product ? [row.product] : [])),
      voucher: first.voucher,
    };
  }

  async function loadPayment(paymentId: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
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
   * Whether this read may ask the provider for news: true for one caller per interval, whichever
   * store instance it reaches, since the claim is a row update in the shared database.
   */
  async function claimProviderRead(paymentId: string): Promise<boolean> {
    const claimed = await db
      .update(payments)
      .set({ providerReadAt: sql`now()` })
      .where(
        and(
          eq(payments.id, paymentId),
          sql`coalesce(${payments.providerReadAt}, ${payments.updatedAt}) < now() - make_interval(secs => ${refreshIntervalMs / 1000})`,
        ),
      )
      .returning({ id: payments.id });
    return claimed.length > 0;
  }

  /**
   * Moves a payment to a new status if the state machine allows it, with its lines, in one
   * statement that locks the row first: webhooks and API calls may race.
   */
  async function transition(
    paymentId: string,
    to: StoredPaymentStatus,
    changes: TransitionChanges = {},
  ): Promise<PaymentRow | null> {
    const locked = db
      .$with('locked')
      .as(db.select().from(payments).where(eq(payments.id, paymentId)).for('update'));
    const lockedStatus = sql`(select ${locked.status} from ${locked})`;
    const moved = db.$with('moved').as(
      db
        .update(payments)
        .set({ ...changes, status: to, updatedAt: sql`now()` })
        .where(and(eq(payments.id, paymentId), inArray(lockedStatus, allowedFrom(to))))
        .returning(),
    );
    const lineStatus = lineStatusFor(to);
    const movedLines = lineStatus
      ? [
          db.$with('moved_lines').as(
            db
              .update(paymentLines)
              .set({ status: lineStatus })
              .where(
                and(
                  eq(paymentLines.paymentId, paymentId),
                  sql`exists (select 1 from ${moved})`,
                  sql`${lockedStatus} <> ${to}`,
                ),
              ),
          ),
        ]
      : [];
    const [row] = await db
      .with(locked, moved, ...movedLines)
      .select()
      .from(locked)
      .leftJoin(moved, sql`true`);
    return row ? (row.moved ?? row.locked) : null;
  }

  /**
   * Records a new payment, CREATING, with its lines, in one statement; null when the customer
   * already used this idempotency key.
   */
  async function insertPaymentWithLines(
    values: NewPayment,
    lines: NewLine[],
  ): Promise<PaymentRow | null> {
    const [row] = await statements.insertPayment.execute({
      ...values,
      voucherId: values.voucherId ?? null,
      voucherCode: values.voucherCode ?? null,
      voucherAmount: values.voucherAmount ?? null,
      channelProperties: JSON.stringify(values.channelProperties ?? {}),
      paymentMethodId: values.paymentMethodId ?? null,
      providerTokenId: values.providerTokenId ?? null,
      lines: linesAsJson(lines),
    });
    return row ?? null;
  }

  /**
   * Records a new payment, CREATING, with its priced lines; null when the customer already used
   * this idempotency key.
   */
  function insertPayment(values: NewPayment, order: PricedOrder): Promise<PaymentRow | null> {
    return insertPaymentWithLines(values, newLines(values.id, order));
  }

  /** What a provider's payment request (a create answer or a status read) makes of a payment. */
  function providerRequestChanges(payment: PaymentRow, request: PaymentRequest) {
    const status = fromProviderStatus(request.status, request.actions?.length ?? 0);
    const changes = {
      providerRequestId: request.payment_request_id,
      failureCode:
        request.failure_code ?? (request.status === 'EXPIRED' ? 'PAYMENT_REQUEST_EXPIRED' : null),
      actions: awaitsProvider(status) ? toStoreActions(payment.id, request.actions ?? []) : [],
      channelProperties: { ...payment.channelProperties, ...(request.channel_properties ?? {}) },
      providerTokenId: request.payment_token_id ?? payment.providerTokenId,
    } satisfies TransitionChanges;
    return { status, changes };
  }

  /** Applies what the provider says of a payment request (a create answer or a status read). */
  async function applyProviderRequest(payment: PaymentRow, request: PaymentRequest) {
    const { status, changes } = providerRequestChanges(payment, request);
    return transition(payment.id, status, changes);
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
        if (!isRefusal(error)) return 'open';
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
      const context = await loadOrderContext(session, request);
      const { app, customer } = context;
      const savedMethod = request.payment_token_id
        ? await resolveSavedMethod(session, request.payment_token_id)
        : null;
      const channelCode = savedMethod?.channelCode ?? request.channel;
      if (!channelCode) throw new AppError(400, 'API_VALIDATION_ERROR', 'channel is required');
      const properties = channelPropertiesFor(channelCode, app, request, savedMethod !== null);
      const order = priceFrom(app, request, channelCode, context.products, context.voucher);
      const idempotencyKey = options.idempotencyKey ?? newId('auto');
      const fingerprint = requestFingerprint(request);
      const paymentId = newId('pay');
      const lines = newLines(paymentId, order);

      const inserted = await insertPaymentWithLines(
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
        lines,
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
          current = (await loadPayment(current.id)) ?? current;
        }
        const [view] = await toApiPayments(db, [current]);
        return view as Payment;
      }

      let answered: ProviderResult<PaymentRequest>;
      try {
        const body = createCallBody(app, customer, { payment: inserted, lines });
        answered = await provider.callKeepingExchange(app, { paymentId }, (client) =>
          client.createPaymentRequest(body, { idempotencyKey: paymentId }),
        );
      } catch (error) {
        // A refusal is final: the customer is told it failed. An unknown outcome (a timeout, a
        // dropped connection, a bare 5xx) may have reached the provider: the customer is told it
        // is pending, and a webhook or the reconciler settles it.
        if (!(error instanceof AppError)) throw error;
        if (isRefusal(error)) {
          await transition(paymentId, 'FAILED', { failureCode: error.errorCode });
          throw error;
        }
        const [pending] = await toApiPayments(db, [inserted]);
        return pending as Payment;
      }

      // The answer, its exchange and the provider's customer id are stored in one statement.
      const { status, changes } = providerRequestChanges(inserted, answered.body);
      const operation = exchangeRow(app, { paymentId }, answered.exchange);
      const lineStatus = lineStatusFor(status);
      const [result] = await statements.applyAnswer.execute({
        paymentId,
        status,
        allowedFrom: allowedFrom(status),
        providerRequestId: changes.providerRequestId,
        failureCode: changes.failureCode,
        actions: JSON.stringify(changes.actions),
        channelProperties: JSON.stringify(changes.channelProperties),
        providerTokenId: changes.providerTokenId,
        lineStatus,
        operationId: operation.id,
        appId: app.id,
        mode: app.mode,
        exchange: JSON.stringify(operation.exchange),
        customerId: customer.id,
        providerCustomerId: customer.providerCustomerId
          ? null
          : (answered.body.customer_id ?? null),
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

    async list(session: Session, query: { cursor?: string; limit: number }) {
      const rows = await readPaymentPage(db, {
        appId: session.appId,
        customerId: session.customerId,
        after: query.cursor ? decodeCursor(query.cursor) : null,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        payments: page.map(({ payment, lines }) => toApiPayment(payment, lines)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /**
     * One payment; while the provider may still change it, its status is read afresh, at most
     * once per interval across every store instance. The store's own record is the answer when
     * the provider cannot be read: its silence hides nothing the store knows.
     */
    async get(session: Session, paymentId: string): Promise<Payment> {
      let payment = await loadOwnPayment(session, paymentId);
      const providerRequestId = payment.providerRequestId;
      if (
        awaitsProvider(payment.status as StoredPaymentStatus) &&
        providerRequestId &&
        (await claimProviderRead(paymentId))
      ) {
        try {
          const { app } = await loadContext(session);
          const request = await provider.call(app, { paymentId }, (client) =>
            client.getPaymentRequest(providerRequestId),
          );
          if (request.reference_id === paymentId) {
            payment = (await applyProviderRequest(payment, request)) ?? payment;
          }
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
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
