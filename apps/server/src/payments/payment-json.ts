import {
  currencySchema,
  orderLineStatusSchema,
  paymentSchema,
  paymentStatusSchema,
  type OrderLine,
  type Payment,
  type PaymentAction,
  type ResponseOf,
  type api,
} from '@store/contract';

type PaymentPage = ResponseOf<typeof api.listPayments>;

/** Thrown inside the encoder for a value it does not vouch for; never leaves this module. */
class NotEncodable extends Error {}

const currencies: ReadonlySet<unknown> = currencySchema._zod.values;
const paymentStatuses: ReadonlySet<unknown> = paymentStatusSchema._zod.values;
const lineStatuses: ReadonlySet<unknown> = orderLineStatusSchema._zod.values;
const paymentTypes: ReadonlySet<unknown> = paymentSchema._zod.def.shape.type._zod.values;

/** An object whose fields are read next: anything else the contract would refuse. */
function fields<T>(value: T): NonNullable<T> {
  // A list with named fields reads like an object here; the contract's objects refuse it.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NotEncodable();
  }
  return value;
}

function text(value: unknown): string {
  if (typeof value !== 'string') throw new NotEncodable();
  return value;
}

function textOrNull(value: unknown): string | null {
  return value === null ? null : text(value);
}

/** z.int(): a safe integer. */
function int(value: unknown): number {
  if (!Number.isSafeInteger(value)) throw new NotEncodable();
  return value as number;
}

function member<T>(values: ReadonlySet<unknown>, value: T): T {
  if (!values.has(value)) throw new NotEncodable();
  return value;
}

/** z.record(z.string(), z.unknown()): a plain object, its values as they are. */
function record(given: unknown): Record<string, unknown> {
  const value = fields(given) as Record<string, unknown>;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw new NotEncodable();
  // JSON.parse makes "__proto__" an own key, which JSON.stringify writes and the contract drops.
  if (Object.hasOwn(value, '__proto__')) throw new NotEncodable();
  return value;
}

function action(given: PaymentAction): PaymentAction {
  const value = fields(given);
  return {
    type: text(value.type),
    descriptor: textOrNull(value.descriptor),
    value: textOrNull(value.value),
    paymentCode: textOrNull(value.paymentCode),
  } as PaymentAction;
}

function orderLine(line: OrderLine): OrderLine {
  fields(line);
  const product = fields(line.product);
  fields(product.price);
  if (line.quantity !== 1 || !Number.isSafeInteger(product.price.amount)) {
    throw new NotEncodable();
  }
  if (product.price.amount < 0) throw new NotEncodable();
  return {
    id: text(line.id),
    product_id: text(line.product_id),
    quantity: 1,
    price: int(line.price),
    currency: member(currencies, line.currency),
    status: member(lineStatuses, line.status),
    product: {
      id: text(product.id),
      name: text(product.name),
      description: text(product.description),
      image_url: text(product.image_url),
      price: { amount: product.price.amount, currency: member(currencies, product.price.currency) },
    },
  };
}

function list<T>(values: T[], copy: (value: T) => T): T[] {
  if (!Array.isArray(values)) throw new NotEncodable();
  const copies = new Array<T>(values.length);
  for (let index = 0; index < values.length; index++) copies[index] = copy(values[index] as T);
  return copies;
}

function payment(given: Payment): Payment {
  const value = fields(given);
  // A single payment's read brings its exchanges; a page never does.
  if (value.xendit_operations !== undefined) throw new NotEncodable();
  const voucher = value.voucher === null ? null : fields(value.voucher);
  return {
    id: text(value.id),
    amount: int(value.amount),
    currency: member(currencies, value.currency),
    country: text(value.country),
    channel: text(value.channel),
    channel_name: text(value.channel_name),
    reference_id: text(value.reference_id),
    type: member(paymentTypes, value.type),
    status: member(paymentStatuses, value.status),
    failure_code: textOrNull(value.failure_code),
    orders: list(value.orders, orderLine),
    voucher:
      voucher === null
        ? null
        : {
            id: text(voucher.id),
            code: text(voucher.code),
            fixed_amount: int(voucher.fixed_amount),
          },
    actions: list(value.actions, action),
    channel_properties: record(value.channel_properties),
    payment_method_id: textOrNull(value.payment_method_id),
    created: text(value.created),
    updated: text(value.updated),
  };
}

/**
 * A page of payments as JSON, the same as the contract's serializer makes it (its checks, only
 * the fields it names): the contract's encode and JSON.stringify were a sixth of a page's CPU in
 * the store (README, Performance). Each value is checked as it is copied into a plain object of
 * the contract's fields in the contract's order, and the page is written by one JSON.stringify,
 * as bytes: built as text piece by piece, and then joined to the headers by Node, a page of 20
 * payments made about 75 KB more short-lived objects, enough to push the pages in flight into
 * V8's old generation (README, Performance). Undefined for anything it does not vouch for, which
 * the contract's serializer then encodes, or refuses with a 500, as before.
 */
export function encodePaymentPage(page: PaymentPage): Buffer | undefined {
  return encoded(() => ({
    payments: list(page.payments, payment),
    next_cursor: textOrNull(page.next_cursor),
  }));
}

/**
 * A created payment as JSON, the same way: the contract's serializer was about a thirtieth of the
 * store's CPU per create (README, Performance).
 */
export function encodePayment(created: Payment): Buffer | undefined {
  return encoded(() => payment(created));
}

function encoded(copy: () => unknown): Buffer | undefined {
  try {
    return Buffer.from(JSON.stringify(copy()));
  } catch (error) {
    if (error instanceof NotEncodable) return undefined;
    throw error;
  }
}
