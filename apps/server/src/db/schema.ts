import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const amount = (name: string) => bigint(name, { mode: 'number' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Tenants: each app has its own mode, market and (optionally) its own provider keys. */
export const apps = pgTable('apps', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  mode: text('mode', { enum: ['development', 'live'] }).notNull(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  xenditSecretKey: text('xendit_secret_key'),
  xenditPublicKey: text('xendit_public_key'),
  xenditCallbackToken: text('xendit_callback_token'),
  createdAt: createdAt(),
});

export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    identityIssuer: text('identity_issuer').notNull(),
    identitySubject: text('identity_subject').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    mobileNumber: text('mobile_number'),
    providerCustomerId: text('provider_customer_id'),
    /** Sign out everywhere: tokens issued up to this second are refused. */
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_identity').on(t.appId, t.identityIssuer, t.identitySubject)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Sent as items[].category, which the provider requires on every item. */
    category: text('category').notNull().default('General'),
    imagePath: text('image_path').notNull(),
    priceAmount: amount('price_amount').notNull(),
    currency: text('currency').notNull(),
    position: integer('position').notNull().default(0),
    /** A subscribable product: charged `subscriptionAmount` every count × interval (all or none). */
    subscriptionInterval: text('subscription_interval', { enum: ['DAY', 'WEEK', 'MONTH'] }),
    subscriptionIntervalCount: integer('subscription_interval_count'),
    subscriptionAmount: amount('subscription_amount'),
  },
  (t) => [index('products_app_position').on(t.appId, t.position)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.id),
    code: text('code').notNull(),
    description: text('description').notNull(),
    paymentMethodType: text('payment_method_type'),
    fixedAmount: amount('fixed_amount').notNull(),
    active: integer('active').notNull().default(1),
  },
  (t) => [uniqueIndex('vouchers_app_code').on(t.appId, sql`upper(${t.code})`)],
);

/** Saved payment methods: the store's record of a provider payment token. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    providerTokenId: text('provider_token_id').unique(),
    channelCode: text('channel_code').notNull(),
    country: text('country').notNull(),
    referenceId: text('reference_id').notNull(),
    status: text('status').notNull(),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    properties: jsonb('properties').$type<unknown[]>().notNull().default([]),
    failureCode: text('failure_code'),
    /** Account details the provider shows once the token is active (masked card, account name). */
    details: jsonb('details').$type<Record<string, string>>(),
    /** Set when created by POST /payment_methods; methods saved while paying have none. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The PAY_AND_SAVE payment that saved this method, if it was saved while paying. */
    paymentId: text('payment_id'),
    /** A method saved on the provider's hosted checkout: its SAVE session, followed until it ends. */
    providerSessionId: text('provider_session_id').unique(),
    /** When a read last asked the provider for news: shared, so all instances throttle together. */
    providerReadAt: timestamp('provider_read_at', { withTimezone: true }),
    /**
     * Set while an unlink ends the subscriptions the method pays and cancels its token: no
     * subscription may start on it meanwhile (a claim, by the database's clock; see unlinkClaimed).
     */
    unlinkingSince: timestamp('unlinking_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_methods_customer').on(t.appId, t.customerId, t.createdAt),
    uniqueIndex('payment_methods_idempotency').on(t.appId, t.customerId, t.idempotencyKey),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Null until the provider has accepted the request. */
    providerRequestId: text('provider_request_id').unique(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Fingerprint of the request body, so a reused key with another order is refused. */
    requestHash: text('request_hash').notNull(),
    type: text('type', { enum: ['PAY', 'PAY_AND_SAVE'] }).notNull(),
    channelCode: text('channel_code').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    voucherId: text('voucher_id'),
    voucherCode: text('voucher_code'),
    voucherAmount: amount('voucher_amount'),
    /** CREATING until the provider answers; then the storefront's payment statuses. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    channelProperties: jsonb('channel_properties')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    paymentMethodId: text('payment_method_id'),
    providerTokenId: text('provider_token_id'),
    /**
     * A payment made on the provider's hosted checkout: its PAY session, the provider's object for
     * the payment until the session names the payment request it completed with.
     */
    providerSessionId: text('provider_session_id').unique(),
    /**
     * The reconciler's claim and backoff: it works a payment only once this time has passed, and
     * moves it forward before it calls the provider, so several store instances never work one
     * payment at once and an instance that dies mid-claim leaves it for a later round.
     */
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
    nextReconcileAt: timestamp('next_reconcile_at', { withTimezone: true }),
    /** When a read last asked the provider for news: shared, so all instances throttle together. */
    providerReadAt: timestamp('provider_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency').on(t.appId, t.customerId, t.idempotencyKey),
    index('payments_customer_created').on(t.appId, t.customerId, t.createdAt, t.id),
    // The reconciler's scans, oldest first: payments left CREATING, and payments awaiting the
    // provider. Partial, so they hold only open payments and a round never reads the whole table.
    index('payments_creating')
      .on(t.createdAt)
      .where(sql`${t.status} = 'CREATING'`),
    // A payment on the hosted checkout awaits the provider with a session id and no request id
    // yet: the predicate is the reconciler's (`quietPayments`), or PostgreSQL cannot use it.
    index('payments_awaiting_provider')
      .on(t.updatedAt)
      .where(
        sql`${t.status} in ('REQUIRES_ACTION', 'PENDING') and (${t.providerRequestId} is not null or ${t.providerSessionId} is not null)`,
      ),
  ],
);

