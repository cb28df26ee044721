import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { customers, exchanges, paymentLines, payments } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { lineStatusesFrom, lineStatusFor } from '../statuses/order-line-status.ts';
import {
  movePayment,
  paymentStatusesFrom,
  type StoredPaymentStatus,
} from '../statuses/payment-status.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  newLines,
  prepareCreateStatements,
  recordPayment,
  type CreateAnswer,
  type CreateStatements,
} from './create-statements.ts';
import { mug, newCustomer as newCustomerOf, paymentOf } from './create-batches.fixture.ts';
import type { PricedOrder } from './pricing.ts';

// Straight on the answer's statement, as create-batch.test.ts is on the checked insert: of
// answers applied in one go the first is written alone and the others, arriving while it is,
// together in the next statement. Rows written together share their transaction (xmin).

let database: DatabaseHandle;
let statements: CreateStatements;

beforeAll(async () => {
  database = await createTestDatabase();
  statements = prepareCreateStatements(database.db, { answersTogether: true });
});
afterAll(() => database.close());

/** A customer of the demo app; its id. */
const newCustomer = (name: string) => newCustomerOf(database.db, name);

/** A payment recorded as a create records it, CREATING, with two lines; its id. */
async function newPayment(customerId: string): Promise<string> {
  const values = { ...paymentOf(customerId), amount: 178_000 };
  const { id } = values;
  const recorded = await recordPayment(
    statements,
    values,
    newLines(id, { lines: [mug, mug] } as unknown as PricedOrder),
  );
  if (!recorded) throw new Error('payment not recorded');
  return id;
}

/** The provider's answer to a payment's create, as the create makes it. */
function answerFor(
  paymentId: string,
  customerId: string,
  status: StoredPaymentStatus,
  providerCustomerId: string | null = null,
): CreateAnswer {
  const lineStatus = lineStatusFor(status);
  return {
    paymentId,
    status,
    allowedFrom: paymentStatusesFrom(status, 'provider'),
    providerRequestId: `pr-${paymentId}`,
    failureCode: status === 'FAILED' ? 'INSUFFICIENT_BALANCE' : null,
    actions:
      status === 'REQUIRES_ACTION'
        ? [{ type: 'PRESENT_TO_CUSTOMER', descriptor: 'VIRTUAL_ACCOUNT_NUMBER', value: '8808 1' }]
        : [],
    channelProperties: { display_name: 'Ada', expires_at: '2026-12-03T10:00:00Z' },
    providerTokenId: null,
    lineStatus,
    lineFrom: lineStatus ? lineStatusesFrom(lineStatus, 'provider') : [],
    exchangeId: newId('op'),
    appId: 'demo-id',
    mode: 'development',
    exchange: { request: { method: 'POST', data: { reference_id: paymentId } }, response: null },
    customerId,
    providerCustomerId,
  };
}

/** The answers, applied in one go, once the batches before are done. */
async function applyAll(answers: CreateAnswer[]) {
  await new Promise((resolve) => setImmediate(resolve));
  return Promise.allSettled(answers.map((answer) => statements.recordAnswer(answer)));
}
type Applied = Awaited<ReturnType<CreateStatements['recordAnswer']>>;
const applied = (outcome: PromiseSettledResult<Applied>): Applied => {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
};

/** Each payment's transaction of its last write, by id. */
async function writtenBy(ids: string[]) {
  const rows = await database.db
    .select({ id: payments.id, xmin: sql<string>`${payments}.xmin::text` })
    .from(payments)
    .where(inArray(payments.id, ids));
  return new Map(rows.map((row) => [row.id, row.xmin]));
}

/** What the answer wrote of a payment: its row, its lines and its exchange. */
async function writtenOf(paymentId: string) {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
  const lines = await database.db
    .select({ status: paymentLines.status })
    .from(paymentLines)
    .where(eq(paymentLines.paymentId, paymentId));
  const operations = await database.db
    .select({ kind: exchanges.kind, mode: exchanges.mode, exchange: exchanges.exchange })
    .from(exchanges)
    .where(eq(exchanges.paymentId, paymentId));
  if (!row) throw new Error(`payment ${paymentId} not found`);
  // What differs between any two payments: their ids, keys and times.
  const columns: Partial<typeof row> = { ...row };
  for (const key of [
    'id',
    'idempotencyKey',
    'requestHash',
    'providerRequestId',
    'createdAt',
    'updatedAt',
  ] as const) {
    delete columns[key];
  }
  return { columns, lines, operations };
}

