import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { customers, revokedSessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { SessionTokens, VerifiedSession } from './session-token.ts';
import { callerOf, type Caller } from './tenant.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Caller & Pick<VerifiedSession, 'expiresAt' | 'sessionId'>;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Forgets what this instance remembered of a customer's sessions, once they are signed out. */
    forgetSessions: (appId: string, customerId: string) => void;
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

    async function assertSessionLive(session: VerifiedSession): Promise<void> {
      const key = `${session.appId}/${session.customerId}/${session.sessionId}`;
      const seenAt = knownCustomers.get(key);
      if (seenAt !== undefined && Date.now() - seenAt < knownCustomerTtlMs) return;
      const [row] = await db
        .select({
          revokedAt: customers.sessionsRevokedAt,
          signedOut: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${session.sessionId})`,
        })
        .from(customers)
        .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
      if (!row) {
        knownCustomers.delete(key);
        throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
      }
      const revokedEverywhere =
        row.revokedAt !== null && session.issuedAt <= Math.floor(row.revokedAt.getTime() / 1000);
      if (row.signedOut || revokedEverywhere) {
        throw new AppError(401, 'TOKEN_EXPIRED_ERROR', 'The session has ended; sign in again');
      }
      if (knownCustomers.size > 10_000) knownCustomers.clear();
      knownCustomers.set(key, Date.now());
    }

    app.decorate('forgetSessions', (appId: string, customerId: string) => {
      const prefix = `${appId}/${customerId}/`;
      for (const key of knownCustomers.keys())
        if (key.startsWith(prefix)) knownCustomers.delete(key);
    });
    app.decorateRequest('session', null as unknown as FastifyRequest['session']);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(\S+)$/i);
      if (!match?.[1]) {
        throw new AppError(401, 'UNAUTHORIZED', 'A bearer session token is required');
      }
      const session = await sessionTokens.verify(match[1]);
      await assertSessionLive(session);
      request.session = {
        ...callerOf(db, session),
        expiresAt: session.expiresAt,
        sessionId: session.sessionId,
      };
    });
  },
  { name: 'authenticate' },
);
