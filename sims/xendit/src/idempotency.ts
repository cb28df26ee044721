import { createHash } from 'node:crypto';
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import { canonicalJson } from '@store/xendit';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './accounts.ts';
import { ApiError } from './api-error.ts';
import { isUniqueViolation, type Database } from './db/database.ts';
import { idempotencyKeys } from './db/schema.ts';
import { writeTogether } from './db/write-together.ts';
import type { SimContext } from './sim-context.ts';

export type Answer = { statusCode: number; body: unknown };

/** The first answer to an idempotency key, as it is stored. */
export type KeyRecord = Omit<typeof idempotencyKeys.$inferInsert, 'createdAt'>;

/**
 * Keys are stored whole under the primary key: one past PostgreSQL's index row limit (about 2.7 kB
 * of text it cannot compress) failed the create with a 500, so longer keys are refused first.
 */
const maxKeyLength = 255;

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'] ?? request.headers['x-idempotency-key'];
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.length > maxKeyLength) {
    throw new ApiError(
      400,
      'API_VALIDATION_ERROR',
      `The idempotency key must be at most ${maxKeyLength} characters`,
    );
  }
  return value;
}

function storedAnswers(principal: Principal, endpoint: string, key: string, requestHash: string) {
  const where = and(
    eq(idempotencyKeys.businessId, principal.businessId),
    eq(idempotencyKeys.mode, principal.mode),
    eq(idempotencyKeys.endpoint, endpoint),
    eq(idempotencyKeys.key, key),
  );
  return {
    /** The first answer to the key, or a 409 when it was used with another body. */
    async replay(db: Database): Promise<Answer | undefined> {
      const [stored] = await db.select().from(idempotencyKeys).where(where);
      if (!stored) return undefined;
      if (stored.requestHash !== requestHash) {
        throw new ApiError(
          409,
          'DUPLICATE_ERROR',
          `The idempotency key ${key} was already used with a different request body`,
        );
      }
      return { statusCode: stored.statusCode, body: stored.response };
    },
    record: (answer: Answer): KeyRecord => ({
      businessId: principal.businessId,
      mode: principal.mode,
      endpoint,
      key,
      requestHash,
      statusCode: answer.statusCode,
      response: answer.body,
    }),
  };
}

const requestHashOf = (request: FastifyRequest) =>
  createHash('sha256').update(canonicalJson(request.body)).digest('hex');

/**
 * Runs a create once per idempotency key. The stored answer is written in the create's own
 * transaction under a primary key, so two concurrent requests with one key make one object: the
 * second one's insert fails on the key, its transaction rolls back, and it replays the first answer.
 */
export async function idempotent(
  ctx: SimContext,
  principal: Principal,
  request: FastifyRequest,
  endpoint: string,
  create: (tx: Database) => Promise<Answer>,
): Promise<Answer> {
  const key = keyOf(request);
  if (key === undefined) return ctx.transaction(create);
  const stored = storedAnswers(principal, endpoint, key, requestHashOf(request));
  try {
    return await ctx.transaction(async (tx) => {
      const earlier = await stored.replay(tx);
      if (earlier) return earlier;
      const answer = await create(tx);
      await tx.insert(idempotencyKeys).values(stored.record(answer));
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await stored.replay(ctx.db);
    if (!earlier) throw error;
    return earlier;
  }
}

/**
 * A create worked out before anything is written: its answer and what writes it, with its key's
 * first answer, in one statement; or, when it must go on in a transaction (a payment request settled
 * at once), its inserts and what it does there, which gives the final answer's body.
 */
export type PlannedCreate = Answer &
  (
    | {
        /** False when another create took the key first: nothing was written. */
        write: (key: KeyRecord | null) => Promise<boolean>;
        complete?: never;
      }
    | {
        complete: { inserts: SQLWrapper[]; run: (tx: Database) => Promise<unknown> };
        write?: never;
      }
  );

/**
 * Like `idempotent`, for a create planned from reads alone: its rows and its stored answer are
 * written in one statement, without a transaction, when nothing else is to be done. The key is
 * checked when the statement fails on it (a replay, or a concurrent request with the key), and when
 * the plan is refused, so that a replay gets the first answer even if the create would now be
 * refused. Nothing a plan writes is due at once (what is goes through `complete`, in a
 * transaction that wakes the worker), so the statement leaves the worker to its polling.
 */
export async function idempotentPlanned(
  ctx: SimContext,
  principal: Principal,
  request: FastifyRequest,
  endpoint: string,
  plan: (db: Database) => Promise<PlannedCreate>,
): Promise<Answer> {
  const key = keyOf(request);
  const stored =
    key === undefined ? null : storedAnswers(principal, endpoint, key, requestHashOf(request));
  let planned: PlannedCreate;
  try {
    planned = await plan(ctx.db);
  } catch (error) {
    const earlier = error instanceof ApiError ? await stored?.replay(ctx.db) : undefined;
    if (earlier) return earlier;
    throw error;
  }
  const { statusCode, body } = planned;
  // Why the key's answer is this create's: another create took the key first, and nothing of
  // this one was written (the write says so, or its statement failed on the key).
  let keyTaken: unknown;
  try {
    if (planned.complete) {
      const { inserts, run } = planned.complete;
      return await ctx.transaction(async (tx) => {
        await writeTogether(tx, inserts);
        const answer = { statusCode, body: await run(tx) };
        if (stored) await tx.insert(idempotencyKeys).values(stored.record(answer));
        return answer;
      });
    }
    if (await planned.write(stored?.record(planned) ?? null)) return { statusCode, body };
    keyTaken = new Error('a create found its key taken, with no answer stored under it');
  } catch (error) {
    if (!stored || !isUniqueViolation(error)) throw error;
    keyTaken = error;
  }
  const earlier = await stored?.replay(ctx.db);
  if (earlier) return earlier;
  throw keyTaken;
}
