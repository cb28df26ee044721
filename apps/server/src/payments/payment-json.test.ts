import { describe, expect, it } from 'vitest';
import * as core from 'zod/v4/core';
import {
  api,
  currencies,
  orderLineStatusSchema,
  paymentStatusSchema,
  type OrderLine,
  type Payment,
} from '@store/contract';
import { compiledSchema } from '../http/response-serializer.ts';
import { encodePayment, encodePaymentPage as encodePageBytes } from './payment-json.ts';

type Page = { payments: Payment[]; next_cursor: string | null };

/** The encoder's bytes as text, to compare with the contract's JSON. */
const encodePaymentPage = (page: Page) => encodePageBytes(page)?.toString('utf8');

const contract = api.listPayments.response;
/** What the route's serializer made before: the compiled contract's encode, then JSON. */
const contractJson = (page: unknown) =>
  JSON.stringify(core.encode(compiledSchema(contract), page as Page));
const contractRefuses = (page: unknown) => !core.safeEncode(contract, page as Page).success;

const lineStatuses = orderLineStatusSchema._zod.def.entries;
const paymentStatuses = Object.values(paymentStatusSchema._zod.def.entries);

function line(index: number, currency: Payment['currency']): OrderLine {
  return {
    id: `line_${index}`,
    product_id: `product-${index}`,
    quantity: 1,
    price: 1000 * index,
    currency,
    status: Object.values(lineStatuses)[index % Object.values(lineStatuses).length]!,
    product: {
      id: `product-${index}`,
      // Text JSON must escape: quotes, a backslash, a newline, a control character, non-ASCII.
      name: index % 2 ? `Mug "${index}" \\ \n\u0001` : 'Kopi susu — ☕ 𝄞',
      description: index % 3 ? 'A mug' : '',
      image_url: `/images/${index}.png`,
      price: { amount: 1000 * index, currency },
    },
  };
}