export const paymentLines = pgTable(
  'payment_lines',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    productCategory: text('product_category').notNull().default('General'),
    productDescription: text('product_description').notNull(),
    productImagePath: text('product_image_path').notNull(),
    price: amount('price').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    refundId: text('refund_id'),
  },
  (t) => [index('payment_lines_payment').on(t.paymentId, t.position)],
);

/**
 * Every request/response exchanged with the provider and every webhook received, linked to what it
 * concerns: the provider logs developers inspect.
 */
export const exchanges = pgTable(
  'provider_operations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    kind: text('kind', { enum: ['request', 'webhook'] }).notNull(),
    mode: text('mode', { enum: ['development', 'live'] }).notNull(),
    paymentId: text('payment_id'),
    paymentMethodId: text('payment_method_id'),
    refundId: text('refund_id'),
    subscriptionId: text('subscription_id'),
    /** The exchange for requests; the webhook's envelope for webhooks. */
    exchange: jsonb('exchange'),
    event: text('event'),
    data: jsonb('data'),
    /** Webhooks only: a hash of the body, so a redelivered webhook is recorded once. */
    dedupeKey: text('dedupe_key').unique(),
    /** Webhooks only: why the event changed nothing (it did not match what the store holds). */
    ignoredReason: text('ignored_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_operations_payment').on(t.paymentId, t.createdAt),
    index('provider_operations_payment_method').on(t.paymentMethodId, t.createdAt),
    index('provider_operations_subscription').on(t.subscriptionId, t.createdAt),
  ],
);

/**
 * Refunds of some of a payment's lines. The lines point back with payment_lines.refund_id; the
 * statuses before the refund are kept so that a refund the provider refuses can be rolled back.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** Null until the provider has accepted the refund. */
    providerRefundId: text('provider_refund_id').unique(),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    /** PENDING, SUCCEEDED, FAILED (the provider's refund statuses the store uses). */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    previousLineStatuses: jsonb('previous_line_statuses')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment').on(t.paymentId, t.createdAt),
    // A customer's refunds of the last minute count against their budget of creates.
    index('refunds_customer').on(t.appId, t.customerId, t.createdAt),
  ],
);

/**
 * Card sessions of the provider's cards-session script: PAY sessions belong to a store payment,
 * SAVE sessions to a store payment method.
 */
export const cardSessions = pgTable(
  'card_sessions',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    providerSessionId: text('provider_session_id').unique(),
    type: text('type', { enum: ['PAY', 'SAVE'] }).notNull(),
    /** ACTIVE, COMPLETED, EXPIRED, CANCELED (the provider's session statuses). */
    status: text('status').notNull(),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    paymentId: text('payment_id'),
    paymentMethodId: text('payment_method_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('card_sessions_customer').on(t.appId, t.customerId, t.status, t.createdAt)],
);

/**
 * Subscriptions: a provider recurring plan on the customer and one saved method's token, charging
 * a subscribable product's amount every cycle. The row is written first (CREATING) under the
 * customer's Idempotency-Key, and the plan is created under the subscription id as the provider's
 * idempotency key, from what the row holds, so a replay after a lost answer sends the same body.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    productImagePath: text('product_image_path').notNull(),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    providerTokenId: text('provider_token_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    /** Null until the provider has accepted the plan. */
    providerPlanId: text('provider_plan_id').unique(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['DAY', 'WEEK', 'MONTH'] }).notNull(),
    intervalCount: integer('interval_count').notNull(),
    /** CREATING until the provider answers; then the contract's subscription statuses. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    /**
     * When the customer asked to cancel, set before the provider is asked: the plan's inactivation
     * is then the customer's cancel, however it reaches the store first.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** The reconciler's claim and backoff of a create whose answer was lost (as payments'). */
    reconcileAttempts: integer('reconcile_attempts').notNull().default(0),
    nextReconcileAt: timestamp('next_reconcile_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_idempotency').on(t.appId, t.customerId, t.idempotencyKey),
    index('subscriptions_customer').on(t.appId, t.customerId, t.createdAt),
    index('subscriptions_creating')
      .on(t.createdAt)
      .where(sql`${t.status} = 'CREATING'`),
  ],
);

/** The cycles of a subscription's plan, as the provider reports them (webhooks read back). */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    providerCycleId: text('provider_cycle_id').notNull().unique(),
    cycleNumber: integer('cycle_number').notNull(),
    status: text('status').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    /** The provider's payment request of the attempt that paid the cycle. */
    providerRequestId: text('provider_request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subscription_cycles_subscription').on(t.subscriptionId, t.cycleNumber)],
);

/**
 * Sliding windows of the rate limits, in the database so that every store instance on one
 * PostgreSQL counts against the same limit. A key names the limit and what it counts (a client
 * address, an app, a customer, a payment); its row keeps the times of the hits it let through
 * within the window, so no window boundary lets a burst of twice the limit through.
 */
/**
 * One row, its generation moved by every statement that changes apps, products or vouchers
 * (migration 0016): what the instances' copies of them for the payment create are checked by.
 */
export const catalogueGeneration = pgTable('catalogue_generation', {
  id: integer('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/** Session tokens signed out before their expiry (kept until it, after which they die anyway). */
export const revokedSessions = pgTable('revoked_sessions', {
  sessionId: text('session_id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  /** Epoch seconds (database clock) of the hits let through, oldest first. */
  hits: doublePrecision('hits')
    .array()
    .notNull()
    .default(sql`'{}'`),
  lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
});
