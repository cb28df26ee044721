import { and, asc, desc, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import {
  listPaymentsQuerySchema,
  type Currency,
  type OrderLine,
  type OrderLineStatus,
  type Payment,
  type PaymentAction,
  type ProviderOperation,
} from '@store/contract';
import { arrayStatement } from '../db/array-statement.ts';
import type { Database } from '../db/database.ts';
import type { exchanges } from '../db/schema.ts';
import { paymentLines, payments } from '../db/schema.ts';
import { exactTime, type PagePosition } from '../http/page-cursor.ts';
import { channelName } from './channels.ts';
import { toApiStatus, type StoredPaymentStatus } from '../statuses/payment-status.ts';

export type PaymentRow = typeof payments.$inferSelect;
type StoredExchange = typeof exchanges.$inferSelect;

/**
 * The columns of a payment that its view shows, of the table or of a statement's payment rows (the
 * create's answer selects those of the payment it moved). A page selects these alone: the row's other
 * columns (the provider's ids, the idempotency key, the reconciler's claim) would be read, parsed
 * and mapped 21 times a page only to be dropped; parsing and mapping rows was a third of a page's
 * CPU in the store (see README, Performance).
 */
const paymentViewKeys = [
  'id',
  'amount',
  'currency',
  'country',
  'channelCode',
  'type',
  'status',
  'failureCode',
  'voucherId',
  'voucherCode',
  'voucherAmount',
  'actions',
  'channelProperties',
  'paymentMethodId',
  'createdAt',
  'updatedAt',
] as const;
export const paymentViewColumnsOf = <T extends Record<(typeof paymentViewKeys)[number], unknown>>(
  source: T,
) =>
  Object.fromEntries(paymentViewKeys.map((key) => [key, source[key]])) as Pick<
    T,
    (typeof paymentViewKeys)[number]
  >;
const paymentViewColumns = paymentViewColumnsOf(payments);
/** A payment's fields that its view shows. */
export type PaymentView = Pick<PaymentRow, keyof typeof paymentViewColumns>;
/** The fields of a payment line that its view shows. */
export type LineView = Pick<
  typeof paymentLines.$inferSelect,
  | 'id'
  | 'productId'
  | 'productName'
  | 'productDescription'
  | 'productImagePath'
  | 'price'
  | 'currency'
  | 'status'
>;

/** A provider payment token id (`pt-…`), wherever it appears in an exchange's text. */
const paymentTokenId = /\bpt-[0-9A-Za-z-]{6,}/g;

/**
 * The provider's payment token ids never reach the browser: a saved method is known there by the
 * store's own id (`pm_…`), and a token id is what pays with the method at the provider.
 */
function withoutTokenIds<T>(value: T): T {
  if (value === null || value === undefined) return value;
  return JSON.parse(JSON.stringify(value).replace(paymentTokenId, 'pt-[REDACTED]')) as T;
}

/**
 * An exchange as the API shows it, in the list the specification names `xendit_operations`; a
 * webhook the store did not apply says why.
 */
export function toApiExchange(row: StoredExchange): ProviderOperation {
  const common = { id: row.id, mode: row.mode, created: row.createdAt.toISOString() };
  return row.kind === 'webhook'
    ? {
        ...common,
        kind: 'webhook',
        event: row.event ?? '',
        data: withoutTokenIds(row.data),
        ...(row.ignoredReason ? { ignored_reason: row.ignoredReason } : {}),
      }
    : { ...common, kind: 'request', exchange: withoutTokenIds(row.exchange) as never };
}

/**
 * The lines of the payment in the enclosing select, in order. A SQL of its own because in a
 * single-table select drizzle drops the table from the columns at the top level of a selected
 * SQL, and here "payments"."id" must not become the line's "id".
 */
const linesOfPayment = sql`select json_agg(json_build_object(
    'id', ${paymentLines.id},
    'productId', ${paymentLines.productId},
    'productName', ${paymentLines.productName},
    'productDescription', ${paymentLines.productDescription},
    'productImagePath', ${paymentLines.productImagePath},
    'price', ${paymentLines.price},
    'currency', ${paymentLines.currency},
    'status', ${paymentLines.status}
  ) order by ${paymentLines.position})
  from ${paymentLines} where ${paymentLines.paymentId} = ${payments.id}`;

/** A payment's lines in order, as a JSON array of LineView, or null when it has none. */
const paymentLinesJson = sql<LineView[] | null>`(${linesOfPayment})`;

/**
 * A time as the API shows it, made by PostgreSQL: what Date's toISOString gives for it (both cut
 * the microseconds to milliseconds), without a Date parsed and formatted again for each field.
 */
const apiTime = (column: typeof payments.updatedAt) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Where a page of a customer's payments starts: after this payment, or at the newest. `createdAt`
 * is the payment's exact created_at as a page gives it.
 */
export interface PageStart {
  appId: string;
  customerId: string;
  after: PagePosition | null;
  limit: number;
}

/** A payment of a page, its times as the API shows them. */
export type PageView = Omit<PaymentView, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
};