/** Payments of every status, with and without lines, vouchers, actions, failure codes, nulls. */
const payments: Payment[] = paymentStatuses.flatMap((status, statusIndex) =>
  currencies.map((currency, currencyIndex): Payment => {
    const n = statusIndex * currencies.length + currencyIndex;
    return {
      id: `pay_${n}`,
      amount: n % 5 === 0 ? 0 : 89_000 * (n + 1),
      currency,
      country: ['ID', 'PH', 'VN', 'TH', 'MY', 'SG', 'US'][currencyIndex]!,
      channel: ['BCA_VIRTUAL_ACCOUNT', 'GCASH', 'CARDS', 'QRIS', 'OVO'][n % 5]!,
      channel_name: ['BCA', 'GCash', 'Cards', 'QRIS', 'OVO'][n % 5]!,
      reference_id: `pay_${n}`,
      type: n % 2 ? 'PAY_AND_SAVE' : 'PAY',
      status,
      failure_code: status === 'FAILED' ? 'INSUFFICIENT_BALANCE' : null,
      orders: Array.from({ length: n % 4 }, (_, index) => line(n + index, currency)),
      voucher: n % 3 === 0 ? { id: `vou_${n}`, code: 'TENOFF', fixed_amount: 10_000 } : null,
      actions:
        n % 4 === 1
          ? [
              {
                type: 'REDIRECT_CUSTOMER',
                descriptor: 'WEB_URL',
                value: 'https://x/?a=1&b="2"',
                paymentCode: null,
              },
              {
                type: 'PRESENT_TO_CUSTOMER',
                descriptor: null,
                value: null,
                paymentCode: '8808 1234',
              },
            ]
          : [],
      channel_properties:
        n % 3 === 1
          ? { mobile_number: '+628123', nested: { list: [1, 'two', null, true] }, note: 'ü "q"' }
          : {},
      payment_method_id: n % 2 ? `pm_${n}` : null,
      created: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.123Z`,
      updated: '2026-11-27T07:00:00.000Z',
    };
  }),
);

const page = (changes: Partial<Page> = {}): Page => ({
  payments,
  next_cursor: 'MjAyNi0xMS0yN1QwNzowMDowMC4xMjM0NTZafHBheV8x',
  ...changes,
});

/** The page with one payment changed by `change`, as JSON would come from anywhere. */
function withPayment(change: (payment: Record<string, unknown>) => void): unknown {
  const changed = structuredClone(page()) as unknown as { payments: Record<string, unknown>[] };
  change(changed.payments[3]!);
  return changed;
}

describe("a page of payments as JSON, written without the contract's serializer", () => {
  it("encodes every kind of payment exactly as the contract's serializer does", () => {
    expect(payments.length).toBeGreaterThan(50);
    expect(encodePaymentPage(page())).toBe(contractJson(page()));
    expect(encodePaymentPage(page({ next_cursor: null }))).toBe(
      contractJson(page({ next_cursor: null })),
    );
    expect(encodePaymentPage(page({ payments: [], next_cursor: null }))).toBe(
      contractJson({ payments: [], next_cursor: null }),
    );
    for (const payment of payments) {
      const one = page({ payments: [payment] });
      expect(encodePaymentPage(one)).toBe(contractJson(one));
    }
  });

  it('leaves out the fields the contract does not name, as the contract does', () => {
    const withExtras = withPayment((payment) => {
      payment.idempotency_key = 'secret-key';
      payment.actions = [
        { type: 'OTP', descriptor: null, value: null, paymentCode: null, token: 'pt-secret' },
      ];
      payment.voucher = { id: 'vou_3', code: 'TENOFF', fixed_amount: 1, owner: 'secret-owner' };
    });
    const json = encodePaymentPage(withExtras as Page);
    expect(json).toBe(contractJson(withExtras));
    expect(json).not.toContain('secret');
  });

  it.each<[string, (payment: Record<string, unknown>) => void]>([
    ['an unknown status', (payment) => (payment.status = 'CREATING')],
    ['an unknown currency', (payment) => (payment.currency = 'EUR')],
    ['an unknown type', (payment) => (payment.type = 'TOKENIZATION')],
    ['a fractional amount', (payment) => (payment.amount = 1.5)],
    ['an amount as text', (payment) => (payment.amount = '89000')],
    ['a missing time', (payment) => delete payment.created],
    ['an undefined failure code', (payment) => (payment.failure_code = undefined)],
    ['channel properties as a list', (payment) => (payment.channel_properties = [])],
    [
      'an action without its code',
      (payment) => (payment.actions = [{ type: 'OTP', descriptor: null, value: null }]),
    ],
    ['a line of two', (payment) => ((payment.orders as OrderLine[])[0]!.quantity = 2 as 1)],
    [
      'a negative line price',
      (payment) => ((payment.orders as OrderLine[])[0]!.product.price.amount = -1),
    ],
    [
      'a line of an unknown status',
      (payment) => ((payment.orders as { status: string }[])[0]!.status = 'SHIPPED'),
    ],
    ['a voucher without its code', (payment) => (payment.voucher = { id: 'v', fixed_amount: 1 })],
    ['no voucher field', (payment) => delete payment.voucher],
    [
      'a line without its product',
      (payment) => delete (payment.orders as Partial<OrderLine>[])[0]!.product,
    ],
    [
      'a product without its price',
      (payment) =>
        delete ((payment.orders as OrderLine[])[0]!.product as Partial<OrderLine['product']>).price,
    ],
    ['a null action', (payment) => (payment.actions = [null])],
    [
      'a voucher given as a list with named fields',
      (payment) =>
        (payment.voucher = Object.assign([], { id: 'vou_3', code: 'TENOFF', fixed_amount: 1 })),
    ],
    ['a null line', (payment) => (payment.orders = [null])],
  ])('leaves %s to the contract, which refuses it', (_name, change) => {
    const wrong = withPayment(change);
    expect(contractRefuses(wrong)).toBe(true);
    expect(encodePaymentPage(wrong as Page)).toBeUndefined();
  });

  it('leaves out a channel property named __proto__, as the contract does', () => {
    // JSON.parse makes "__proto__" an own property; the contract's record never copies it.
    const withProto = withPayment(
      (payment) =>
        (payment.channel_properties = JSON.parse('{"__proto__":{"admin":true},"mobile":"+62"}')),
    );
    const json = encodePaymentPage(withProto as Page) ?? contractJson(withProto);
    expect(json).toBe(contractJson(withProto));
    expect(json).not.toContain('admin');
  });

  it("leaves a payment with its provider operations to the contract's serializer", () => {
    const withOperations = withPayment((payment) => (payment.xendit_operations = []));
    expect(contractRefuses(withOperations)).toBe(false);
    expect(encodePaymentPage(withOperations as Page)).toBeUndefined();
  });
});

describe("a created payment as JSON, written without the contract's serializer", () => {
  const createContract = compiledSchema(api.createPayment.response);

  it("encodes every kind of payment exactly as the contract's serializer does", () => {
    for (const payment of payments) {
      expect(encodePayment(payment)?.toString('utf8')).toBe(
        JSON.stringify(core.encode(createContract, payment)),
      );
    }
  });

  it("leaves a payment it does not vouch for to the contract's serializer", () => {
    const [first] = payments;
    const wrong = { ...first!, status: 'PAID' } as unknown as Payment;
    expect(core.safeEncode(api.createPayment.response, wrong).success).toBe(false);
    expect(encodePayment(wrong)).toBeUndefined();
    expect(encodePayment({ ...first!, xendit_operations: [] })).toBeUndefined();
  });
});
