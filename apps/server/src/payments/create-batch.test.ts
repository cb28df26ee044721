import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { catalogueGeneration, paymentLines, payments } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  newLines,
  prepareCreateStatements,
  recordCheckedPayment,
  type CreateStatements,
  type NewPayment,
} from './create-statements.ts';
import { mug, newCustomer as newCustomerOf, paymentOf } from './create-batches.fixture.ts';
import type { PricedOrder } from './pricing.ts';

// Straight on the checked insert, so that the batches are certain: of creates made in one go the
// first is written alone and the others, arriving while it is, together in the next statement.
// Creates written together are written by one transaction, and their rows say which (xmin).

let database: DatabaseHandle;
let statements: CreateStatements;
let generation: number;

beforeAll(async () => {
  database = await createTestDatabase();
  statements = prepareCreateStatements(database.db, { answersTogether: false });
  const [row] = await database.db.select().from(catalogueGeneration);
  generation = row?.generation ?? 0;
});
afterAll(() => database.close());

/** A customer of the demo app; its id. */
const newCustomer = (name: string) => newCustomerOf(database.db, name);

type Create = { values: NewPayment; createLimit?: number; catalogueGeneration?: number };

/**
 * The creates, made in one go, each through the checked insert, once the batches before are done
 * (their last steps take a few turns after their answers).
 */
async function recordAll(creates: Create[]) {
  await new Promise((resolve) => setImmediate(resolve));
  return Promise.allSettled(
    creates.map(({ values, createLimit = 0, catalogueGeneration = generation }) =>
      recordCheckedPayment(
        statements,
        values,
        newLines(values.id, { lines: [mug] } as unknown as PricedOrder),
        { createLimit, catalogueGeneration },
      ),
    ),
  );
}
type Recorded = Awaited<ReturnType<typeof recordCheckedPayment>>;
const answered = (outcome: PromiseSettledResult<Recorded>): Recorded => {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
};

async function storedOf(ids: string[]) {
  const rows = await database.db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      // The transaction that wrote it: a time is the same for two statements within a
      // millisecond on PGlite, and one that wrote alone would then pass for a batch.
      writtenBy: sql<string>`${payments}.xmin::text`,
    })
    .from(payments)
    .where(inArray(payments.id, ids));
  const lines = await database.db
    .select({ paymentId: paymentLines.paymentId, productId: paymentLines.productId })
    .from(paymentLines)
    .where(inArray(paymentLines.paymentId, ids));
  return { rows, lines };
}

