import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { customers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Session, SessionTokens, VerifiedSession } from './session-token.ts';
import { callerOf, type Caller } from './tenant.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Caller & Pick<VerifiedSession, 'expiresAt'>;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** How long a customer seen to exist is trusted without asking the database again. */
const knownCustomerTtlMs = 30_000;

/**
 * Decorates `authenticate`: a valid bearer session token whose customer still exists in its app.
 * A database reset leaves browsers holding tokens of customers that are gone: they get
 * CUSTOMER_NOT_FOUND and sign in again.
 */
export const authenticatePlugin = fp<{ db: Database; sessionTokens: SessionTokens }>(
  async (app: FastifyInstance, { db, sessionTokens }) => {
    const knownCustomers = new Map<string, number>();

    async function assertCustomerExists(session: Session): Promise<void> {
      const key = `${session.appId}/${session.customerId}`;
      const seenAt = knownCustomers.get(key);
      if (seenAt !== undefined && Date.now() - seenAt < knownCustomerTtlMs) return;
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
      if (!row) {
        knownCustomers.delete(key);
        throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
      }
      if (knownCustomers.size > 10_000) knownCustomers.clear();
      knownCustomers.set(key, Date.now());
    }

    app.decorateRequest('session', null as unknown as FastifyRequest['session']);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) {
        throw new AppError(401, 'UNAUTHORIZED', 'A bearer session token is required');
      }
      const session = await sessionTokens.verify(match[1]);
      await assertCustomerExists(session);
      request.session = { ...callerOf(db, session), expiresAt: session.expiresAt };
    });
  },
  { name: 'authenticate' },
);
