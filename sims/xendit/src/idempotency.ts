import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './accounts.ts';
import { ApiError } from './api-error.ts';
import { isUniqueViolation, type Database } from './db/database.ts';
import { idempotencyKeys } from './db/schema.ts';
import type { SimContext } from './sim-context.ts';

export type Answer = { statusCode: number; body: unknown };

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'] ?? request.headers['x-idempotency-key'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Same JSON whatever the key order, so that a replayed body hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

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
  const requestHash = createHash('sha256').update(canonical(request.body)).digest('hex');
  const where = and(
    eq(idempotencyKeys.businessId, principal.businessId),
    eq(idempotencyKeys.mode, principal.mode),
    eq(idempotencyKeys.endpoint, endpoint),
    eq(idempotencyKeys.key, key),
  );
  const replay = async (db: Database): Promise<Answer | undefined> => {
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
  };
  try {
    return await ctx.transaction(async (tx) => {
      const earlier = await replay(tx);
      if (earlier) return earlier;
      const answer = await create(tx);
      await tx.insert(idempotencyKeys).values({
        businessId: principal.businessId,
        mode: principal.mode,
        endpoint,
        key,
        requestHash,
        statusCode: answer.statusCode,
        response: answer.body,
      });
      return answer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const earlier = await replay(ctx.db);
    if (!earlier) throw error;
    return earlier;
  }
}