describe('the checked insert of creates made together', () => {
  it('writes those that arrive while one is written in one statement, each with its own answer', async () => {
    const customerIds = await Promise.all(['ada', 'bo', 'cy', 'di'].map(newCustomer));
    const creates = customerIds.map((id) => ({ values: paymentOf(id) }));
    const recorded = (await recordAll(creates)).map(answered);
    recorded.forEach((answer, index) => {
      expect(answer?.customer).toMatchObject({
        id: customerIds[index],
        email: `${['ada', 'bo', 'cy', 'di'][index]}@example.com`,
        mobileNumber: '+6281234567890',
        providerCustomerId: null,
      });
      expect(answer).toMatchObject({ createWait: 0, fresh: true });
      expect(answer?.created).toMatchObject({
        id: creates[index]!.values.id,
        customerId: customerIds[index],
        status: 'CREATING',
        amount: 89_000,
      });
    });
    const ids = creates.map((create) => create.values.id);
    const { rows, lines } = await storedOf(ids);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(lines.map((line) => line.paymentId).sort()).toEqual([...ids].sort());
    // The first alone, the other three in one statement, and the answers give its time.
    const transactionOf = new Map(rows.map((row) => [row.id, row.writtenBy]));
    const together = ids.slice(1).map((id) => transactionOf.get(id));
    expect(new Set(together).size).toBe(1);
    expect(transactionOf.get(ids[0]!)).not.toBe(together[0]);
    const createdAt = rows.find((row) => row.id === ids[1])?.createdAt;
    expect(recorded[1]?.created?.createdAt).toEqual(createdAt);
  });

  it('writes a payment and its lines in a batch column for column as alone', async () => {
    const customerId = await newCustomer('kit');
    const full = (): NewPayment => ({
      ...paymentOf(customerId),
      type: 'PAY_AND_SAVE',
      channelCode: 'CARDS',
      voucherId: 'voucher-of-the-batch',
      voucherCode: 'TENOFF',
      voucherAmount: 8_900,
      amount: 80_100,
      channelProperties: { display_name: 'Kit', nested: { b: 1, a: [2] } },
      paymentMethodId: 'pm-of-the-batch',
      providerTokenId: 'token-of-the-batch',
    });
    const creates = [{ values: full() }, { values: full() }, { values: full() }];
    const ids = creates.map((create) => create.values.id);
    const recorded = (await recordAll(creates)).map(answered);
    const rows = await database.db.select().from(payments).where(inArray(payments.id, ids));
    const lines = await database.db
      .select()
      .from(paymentLines)
      .where(inArray(paymentLines.paymentId, ids));
    const comparable = (id: string) => {
      const row = rows.find((candidate) => candidate.id === id);
      const line = lines.find((candidate) => candidate.paymentId === id);
      if (!row || !line) throw new Error(`payment ${id} or its line not written`);
      const { id: rowId, idempotencyKey, requestHash, createdAt, updatedAt, ...columns } = row;
      expect(rowId).toBe(id);
      expect(updatedAt).toEqual(createdAt);
      expect(requestHash).toBe(`hash-${idempotencyKey}`);
      const { id: lineId, paymentId, ...lineColumns } = line;
      expect(lineId).toMatch(/^line_/);
      expect(paymentId).toBe(id);
      return { columns, lineColumns };
    };
    const transactionOf = new Map((await storedOf(ids)).rows.map((row) => [row.id, row.writtenBy]));
    const [first, second, third] = ids.map((id) => transactionOf.get(id));
    // The second and third were written by the batch statement, the first alone.
    expect(second).toBe(third);
    expect(first).not.toBe(second);
    const [alone, ...together] = ids.map(comparable);
    for (const written of together) expect(written).toEqual(alone);
    // The created row the create goes on with is the row as read back.
    recorded.forEach((answer, index) => {
      const row = rows.find((candidate) => candidate.id === ids[index]);
      expect(answer?.created).toEqual(row);
    });
  });

  it('answers each of a batch as alone: a customer gone, a stale copy, a key taken', async () => {
    const [ada, bo] = await Promise.all(['eve', 'fay'].map(newCustomer));
    const earlier = paymentOf(ada!, 'key-taken-before');
    expect(answered((await recordAll([{ values: earlier }]))[0]!)?.created).not.toBeNull();
    const twice = newId('key');
    const creates: Create[] = [
      { values: paymentOf(bo!) },
      { values: paymentOf('cus_nobody') },
      { values: paymentOf(ada!), catalogueGeneration: generation - 1 },
      { values: paymentOf(ada!, 'key-taken-before') },
      { values: paymentOf(bo!, twice) },
      { values: paymentOf(bo!, twice) },
      { values: paymentOf(bo!) },
    ];
    const recorded = (await recordAll(creates)).map(answered);
    expect(recorded[0]?.created).not.toBeNull();
    expect(recorded[1]).toBeNull();
    expect(recorded[2]).toMatchObject({ fresh: false, created: null });
    expect(recorded[3]).toMatchObject({ fresh: true, createWait: 0, created: null });
    // Of two with one key in one statement the first is written, the second is told the key is
    // taken, as a create is when the key's row was committed before it.
    expect(recorded[4]?.created?.id).toBe(creates[4]!.values.id);
    expect(recorded[5]).toMatchObject({ fresh: true, createWait: 0, created: null });
    expect(recorded[6]?.created).not.toBeNull();
    const { rows } = await storedOf(creates.map((create) => create.values.id));
    expect(rows.map((row) => row.id).sort()).toEqual(
      [creates[0], creates[4], creates[6]].map((create) => create!.values.id).sort(),
    );
    const keyed = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.idempotencyKey, 'key-taken-before'));
    expect(keyed).toEqual([{ id: earlier.id }]);
    // The six after the first were one statement: the two of them written share its transaction.
    const transactionOf = new Map(rows.map((row) => [row.id, row.writtenBy]));
    expect(transactionOf.get(creates[4]!.values.id)).toBe(transactionOf.get(creates[6]!.values.id));
    expect(transactionOf.get(creates[0]!.values.id)).not.toBe(
      transactionOf.get(creates[4]!.values.id),
    );
  });

  it("keeps one customer's creates under a budget in statements one after another", async () => {
    const [ada, bo, cy] = await Promise.all(['gus', 'hal', 'ivy'].map(newCustomer));
    const limit = 3;
    const creates: Create[] = [
      ...Array.from({ length: 8 }, () => ({ values: paymentOf(ada!), createLimit: limit })),
      { values: paymentOf(bo!), createLimit: limit },
      { values: paymentOf(cy!), createLimit: limit },
    ];
    const recorded = (await recordAll(creates)).map(answered);
    const ofAda = recorded.slice(0, 8);
    expect(ofAda.filter((answer) => answer?.created).length).toBe(limit);
    expect(ofAda.slice(0, limit).every((answer) => answer?.created)).toBe(true);
    for (const refused of ofAda.slice(limit)) {
      expect(refused?.created).toBeNull();
      expect(refused?.createWait).toBeGreaterThan(0);
    }
    // The other customers' creates went together, with Ada's second (or, had her first stalled,
    // beside it), not after all of hers.
    const { rows } = await storedOf(creates.map((create) => create.values.id));
    const transactionOf = new Map(rows.map((row) => [row.id, Number(row.writtenBy)]));
    const others = transactionOf.get(creates[8]!.values.id);
    expect(transactionOf.get(creates[9]!.values.id)).toBe(others);
    expect(others).toBeLessThan(transactionOf.get(creates[2]!.values.id)!);
  });

  it('runs each of a failed batch alone: only the create that fails fails', async () => {
    const [ada] = await Promise.all(['jo'].map(newCustomer));
    const broken = paymentOf(ada!);
    // jsonb refuses a lone surrogate: this create's statement fails whoever it is written with.
    broken.channelProperties = { display_name: 'Ada \ud800' };
    const creates: Create[] = [
      { values: paymentOf(ada!) },
      { values: paymentOf(ada!) },
      { values: broken },
      { values: paymentOf(ada!) },
    ];
    const outcomes = await recordAll(creates);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const { rows, lines } = await storedOf(creates.map((create) => create.values.id));
    const written = [creates[0], creates[1], creates[3]].map((create) => create!.values.id).sort();
    expect(rows.map((row) => row.id).sort()).toEqual(written);
    expect(lines.map((line) => line.paymentId).sort()).toEqual(written);
  });
});