/** A payment of a page, with its lines and its exact created_at for the next page's cursor. */
export interface PageRow {
  payment: PageView;
  lines: LineView[];
  exactCreatedAt: string;
}

/**
 * A page's columns, in the order of its rows' arrays: PaymentView's fields (created_at exact, for
 * the cursor, and cut to the API's form by the store; updated_at as the API shows it), then the
 * lines. Plain columns rather than a JSON object per row: PostgreSQL built those with a type
 * lookup per field and row, about 130 µs of the server's CPU a page, and the store parsed them
 * again (README, Performance).
 */
const pageColumns = {
  ...paymentViewColumns,
  createdAt: exactTime(payments.createdAt),
  updatedAt: apiTime(payments.updatedAt),
  lines: paymentLinesJson,
};

/**
 * A page's statement. The page the storefront asks for has its limit written in: with `LIMIT $n`
 * the server's generic plan looks dearer than a custom one (it cannot know the limit), so it
 * planned every page again, about 100 µs of its CPU; with the limit written in, it plans the
 * statement once. Any other limit is a parameter, so that a customer trying every limit makes two
 * statements, not a hundred that would push everyone's out of the embedded database's cache.
 */
function pageStatement(
  db: Database,
  fromCursor: boolean,
  plannedLimit: number | null,
): (values: Record<string, unknown>, limit: number) => Promise<unknown[][]> {
  const { sql: text, params } = db
    .select(pageColumns)
    .from(payments)
    .where(
      and(
        eq(payments.appId, sql.placeholder('appId')),
        eq(payments.customerId, sql.placeholder('customerId')),
        // A row comparison, so that the index scan starts at the cursor rather than filtering
        // every newer payment out on the way there.
        fromCursor
          ? sql`(${payments.createdAt}, ${payments.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`
          : undefined,
        // A card payment is an order once the cards script submitted the card (the provider
        // then has a payment request); an opened card form alone is not.
        sql`(${payments.channelCode} <> 'CARDS' or ${payments.providerRequestId} is not null)`,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .toSQL();
  const name = `payments_page_${fromCursor ? 'next' : 'first'}`;
  if (plannedLimit !== null) {
    const run = arrayStatement(db, `${name}_${plannedLimit}`, `${text} limit ${plannedLimit}`);
    return (values) => run(fillPlaceholders(params, values));
  }
  const run = arrayStatement(db, name, `${text} limit $${params.length + 1}`);
  return (values, limit) => run([...fillPlaceholders(params, values), limit]);
}

/** The rows a page of the contract's default size reads: one more tells a next page exists. */
const plannedPageLimit = listPaymentsQuerySchema.parse({}).limit + 1;

/** Each database's page statements: first or next page, the planned limit or any other. */
const pageStatements = new WeakMap<Database, Map<string, ReturnType<typeof pageStatement>>>();

/**
 * Where each of pageColumns is in a row's array: drizzle selects them in the order of their keys,
 * so a row is read by name and a column added or moved there cannot shift the others.
 */
const at = Object.fromEntries(Object.keys(pageColumns).map((key, index) => [key, index])) as {
  [Key in keyof typeof pageColumns]: number;
};

/** A page row's array as PageRow. */
function toPageRow(row: unknown[]): PageRow {
  const exact = row[at.createdAt] as string;
  const voucherAmount = row[at.voucherAmount];
  return {
    payment: {
      id: row[at.id],
      // int8 comes from the driver as a string (pg) or a bigint (PGlite); amounts are safe integers.
      amount: Number(row[at.amount]),
      currency: row[at.currency],
      country: row[at.country],
      channelCode: row[at.channelCode],
      type: row[at.type],
      status: row[at.status],
      failureCode: row[at.failureCode],
      voucherId: row[at.voucherId],
      voucherCode: row[at.voucherCode],
      voucherAmount: voucherAmount === null ? null : Number(voucherAmount),
      actions: row[at.actions],
      channelProperties: row[at.channelProperties],
      paymentMethodId: row[at.paymentMethodId],
      // What apiTime makes: the microseconds cut to milliseconds ("….123456Z" to "….123Z").
      createdAt: `${exact.slice(0, -4)}Z`,
      updatedAt: row[at.updatedAt],
    } as PageView,
    lines: (row[at.lines] ?? []) as LineView[],
    exactCreatedAt: exact,
  };
}

/**
 * A page of a customer's payments, newest first, each with its lines. The statements are
 * prepared once per database (four at most: first or next page, the planned limit or any other):
 * a page costs neither building its SQL nor, at the storefront's page size, planning it again.
 */
export async function readPaymentPage(
  db: Database,
  { appId, customerId, after, limit }: PageStart,
): Promise<PageRow[]> {
  let statements = pageStatements.get(db);
  if (!statements) {
    statements = new Map();
    pageStatements.set(db, statements);
  }
  const planned = limit === plannedPageLimit;
  const key = `${after ? 'next' : 'first'} ${planned ? limit : 'any'}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = pageStatement(db, after !== null, planned ? plannedPageLimit : null);
    statements.set(key, statement);
  }
  const rows = await statement(
    after
      ? { appId, customerId, afterCreatedAt: after.createdAt, afterId: after.id }
      : { appId, customerId },
    limit,
  );
  return rows.map(toPageRow);
}

function toOrderLine(line: LineView): OrderLine {
  const currency = line.currency as Currency;
  return {
    id: line.id,
    product_id: line.productId,
    quantity: 1,
    price: line.price,
    currency,
    status: line.status as OrderLineStatus,
    product: {
      id: line.productId,
      name: line.productName,
      description: line.productDescription,
      image_url: line.productImagePath,
      price: { amount: line.price, currency },
    },
  };
}

/** A time as the API shows it; a page's times come so from PostgreSQL (`apiTime`). */
const apiTimeOf = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

/** A payment as the API shows it, from its row and its lines in order. */
export function toApiPayment(
  row: PaymentView | PageView,
  lines: LineView[],
  exchanges?: StoredExchange[],
): Payment {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency as Currency,
    country: row.country,
    channel: row.channelCode,
    channel_name: channelName(row.country, row.channelCode),
    reference_id: row.id,
    type: row.type,
    status: toApiStatus(row.status as StoredPaymentStatus),
    failure_code: row.failureCode,
    orders: lines.map(toOrderLine),
    voucher:
      row.voucherId && row.voucherCode
        ? { id: row.voucherId, code: row.voucherCode, fixed_amount: row.voucherAmount ?? 0 }
        : null,
    actions: row.actions as PaymentAction[],
    channel_properties: row.channelProperties,
    payment_method_id: row.paymentMethodId,
    created: apiTimeOf(row.createdAt),
    updated: apiTimeOf(row.updatedAt),
    ...(exchanges ? { xendit_operations: exchanges.map(toApiExchange) } : {}),
  };
}

/** Payments as the API shows them, with their lines read in one query for all of them. */
export async function toApiPayments(
  db: Database,
  rows: PaymentView[],
  exchanges?: StoredExchange[],
): Promise<Payment[]> {
  if (rows.length === 0) return [];
  const lineRows = await db
    .select()
    .from(paymentLines)
    .where(
      inArray(
        paymentLines.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentLines.paymentId), asc(paymentLines.position));
  const linesByPayment = new Map<string, LineView[]>();
  for (const line of lineRows) {
    const lines = linesByPayment.get(line.paymentId);
    if (lines) lines.push(line);
    else linesByPayment.set(line.paymentId, [line]);
  }
  return rows.map((row) => toApiPayment(row, linesByPayment.get(row.id) ?? [], exchanges));
}
