import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../../../scripts/test-settings.ts';
import {
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from '../../../../scripts/postgres-databases.ts';
import type { Owner } from '../accounts.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { idempotencyKeys, providerObjects, scheduledJobs } from '../db/schema.ts';
import type { KeyRecord } from '../idempotency.ts';
import type { PaymentRequestPlan } from './create.ts';
import { preparePaymentRequestWrite } from './create-statement.ts';

// Straight on the write, so that the batches are certain: the first write runs alone and the
// ones made while it runs go together in the next statement.
const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;
const targets = [{ name: 'PGlite' }, ...(serverUrl ? [{ name: 'PostgreSQL', serverUrl }] : [])];

const owner: Owner = { businessId: 'business-of-the-write', mode: 'test' };
const otherOwner: Owner = { businessId: 'another-business-of-the-write', mode: 'test' };

/** A create's plan: a payment request naming a new customer, with two jobs. */
function planOf(reference: string): PaymentRequestPlan {
  return {
    paymentRequest: {
      payment_request_id: `pr-${reference}`,
      reference_id: reference,
      status: 'REQUIRES_ACTION',
    } as unknown as PaymentRequestPlan['paymentRequest'],
    internal: { sessionId: undefined },
    newCustomer: {
      id: `cust-${reference}`,
      referenceId: `customer-of-${reference}`,
      data: { reference_id: `customer-of-${reference}` },
    },
    // Far in the future: no worker runs them here, and none would find them due.
    jobs: [
      { kind: 'payment_request.outcome', delayMs: 3_600_000, payload: { of: reference } },
      { kind: 'payment_request.expire', delayMs: 7_200_000 },
    ],
  };
}
const keyOf = (key: string, reference: string): KeyRecord => ({
  businessId: owner.businessId,
  mode: owner.mode,
  endpoint: 'payment_requests',
  key,
  requestHash: `hash-of-${reference}`,
  statusCode: 201,
  response: { payment_request_id: `pr-${reference}` },
});

describe.each(targets)('the payment requests write ($name)', ({ serverUrl: url }) => {
  let throwaway: ThrowawayDatabase | undefined;
  let database: { db: Database; close: () => Promise<void> };
  beforeAll(async () => {
    throwaway = url ? await createThrowawayDatabase(url, 'xendit_sim_write') : undefined;
    database = await openDatabase(throwaway ? { databaseUrl: throwaway.url } : {});
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  async function rowsOf(references: string[]) {
    const ids = references.map((reference) => `pr-${reference}`);
    const objects = await database.db
      .select({ id: providerObjects.id, kind: providerObjects.kind, data: providerObjects.data })
      .from(providerObjects)
      .where(
        inArray(providerObjects.id, [
          ...ids,
          ...references.map((reference) => `cust-${reference}`),
        ]),
      );
    const jobs = await database.db
      .select({ target: scheduledJobs.targetId, payload: scheduledJobs.payload })
      .from(scheduledJobs)
      .where(inArray(scheduledJobs.targetId, ids));
    return { objects, jobs };
  }

  it('writes each create of a batch with its own rows, and none of one whose key was taken', async () => {
    const write = preparePaymentRequestWrite(database.db);
    expect(await write(owner, planOf('w-0'), keyOf('key-w-0', 'w-0'))).toBe(true);
    const written = await Promise.all([
      write(owner, planOf('w-1'), null),
      write(owner, planOf('w-2'), keyOf('key-w-2', 'w-2')),
      write(owner, planOf('w-3'), keyOf('key-w-3', 'w-3')),
      // The key of the one before, in the same batch: that one's key, and nothing of this one.
      write(owner, planOf('w-4'), keyOf('key-w-3', 'w-4')),
      // A key already stored, as a replay sends it.
      write(owner, planOf('w-5'), keyOf('key-w-0', 'w-5')),
      write(owner, planOf('w-6'), keyOf('key-w-6', 'w-6')),
      // The same key of another business: a key of its own.
      write(otherOwner, planOf('w-8'), {
        ...keyOf('key-w-3', 'w-8'),
        businessId: otherOwner.businessId,
      }),
    ]);
    expect(written).toEqual([true, true, true, false, false, true, true]);
    // Written by the batch's statement itself, not each alone after it failed: one statement,
    // one transaction time (w-1 may be in it too: it arrives as w-0's write is ending).
    const times = await database.db
      .select({
        id: providerObjects.id,
        createdAt: sql<string>`${providerObjects.createdAt}::text`,
      })
      .from(providerObjects)
      .where(inArray(providerObjects.id, ['pr-w-0', 'pr-w-2', 'pr-w-3', 'pr-w-6', 'pr-w-8']));
    // To the microsecond, as stored: two statements in one millisecond have two times.
    const timeOf = new Map(times.map((row) => [row.id, row.createdAt]));
    expect(new Set(['pr-w-2', 'pr-w-3', 'pr-w-6', 'pr-w-8'].map((id) => timeOf.get(id))).size).toBe(
      1,
    );
    expect(timeOf.get('pr-w-0')).not.toBe(timeOf.get('pr-w-2'));
    // Alone, a replay's statement fails on the key, and it is told so as in a batch.
    expect(await write(owner, planOf('w-7'), keyOf('key-w-2', 'w-7'))).toBe(false);
    expect((await rowsOf(['w-7'])).objects).toEqual([]);

    const { objects, jobs } = await rowsOf(['w-1', 'w-2', 'w-3', 'w-4', 'w-5', 'w-6']);
    expect(objects.map((row) => row.id).sort()).toEqual(
      ['w-1', 'w-2', 'w-3', 'w-6']
        .flatMap((reference) => [`cust-${reference}`, `pr-${reference}`])
        .sort(),
    );
    for (const row of objects) {
      const reference = row.id.replace(/^(pr|cust)-/, '');
      expect(row.data.reference_id).toBe(
        row.kind === 'customer' ? `customer-of-${reference}` : reference,
      );
    }
    expect(jobs).toHaveLength(8);
    for (const reference of ['w-1', 'w-2', 'w-3', 'w-6']) {
      const payloads = jobs
        .filter((job) => job.target === `pr-${reference}`)
        .map((job) => job.payload);
      expect(payloads).toHaveLength(2);
      expect(payloads).toEqual(expect.arrayContaining([{}, { of: reference }]));
    }
    const keys = await database.db
      .select({ key: idempotencyKeys.key, hash: idempotencyKeys.requestHash })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.businessId, owner.businessId),
          inArray(idempotencyKeys.key, ['key-w-0', 'key-w-2', 'key-w-3', 'key-w-6']),
        ),
      );
    expect(Object.fromEntries(keys.map((row) => [row.key, row.hash]))).toEqual({
      'key-w-0': 'hash-of-w-0',
      'key-w-2': 'hash-of-w-2',
      'key-w-3': 'hash-of-w-3',
      'key-w-6': 'hash-of-w-6',
    });
  });

  it('writes the others of a batch that failed, each alone, and fails only the failing one', async () => {
    const write = preparePaymentRequestWrite(database.db);
    expect(await write(owner, planOf('f-0'), null)).toBe(true);
    const outcomes = await Promise.allSettled([
      write(owner, planOf('f-0'), null),
      write(owner, planOf('f-1'), keyOf('key-f-1', 'f-1')),
      write(owner, planOf('f-2'), null),
    ]);
    // The id of an object already written: that create's statement fails, alone too.
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // Alone, with a key of its own: the object's id, not the key, fails it, and so does the write.
    await expect(write(owner, planOf('f-0'), keyOf('key-f-0', 'f-0'))).rejects.toThrow();
    const { objects } = await rowsOf(['f-1', 'f-2']);
    expect(objects.map((row) => row.id).sort()).toEqual([
      'cust-f-1',
      'cust-f-2',
      'pr-f-1',
      'pr-f-2',
    ]);
  });
});