describe('the answers of creates applied together', () => {
  it('writes those that arrive while one is written in one statement, each as alone', async () => {
    const customerIds = await Promise.all(['ada', 'bo', 'cy', 'di'].map(newCustomer));
    const ids = await Promise.all(customerIds.map(newPayment));
    const statuses: StoredPaymentStatus[] = ['REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'SUCCEEDED'];
    const answers = ids.map((id, index) => answerFor(id, customerIds[index]!, statuses[index]!));
    const results = (await applyAll(answers)).map(applied);

    results.forEach((result, index) => {
      expect(result?.lockedStatus).toBe('CREATING');
      expect(result?.moved).toMatchObject({ id: ids[index], status: statuses[index] });
      // The lines move with a final status, and stay PENDING while the customer pays.
      expect(result?.movedLineIds).toHaveLength(statuses[index] === 'REQUIRES_ACTION' ? 0 : 2);
    });
    expect(results[0]?.moved?.actions).toEqual(answers[0]!.actions);
    expect(results[2]?.moved?.failureCode).toBe('INSUFFICIENT_BALANCE');

    const transactionOf = await writtenBy(ids);
    const together = ids.slice(1).map((id) => transactionOf.get(id));
    expect(new Set(together).size).toBe(1);
    expect(transactionOf.get(ids[0]!)).not.toBe(together[0]);

    const requestIds = await database.db
      .select({ id: payments.id, providerRequestId: payments.providerRequestId })
      .from(payments)
      .where(inArray(payments.id, ids));
    for (const { id, providerRequestId } of requestIds) expect(providerRequestId).toBe(`pr-${id}`);
    // The fourth answered as another answered alone after the batch.
    const alone = await newPayment(customerIds[3]!);
    applied((await applyAll([answerFor(alone, customerIds[3]!, 'SUCCEEDED')]))[0]!);
    const [inBatch, byItself] = await Promise.all([writtenOf(ids[3]!), writtenOf(alone)]);
    expect(inBatch.lines).toEqual([{ status: 'PAID' }, { status: 'PAID' }]);
    expect(inBatch.operations).toEqual([
      { kind: 'request', mode: 'development', exchange: answers[3]!.exchange },
    ]);
    // The exchanges differ by the payment they name only.
    expect({
      ...inBatch,
      operations: inBatch.operations.map(({ exchange: _, ...rest }) => rest),
    }).toEqual({
      ...byItself,
      operations: byItself.operations.map(({ exchange: _, ...rest }) => rest),
    });
  });

  it('moves each payment of a batch only as the table of moves allows', async () => {
    const customerId = await newCustomer('eve');
    const ids = await Promise.all([1, 2, 3, 4].map(() => newPayment(customerId)));
    // A webhook moved the third before its create's answer came back.
    await movePayment(database.db, ids[2]!, 'SUCCEEDED');
    const answers = [
      answerFor(ids[0]!, customerId, 'REQUIRES_ACTION'),
      answerFor(ids[1]!, customerId, 'REQUIRES_ACTION'),
      answerFor(ids[2]!, customerId, 'FAILED'),
      answerFor('pay_nobody', customerId, 'REQUIRES_ACTION'),
      answerFor(ids[3]!, customerId, 'FAILED'),
    ];
    const results = (await applyAll(answers)).map(applied);
    expect(results[1]).toMatchObject({
      lockedStatus: 'CREATING',
      moved: { status: 'REQUIRES_ACTION' },
    });
    // Paid stays paid, its lines with it, and the answer is still kept with the payment.
    expect(results[2]).toMatchObject({ lockedStatus: 'SUCCEEDED', moved: null, movedLineIds: [] });
    const paid = await writtenOf(ids[2]!);
    expect(paid.columns.status).toBe('SUCCEEDED');
    expect(paid.lines).toEqual([{ status: 'PAID' }, { status: 'PAID' }]);
    expect(paid.operations).toHaveLength(1);
    expect(results[3]).toBeNull();
    expect(results[4]).toMatchObject({ lockedStatus: 'CREATING', moved: { status: 'FAILED' } });
    expect(results[4]?.movedLineIds).toHaveLength(2);
  });

  it("keeps the provider's first id of a customer whose creates answer together", async () => {
    const [ada, bo, cy] = await Promise.all(['fay', 'gus', 'ivy'].map(newCustomer));
    const ids = await Promise.all([ada!, ada!, ada!, bo!, cy!].map(newPayment));
    const answers = [
      // Alone, so that the others go together.
      answerFor(ids[4]!, cy!, 'REQUIRES_ACTION', 'cust-cy'),
      answerFor(ids[0]!, ada!, 'REQUIRES_ACTION', 'cust-ada-first'),
      answerFor(ids[1]!, ada!, 'REQUIRES_ACTION', 'cust-ada-second'),
      answerFor(ids[2]!, ada!, 'REQUIRES_ACTION', 'cust-ada-third'),
      answerFor(ids[3]!, bo!, 'REQUIRES_ACTION', 'cust-bo'),
    ];
    (await applyAll(answers)).map(applied);
    const known = await database.db
      .select({ id: customers.id, providerCustomerId: customers.providerCustomerId })
      .from(customers)
      .where(inArray(customers.id, [ada!, bo!]));
    expect(new Map(known.map((row) => [row.id, row.providerCustomerId]))).toEqual(
      new Map([
        [ada!, 'cust-ada-first'],
        [bo!, 'cust-bo'],
      ]),
    );
  });

  it('runs each of a failed batch alone: only the answer that fails fails', async () => {
    const customerId = await newCustomer('hal');
    const ids = await Promise.all([1, 2, 3, 4].map(() => newPayment(customerId)));
    const answers = ids.map((id) => answerFor(id, customerId, 'REQUIRES_ACTION'));
    // jsonb refuses a lone surrogate: this answer's statement fails whoever it is written with.
    answers[2]!.exchange = { response: { data: { description: 'Mug \ud800' } } };
    const outcomes = await applyAll(answers);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const moved = await database.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(inArray(payments.id, ids));
    expect(new Map(moved.map((row) => [row.id, row.status]))).toEqual(
      new Map([
        [ids[0]!, 'REQUIRES_ACTION'],
        [ids[1]!, 'REQUIRES_ACTION'],
        [ids[2]!, 'CREATING'],
        [ids[3]!, 'REQUIRES_ACTION'],
      ]),
    );
  });

  it('writes each answer in a statement of its own where answers do not go together', async () => {
    const alone = prepareCreateStatements(database.db, { answersTogether: false });
    const customerId = await newCustomer('ivo');
    const ids = await Promise.all([1, 2, 3].map(() => newPayment(customerId)));
    await new Promise((resolve) => setImmediate(resolve));
    const results = await Promise.all(
      ids.map((id) => alone.recordAnswer(answerFor(id, customerId, 'REQUIRES_ACTION'))),
    );
    expect(results.map((result) => result?.moved?.status)).toEqual(
      ids.map(() => 'REQUIRES_ACTION'),
    );
    expect(new Set((await writtenBy(ids)).values()).size).toBe(3);
  });

  it('applies two answers of one payment one after the other, as alone', async () => {
    const customerId = await newCustomer('jan');
    const [first, paid] = await Promise.all([1, 2].map(() => newPayment(customerId)));
    const results = (
      await applyAll([
        answerFor(first!, customerId, 'REQUIRES_ACTION'),
        answerFor(paid!, customerId, 'REQUIRES_ACTION'),
        answerFor(paid!, customerId, 'SUCCEEDED'),
      ])
    ).map(applied);
    expect(results[1]).toMatchObject({
      lockedStatus: 'CREATING',
      moved: { status: 'REQUIRES_ACTION' },
    });
    expect(results[2]).toMatchObject({
      lockedStatus: 'REQUIRES_ACTION',
      moved: { status: 'SUCCEEDED' },
    });
    expect((await writtenOf(paid!)).lines).toEqual([{ status: 'PAID' }, { status: 'PAID' }]);
  });
});
