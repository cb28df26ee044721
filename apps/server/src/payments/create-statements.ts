import { statementBatches } from '@store/embedded-postgres/statement-batches';
import { and, eq, getTableColumns, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import {
  apps,
  catalogueGeneration,
  customers,
  paymentLines,
  payments,
  products,
  exchanges,
  vouchers,
} from '../db/schema.ts';
import { createWaitSeconds } from '../http/create-budget.ts';
import { newId } from '../lib/ids.ts';
import { initialLineStatus } from '../statuses/order-line-status.ts';
import {
  paymentMoveParts,
  paymentMovesParts,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { announcedAfterCommit, createStatusAnnouncer } from '../statuses/status-announcements.ts';
import { paymentViewColumnsOf, type PaymentRow, type PaymentView } from './payment-view.ts';
import type { PricedOrder } from './pricing.ts';

/** A new payment's lines, from its priced order. */
export function newLines(paymentId: string, order: PricedOrder) {
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
    status: initialLineStatus,
  }));
}
export type NewLine = ReturnType<typeof newLines>[number];

/** The lines table's columns by key, read once: every create writes its lines. */
const lineColumnEntries = Object.entries(getTableColumns(paymentLines));

/** Lines as rows keyed by column name: the input of jsonb_populate_recordset. */
function lineRows(lines: NewLine[]): Record<string, unknown>[] {
  return lines.map((line) =>
    Object.fromEntries(
      lineColumnEntries.map(([key, column]) => [
        column.name,
        (line as Record<string, unknown>)[key] ?? null,
      ]),
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
 * an array as a PostgreSQL array). `answersTogether` writes the provider's answers that arrive
 * together in one statement: on a PostgreSQL server that took a tenth off the machine's CPU per
 * create, and on PGlite it added a fifth to the store's, so the embedded database writes each
 * alone (README, Performance).
 */
export function prepareCreateStatements(
  db: Database,
  { answersTogether }: { answersTogether: boolean },
) {
  const param = sql.placeholder;
  // The customer's budget of creates, read on the tables' own indexes: the limit holds across
  // instances and costs no write (0: no limit). The insert counts in the customer's turn, the
  // context read (which only refuses early) not.
  const createWait = (inTurn: boolean) =>
    createWaitSeconds(
      sql`${param('appId')}`,
      sql`${param('customerId')}`,
      sql`${param('createLimit')}`,
      { inTurn },
    );
  const orderContext = db
    .select({
      app: apps,
      customer: customers,
      product: products,
      voucher: vouchers,
      // A subquery, so that it runs once, not for each product row: the count is a volatile
      // function, evaluated wherever it stands.
      createWait: sql<number>`(select ${createWait(false)})`.mapWith(Number),
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
  /** The payment's lines, from the `lines` parameter, written only when its payment was. */
  const linesOf = (payment: SQLWrapper) =>
    db
      .$with('inserted_lines')
      .as(
        db
          .insert(paymentLines)
          .select(
            sql`select ${lineColumns} from jsonb_populate_recordset(null::${paymentLines}, ${param('lines')}::jsonb) where exists (select 1 from ${payment})`,
          ),
      );
  const insertedLines = linesOf(inserted);
  /** The insert, on the database or in a transaction that holds its customer's turn. */
  const insertPaymentOn = (writer: Database) =>
    writer.with(inserted, insertedLines).select().from(inserted).prepare('payment_create_insert');
  const insertPayment = insertPaymentOn(db);

  // The same insert for a create priced from the instance's catalogue (order-catalogue.ts), with
  // what that copy cannot know checked in the statement: the customer (answered, for the provider
  // call) and their budget of creates, as the context read checked them; nothing is written unless
  // the customer exists and may create now.
  const customer = db.$with('customer').as(
    db
      .select()
      .from(customers)
      .where(and(eq(customers.id, param('customerId')), eq(customers.appId, param('appId')))),
  );
  const budget = db
    .$with('budget')
    .as(
      db.select({ wait: sql<number>`${createWait(true)}`.as('wait') }).from(sql`(select 1) as one`),
    );
  // Whether the copy the order was priced from is still the catalogue: no statement has changed
  // apps, products or vouchers since it was read (migration 0016). A change commits a few
  // milliseconds before its announcement drops the copies.
  const current = db.$with('current').as(
    db
      .select({
        fresh:
          sql<boolean>`${catalogueGeneration.generation} = ${param('catalogueGeneration')}::bigint`.as(
            'fresh',
          ),
      })
      .from(catalogueGeneration),
  );
  // Each parameter cast to its column's type, as the batch's rows are typed.
  const columns = getTableColumns(payments);
  const given: Record<string, SQL> = Object.assign(
    Object.fromEntries(
      givenColumnKeys.map((key) => [
        key,
        sql`${param(key)}::${sql.raw(columns[key].getSQLType())}`,
      ]),
    ),
    startingValues,
  );
  const paymentValues = paymentValuesOf(given);
  const checkedInsert = db.$with('inserted').as(
    db
      .insert(payments)
      .select(
        sql`select ${paymentValues} where exists (select 1 from ${customer}) and (select ${budget.wait} from ${budget}) = 0 and (select ${current.fresh} from ${current})`,
      )
      .onConflictDoNothing({
        target: [payments.appId, payments.customerId, payments.idempotencyKey],
      })
      .returning({ id: payments.id, createdAt: payments.createdAt }),
  );
  const checkedLines = linesOf(checkedInsert);
  // Only what the create goes on with: the customer's details for the provider, the wait, and
  // the new payment's time (its other columns are the parameters, `createdRow`). Every column
  // answered is encoded by the database and parsed and mapped by the store, twice the work of
  // the row itself when all of them were.
  const insertCheckedPayment = db
    .with(customer, budget, current, checkedInsert, checkedLines)
    .select({
      customer: {
        id: customer.id,
        email: customer.email,
        name: customer.name,
        mobileNumber: customer.mobileNumber,
        providerCustomerId: customer.providerCustomerId,
      },
      wait: budget.wait,
      fresh: current.fresh,
      createdAt: checkedInsert.createdAt,
    })
    .from(customer)
    .crossJoin(budget)
    .crossJoin(current)
    .leftJoin(checkedInsert, sql`true`)
    .prepare('payment_create_checked');
  const insertCheckedPayments = prepareCheckedBatch(db, lineColumns);

  // The provider's answer applied as `movePayment` applies a change, from the same table, with the
  // exchange and the provider's customer id stored in the same statement.
  const { locked, moved, movedLines } = paymentMoveParts(db, {
    paymentId: param('paymentId'),
    status: param('status'),
    allowedFrom: sql`${param('allowedFrom')}::text[]`,
    lineStatus: param('lineStatus'),
    lineFrom: sql`${param('lineFrom')}::text[]`,
    set: {
      providerRequestId: sql`${param('providerRequestId')}`,
      failureCode: sql`${param('failureCode')}`,
      actions: sql`${param('actions')}::jsonb`,
      channelProperties: sql`${param('channelProperties')}::jsonb`,
      providerTokenId: sql`${param('providerTokenId')}`,
    },
  });
  const exchange = db.$with('exchange').as(
    db.insert(exchanges).values({
      id: param('exchangeId'),
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
  const announcedLater = announcedLaterOf(db);
  // The status it moved from, the payment's view as moved (the columns its answer shows) and the
  // lines it moved, to announce.
  const applyAnswer = db
    .with(locked, moved, movedLines, exchange, providerCustomer, announcedLater)
    .select({
      lockedStatus: locked.status,
      moved: paymentViewColumnsOf(moved),
      movedLineIds: sql<
        string[]
      >`(select coalesce(array_agg(${movedLines.id}), '{}') from ${movedLines})`,
    })
    .from(locked)
    .leftJoin(moved, sql`true`)
    .crossJoin(announcedLater)
    .prepare('payment_create_answer');

  // The answers' announcements, sent after their commits.
  const announcer = createStatusAnnouncer(db);

  // The checked inserts that arrive while one is written go in one statement: on PGlite one alone
  // cost 610 to 1,120 µs, four together 265 to 445 a create, ten 180 to 250 (README,
  // Performance). One customer's creates under a budget go in statements one after the other,
  // each seeing the ones before it: a statement does not see its own rows.
  const recordChecked = statementBatches(
    async (creates: readonly CheckedCreate[]) => {
      const [only] = creates;
      if (only && creates.length === 1) {
        const [row] = await insertCheckedPayment.execute(
          Object.assign(insertParameters(only.values, only.lines), {
            createLimit: only.createLimit,
            catalogueGeneration: only.catalogueGeneration,
          }),
        );
        return [row ?? null];
      }
      const rows = await insertCheckedPayments.execute({
        creates: JSON.stringify(creates.map(checkedBatchRow)),
      });
      const byPosition = new Map(rows.map((row) => [Number(row.n), row]));
      return creates.map((_, n) => byPosition.get(n) ?? null);
    },
    {
      apart: (create) => (create.createLimit > 0 ? create.values.customerId : null),
      // Its code only: the statement's text and parameters hold the customers' details.
      onBatchFailed: (error, size) =>
        console.warn(
          `A batch of ${size} payment creates failed (${databaseErrorCode(error)}); each is written again alone`,
        ),
    },
  );

  const applyOne = async (answer: CreateAnswer): Promise<AppliedAnswer | null> => {
    const [row] = await applyAnswer.execute(
      Object.assign({}, answer, {
        actions: JSON.stringify(answer.actions),
        channelProperties: JSON.stringify(answer.channelProperties),
        exchange: JSON.stringify(answer.exchange),
      }),
    );
    return row ?? null;
  };
  // On a PostgreSQL server the answers that arrive while one is written go in one statement too,
  // for the same reason (README, Performance).
  const applyAnswers = prepareAnswerBatch(db, announcedLater);
  const recordAnswer = answersTogether
    ? statementBatches(
        async (answers: readonly CreateAnswer[]): Promise<readonly (AppliedAnswer | null)[]> => {
          const [only] = answers;
          if (only && answers.length === 1) return [await applyOne(only)];
          const rows = await applyAnswers.execute({
            answers: JSON.stringify(answers.map(answerBatchRow)),
          });
          const byPayment = new Map(rows.map((row) => [row.paymentId, row]));
          return answers.map((answer) => byPayment.get(answer.paymentId) ?? null);
        },
        {
          // A create answers its payment once; two answers of one payment in a statement would
          // move it by one of them, whichever the database took, where one after the other
          // would move it by both in turn.
          apart: (answer) => answer.paymentId,
          onBatchFailed: (error, size) =>
            console.warn(
              `A batch of ${size} payment create answers failed (${databaseErrorCode(error)}); each is written again alone`,
            ),
        },
      )
    : applyOne;

  return { orderContext, insertPayment, insertPaymentOn, recordChecked, recordAnswer, announcer };
}

/** The provider's answer to a create as its statement stores it, with its exchange. */
export type CreateAnswer = {
  paymentId: string;
  status: StoredPaymentStatus;
  /** The statuses the payment may move from (paymentStatusesFrom). */
  allowedFrom: StoredPaymentStatus[];
  providerRequestId: string | null;
  failureCode: string | null;
  actions: unknown;
  channelProperties: unknown;
  providerTokenId: string | null;
  lineStatus: string | null;
  /** The line statuses that may follow it (lineStatusesFrom). */
  lineFrom: string[];
  exchangeId: string;
  appId: string;
  mode: string;
  exchange: unknown;
  customerId: string;
  /** The provider's id of the customer, to keep; null when the store already knows it. */
  providerCustomerId: string | null;
};

/** An answer applied: the status its payment moved from, its view as moved, the lines it moved. */
export interface AppliedAnswer {
  lockedStatus: string;
  moved: PaymentView | null;
  movedLineIds: string[];
}

/**
 * The answers of several creates in one statement, each applied as the one-answer statement
 * applies it (the same table of moves, paymentMovesParts), its exchange and the provider's
 * customer id stored with it; a row for each payment there is.
 */
function prepareAnswerBatch(db: Database, announcedLater: ReturnType<typeof announcedLaterOf>) {
  const given = db.$with('given', {}).as(
    sql`select * from jsonb_to_recordset(${sql.placeholder('answers')}::jsonb) as given(
      n int, payment_id text, status text, allowed_from text[], provider_request_id text,
      failure_code text, actions jsonb, channel_properties jsonb, provider_token_id text,
      line_status text, line_from text[], exchange_id text, app_id text, mode text,
      exchange jsonb, customer_id text, provider_customer_id text)`,
  );
  const { locked, moved, movedLines } = paymentMovesParts(db, {
    providerRequestId: sql`given.provider_request_id`,
    failureCode: sql`given.failure_code`,
    actions: sql`given.actions`,
    channelProperties: sql`given.channel_properties`,
    providerTokenId: sql`given.provider_token_id`,
  });
  const exchange = db.$with('exchange', {}).as(
    sql`insert into ${exchanges} (id, app_id, kind, mode, payment_id, exchange)
      select given.exchange_id, given.app_id, 'request', given.mode, given.payment_id, given.exchange
      from given`,
  );
  // The customers whose provider id a batch keeps, locked in the order of their ids, so that two
  // batches sharing customers cannot deadlock on them (their payments they never share).
  const newProviderCustomers = db.$with('new_provider_customers', {}).as(
    sql`select ${customers.id} from ${customers}
      where ${customers.id} = any(array(
          select given.customer_id from given where given.provider_customer_id is not null))
        and ${customers.providerCustomerId} is null
      order by ${customers.id} for no key update`,
  );
  // One customer's first creates may answer together: the first id the provider gave is kept.
  const providerCustomer = db.$with('provider_customer', {}).as(
    sql`update ${customers} set provider_customer_id = (
        select given.provider_customer_id from given
        where given.customer_id = ${customers.id} and given.provider_customer_id is not null
        order by given.n limit 1)
      where ${customers.id} = any(array(select id from new_provider_customers))
        and ${customers.providerCustomerId} is null`,
  );
  return db
    .with(
      given,
      locked,
      moved,
      movedLines,
      exchange,
      newProviderCustomers,
      providerCustomer,
      announcedLater,
    )
    .select({
      paymentId: locked.id,
      lockedStatus: locked.status,
      moved: paymentViewColumnsOf(moved),
      movedLineIds: sql<
        string[]
      >`(select coalesce(array_agg(moved_lines.id), '{}') from moved_lines where moved_lines.payment_id = ${locked.id})`,
    })
    .from(locked)
    .leftJoin(moved, eq(moved.id, locked.id))
    .crossJoin(announcedLater)
    .prepare('payment_create_answer_batch');
}

/** An answer as a row of the answer batch's JSON array, keyed by its columns' names. */
function answerBatchRow(answer: CreateAnswer, n: number) {
  return {
    n,
    payment_id: answer.paymentId,
    status: answer.status,
    allowed_from: answer.allowedFrom,
    provider_request_id: answer.providerRequestId,
    failure_code: answer.failureCode,
    actions: answer.actions,
    channel_properties: answer.channelProperties,
    provider_token_id: answer.providerTokenId,
    line_status: answer.lineStatus,
    line_from: answer.lineFrom,
    exchange_id: answer.exchangeId,
    app_id: answer.appId,
    mode: answer.mode,
    exchange: answer.exchange,
    customer_id: answer.customerId,
    provider_customer_id: answer.providerCustomerId,
  };
}
export type CreateStatements = ReturnType<typeof prepareCreateStatements>;

/**
 * The answer's status change is announced by the create once committed: its statement's
 * triggers leave it to the create (statuses/status-announcements.ts).
 */
function announcedLaterOf(db: Database) {
  return db
    .$with('announced_later')
    .as(db.select({ set: sql`${announcedAfterCommit}`.as('set') }).from(sql`(select 1) as one`));
}

/** A create for the checked insert: its payment, its lines and what the insert checks. */
interface CheckedCreate {
  values: NewPayment;
  lines: NewLine[];
  createLimit: number;
  catalogueGeneration: number;
}

/** What a create starts with whatever it is. */
const startingValues = {
  actions: sql`'[]'::jsonb`,
  reconcileAttempts: sql`0`,
  createdAt: sql`now()`,
  updatedAt: sql`now()`,
};

/**
 * The values of an insert … select, every column in the table's order: those a create does not
 * set are null, as their declarations leave them.
 */
function paymentValuesOf(given: Record<string, SQL>): SQL {
  return sql.join(
    Object.keys(getTableColumns(payments)).map((key) => given[key] ?? sql`null`),
    sql`, `,
  );
}

/** The payment columns a create's values give, by key. */
const givenColumnKeys = [
  'id',
  'appId',
  'customerId',
  'idempotencyKey',
  'requestHash',
  'type',
  'channelCode',
  'country',
  'currency',
  'amount',
  'voucherId',
  'voucherCode',
  'voucherAmount',
  'status',
  'channelProperties',
  'paymentMethodId',
  'providerTokenId',
] as const;

/**
 * The checked insert for several creates in one statement: each is a row of one JSON array, `n`
 * its position, and is checked as the one-create statement checks it (its customer, their budget
 * of creates, the catalogue's generation); it answers a row for each create whose customer
 * exists, its time when it was written. A create whose key another took first, committed or
 * earlier in the batch, writes nothing, as alone. Keys go in in their order, so that two instances
 * lock the same keys in the same order and cannot deadlock.
 */
function prepareCheckedBatch(db: Database, lineColumns: SQL) {
  const columns = getTableColumns(payments);
  const given = db.$with('given', {}).as(
    sql`select * from jsonb_to_recordset(${sql.placeholder('creates')}::jsonb) as given(n int, ${sql.join(
      givenColumnKeys.map(
        (key) => sql`${sql.identifier(columns[key].name)} ${sql.raw(columns[key].getSQLType())}`,
      ),
      sql`, `,
    )}, lines jsonb, create_limit int, catalogue_generation bigint)`,
  );
  // Each customer's budget, counted in their turn, the turns taken in the order of their ids: a
  // volatile function of the output is evaluated after the sort (PostgreSQL 9.6 and later), so two
  // instances' batches lock the same customers in the same order and cannot deadlock. One row a
  // customer: under a budget, their creates are never in one batch (`apart`).
  const budgets = db.$with('budgets', {}).as(
    sql`select app_id, customer_id, create_limit,
        ${createWaitSeconds(sql`app_id`, sql`customer_id`, sql`create_limit`, { inTurn: true })} as wait
      from (select distinct app_id, customer_id, create_limit from given) as creators
      order by customer_id, app_id`,
  );
  // The customers by their ids as an array, so that the key's index finds them: PostgreSQL
  // takes a set-returning function for 100 rows, and joined it with a scan of every customer.
  const checked = db.$with('checked', {}).as(
    sql`select given.*, customer.email, customer.name, customer.mobile_number,
        customer.provider_customer_id, budget.wait,
        generation.generation = given.catalogue_generation as fresh
      from given
      join ${customers} as customer
        on customer.id = given.customer_id and customer.app_id = given.app_id
          and customer.id = any(array(select given.customer_id from given))
      join budgets as budget
        on budget.app_id = given.app_id and budget.customer_id = given.customer_id
          and budget.create_limit = given.create_limit
      cross join ${catalogueGeneration} as generation`,
  );
  const values = paymentValuesOf(
    Object.assign(
      Object.fromEntries(
        givenColumnKeys.map((key) => [key, sql`checked.${sql.identifier(columns[key].name)}`]),
      ),
      startingValues,
    ),
  );
  const paymentColumnNames = sql.join(
    Object.values(columns).map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const keyColumns = sql.join(
    [columns.appId, columns.customerId, columns.idempotencyKey].map((column) =>
      sql.identifier(column.name),
    ),
    sql`, `,
  );
  const inserted = db.$with('inserted', {}).as(
    sql`insert into ${payments} (${paymentColumnNames}) select ${values} from checked
      where checked.wait = 0 and checked.fresh order by ${keyColumns}, checked.n
      on conflict (${keyColumns}) do nothing returning id, created_at`,
  );
  const lineValues = sql.join(
    Object.values(getTableColumns(paymentLines)).map(
      (column) => sql`line.${sql.identifier(column.name)}`,
    ),
    sql`, `,
  );
  const insertedLines = db.$with('inserted_lines', {}).as(
    sql`insert into ${paymentLines} (${lineColumns})
      select ${lineValues} from checked join inserted on inserted.id = checked.id,
        jsonb_populate_recordset(null::${paymentLines}, checked.lines) as line`,
  );
  return db
    .with(given, budgets, checked, inserted, insertedLines)
    .select({
      n: sql<number>`checked.n`,
      customer: {
        id: sql<string>`checked.customer_id`,
        email: sql<string>`checked.email`,
        name: sql<string | null>`checked.name`,
        mobileNumber: sql<string | null>`checked.mobile_number`,
        providerCustomerId: sql<string | null>`checked.provider_customer_id`,
      },
      wait: sql<number>`checked.wait`,
      fresh: sql<boolean>`checked.fresh`,
      createdAt: sql<Date | null>`inserted.created_at`.mapWith(payments.createdAt),
    })
    .from(sql`checked left join inserted on inserted.id = checked.id`)
    .prepare('payment_create_checked_batch');
}

/** The batch's JSON names of the columns a create's values give. */
const batchNames = Object.fromEntries(
  givenColumnKeys.map((key) => [key, getTableColumns(payments)[key].name]),
) as Record<(typeof givenColumnKeys)[number], string>;

/** A create as a row of the checked batch's JSON array, keyed by column name. */
function checkedBatchRow(create: CheckedCreate, n: number) {
  const { values } = create;
  const row: Record<string, unknown> = {
    n,
    lines: lineRows(create.lines),
    create_limit: create.createLimit,
    catalogue_generation: create.catalogueGeneration,
  };
  for (const key of givenColumnKeys) row[batchNames[key]] = values[key] ?? null;
  row[batchNames.channelProperties] = values.channelProperties ?? {};
  return row;
}

/** The SQLSTATE of a database error, or of the error it wraps (drizzle's). */
function databaseErrorCode(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current !== 'object') break;
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : null;
  }
  return 'no code';
}

/**
 * The columns of a new payment that its insert and its created row take from it as they are, each
 * named. Not a spread of `values` with more keys after it: V8 (Node 20) adds each key that follows
 * a spread on a slow path, about a microsecond a key, and the insert's parameters and the created
 * row made so were 15 µs and 8 KB of every create (README, Performance). Keys added to
 * this object (Object.assign) or placed before a spread are fast.
 */
function newPaymentColumns(values: NewPayment) {
  return {
    id: values.id,
    appId: values.appId,
    customerId: values.customerId,
    idempotencyKey: values.idempotencyKey,
    requestHash: values.requestHash,
    type: values.type,
    channelCode: values.channelCode,
    country: values.country,
    currency: values.currency,
    amount: values.amount,
    voucherId: values.voucherId ?? null,
    voucherCode: values.voucherCode ?? null,
    voucherAmount: values.voucherAmount ?? null,
    status: values.status,
    paymentMethodId: values.paymentMethodId ?? null,
    providerTokenId: values.providerTokenId ?? null,
  };
}

/** A new payment's parameters for its insert (JSON values as text, see prepareCreateStatements). */
function insertParameters(values: NewPayment, lines: NewLine[]) {
  return Object.assign(newPaymentColumns(values), {
    channelProperties: JSON.stringify(values.channelProperties ?? {}),
    lines: JSON.stringify(lineRows(lines)),
  });
}

/**
 * Records a new payment, CREATING, with its lines, in one statement (in `writer`'s transaction
 * when given); null when the customer already used this idempotency key.
 */
export async function recordPayment(
  statements: CreateStatements,
  values: NewPayment,
  lines: NewLine[],
  writer?: Database,
): Promise<typeof payments.$inferSelect | null> {
  const insert = writer ? statements.insertPaymentOn(writer) : statements.insertPayment;
  const [row] = await insert.execute(insertParameters(values, lines));
  return row ?? null;
}

/**
 * Records a new payment as recordPayment does, if its customer exists and may create now and the
 * catalogue is still at `catalogueGeneration`, the generation of the copy its order was priced
 * from: the customer (none: they no longer exist), the seconds they must wait (0: now), whether
 * the copy is still the catalogue (false: nothing written, price the order again), and the
 * payment when it is new (null with no wait and a fresh copy: the customer already used this
 * idempotency key).
 */
export async function recordCheckedPayment(
  statements: CreateStatements,
  values: NewPayment,
  lines: NewLine[],
  { createLimit, catalogueGeneration }: { createLimit: number; catalogueGeneration: number },
) {
  const row = await statements.recordChecked({ values, lines, createLimit, catalogueGeneration });
  if (!row) return null;
  return {
    customer: row.customer,
    createWait: createLimit > 0 ? Number(row.wait) : 0,
    fresh: row.fresh,
    created: row.createdAt ? createdRow(values, row.createdAt) : null,
  };
}

/**
 * The row the checked insert wrote: its parameters, the columns it sets to their starting
 * values (`given` in prepareCreateStatements) and its time.
 */
function createdRow(values: NewPayment, createdAt: Date): PaymentRow {
  return Object.assign(newPaymentColumns(values), {
    channelProperties: inJsonbOrder(values.channelProperties ?? {}) as Record<string, unknown>,
    providerRequestId: null,
    failureCode: null,
    actions: [],
    providerSessionId: null,
    reconcileAttempts: 0,
    nextReconcileAt: null,
    providerReadAt: null,
    createdAt,
    updatedAt: createdAt,
  });
}

/**
 * A JSON value with its objects' keys in jsonb's order (shorter first, then by their bytes), as a
 * read of the row gives them: the create's first call to the provider is built from this row and
 * a replay's from the stored one, and the provider may refuse a key reused with another body.
 */
export function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => jsonbKeyOrder(a, b))
      .map(([key, item]) => [key, inJsonbOrder(item)]),
  );
}

/**
 * jsonb's order of two keys (PostgreSQL's lengthCompareJsonbStringValue: length in bytes, then the
 * bytes, in the database's UTF-8), without encoding them: every create orders its channel
 * properties. UTF-8's byte order is the order of code points; UTF-16's differs from it only where a
 * character past U+FFFF meets one from U+E000 to U+FFFF. A lone surrogate, which jsonb refuses,
 * never gets here: the insert before fails.
 */
function jsonbKeyOrder(a: string, b: string): number {
  const byLength = Buffer.byteLength(a) - Buffer.byteLength(b);
  if (byLength !== 0) return byLength;
  for (let i = 0; i < a.length;) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return 0;
}
