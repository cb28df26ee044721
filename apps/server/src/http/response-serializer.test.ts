import { describe, expect, it } from 'vitest';
import * as core from 'zod/v4/core';
import { api, type Payment } from '@store/contract';
import { compiledSchema } from './response-serializer.ts';

const payment = (id: string): Payment => ({
  id,
  amount: 89000,
  currency: 'IDR',
  country: 'ID',
  channel: 'BCA_VIRTUAL_ACCOUNT',
  channel_name: 'BCA',
  reference_id: id,
  type: 'PAY',
  status: 'SUCCEEDED',
  failure_code: null,
  orders: [
    {
      id: `line-${id}`,
      product_id: 'mug',
      quantity: 1,
      price: 89000,
      currency: 'IDR',
      status: 'PAID',
      product: {
        id: 'mug',
        name: 'Mug',
        description: 'A mug',
        image_url: '/images/mug.png',
        price: { amount: 89000, currency: 'IDR' },
      },
    },
  ],
  voucher: { id: 'v1', code: 'TENOFF', fixed_amount: 10000 },
  actions: [],
  channel_properties: { display_name: 'Bench' },
  payment_method_id: null,
  created: '2026-11-26T10:00:00.000Z',
  updated: '2026-11-26T10:00:01.000Z',
});
const page = { payments: [payment('pay_1'), payment('pay_2')], next_cursor: 'cursor' };
const contract = api.listPayments.response;
const compiled = compiledSchema(contract);

describe('the response serializer with compiled objects', () => {
  it('compiles the objects of an answer, nested ones included', () => {
    const payments = (compiled._zod.def as core.$ZodObjectDef).shape.payments;
    const item = (payments?._zod.def as core.$ZodArrayDef).element;
    expect(compiled).toBeInstanceOf(core.$ZodObjectJIT);
    expect(item).toBeInstanceOf(core.$ZodObjectJIT);
  });

  it('encodes a page exactly as the contract does', () => {
    expect(JSON.stringify(core.encode(compiled, page))).toBe(
      JSON.stringify(core.encode(contract, page)),
    );
  });

  it('refuses what the contract refuses, at the same paths', () => {
    const wrong = structuredClone(page) as unknown as {
      payments: Record<string, unknown>[];
    };
    wrong.payments[0]!.status = 'SOMETHING_ELSE';
    delete wrong.payments[1]!.created;
    const paths = (schema: core.$ZodType) =>
      core.safeEncode(schema, wrong).error?.issues.map((issue) => issue.path);
    expect(paths(compiled)).toEqual(paths(contract));
    expect(paths(compiled)).toHaveLength(2);
  });

  it('leaves out fields the contract does not name', () => {
    const withSecret = structuredClone(page) as unknown as {
      payments: Record<string, unknown>[];
    };
    withSecret.payments[0]!.idempotency_key = 'secret-key';
    expect(JSON.stringify(core.encode(compiled, withSecret))).not.toContain('secret-key');
  });
});
