import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Every provider object (payment request, payment token, refund, session, customer) as its wire JSON,
 * with the columns the simulator looks objects up by. `internal` holds what the provider knows but
 * never shows (OTP attempts, the card's outcome, the session a request came from).
 */
export const providerObjects = pgTable(
  'provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'payment_request',
        'payment',
        'payment_token',
        'refund',
        'session',
        'customer',
        'recurring_plan',
        'recurring_schedule',
        'recurring_cycle',
      ],
    }).notNull(),
    businessId: text('business_id').notNull(),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    /**
     * The payment request of a refund; the customer's reference_id for a customer; the plan of a
     * recurring cycle or schedule.
     */
    parentId: text('parent_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    internal: jsonb('internal').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('provider_objects_owner_idx').on(table.businessId, table.mode, table.kind),
    index('provider_objects_parent_idx').on(table.parentId),
  ],
);

/** The first answer to each idempotency key, replayed for the same key and body. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: text('business_id').notNull(),
    mode: text('mode').notNull(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.mode, table.endpoint, table.key] })],
);

/** State changes that happen later (refund settles, push approvals): durable, so restarts keep them. */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    businessId: text('business_id').notNull(),
    mode: text('mode').notNull(),
    targetId: text('target_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [index('scheduled_jobs_due_idx').on(table.doneAt, table.runAt)],
);

/** The webhook outbox: one row per event, written in the transaction of the state change. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id').notNull(),
    mode: text('mode').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] }).notNull(),
    /** Failed attempts since the last success or resend: the index into the retry schedule. */
    retries: integer('retries').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [index('webhook_events_due_idx').on(table.status, table.nextAttemptAt)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_event_idx').on(table.eventId)],
);
