import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { customers, revokedSessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { SessionTokens, VerifiedSession } from './session-token.ts';
import { callerOf, type Caller } from './tenant.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Caller & Pick<VerifiedSession, 'expiresAt' | 'sessionId' | 'issuedAt'>;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;
    /** Forgets what this instance remembered of a customer's sessions, once they are signed out. */
    forgetSessions: (appId: string, customerId: string) => void;
    /**
     * Calls `signedOut` once, when the session signs out or its customer signs out everywhere, on
     * whichever instance; answers the call that stops watching. What outlives a request (a status
     * stream) ends with its session this way.
     */
    watchSignOut: (session: FastifyRequest['session'], signedOut: () => void) => () => void;
  }
}

/**
 * How long a customer seen to exist is trusted without asking the database again. A sign-out is
 * announced to every instance (sessionsRevokedChannel), which forget the session at once; the
 * time bound covers an announcement lost while an instance's listening connection was down.
 */
const knownCustomerTtlMs = 30_000;
type HookDone = (error?: Error) => void;
const bearerPattern = /^Bearer\s+(\S+)$/i;

/** Signing out (one session, or every session of a customer) is announced here (migration 0012). */
export const sessionsRevokedChannel = 'sessions_revoked';

/**
 * Decorates `authenticate`: a valid bearer session token whose customer still exists in its app.
 * A database reset leaves browsers holding tokens of customers that are gone: they get
 * CUSTOMER_NOT_FOUND and sign in again.
 */
export const authenticatePlugin = fp<{
  db: Database;
  sessionTokens: SessionTokens;
  listen: DatabaseHandle['listen'];
}>(
  async (app: FastifyInstance, { db, sessionTokens, listen }) => {
    const knownCustomers = new Map<string, number>();
    // Counts the forgets: a check whose read was answered before a sign-out was announced (the
    // answer late, the announcement or the local sign-out first) must not remember the session
    // after it, or the signed-out token would pass for knownCustomerTtlMs.
    let forgets = 0;

    // A remembered token gives the same session object on every request: its key is made once, so
    // the signed-in fast path builds no string to look it up.
    const keys = new WeakMap<VerifiedSession, string>();
    function keyOf(session: VerifiedSession): string {
      let key = keys.get(session);
      if (key === undefined) {
        key = `${session.appId}/${session.customerId}/${session.sessionId}`;
        keys.set(session, key);
      }
      return key;
    }

    /** Whether the session was found live within knownCustomerTtlMs, and not forgotten since. */
    function seenLive(session: VerifiedSession): boolean {
      const seenAt = knownCustomers.get(keyOf(session));
      return seenAt !== undefined && Date.now() - seenAt < knownCustomerTtlMs;
    }

    /**
     * Answers false when a sign-out was announced while the database was read: the session passes
     * this request, but is not remembered, since the answer may predate its own sign-out.
     */
    async function assertSessionLive(session: VerifiedSession): Promise<boolean> {
      const key = keyOf(session);
      const forgetsBefore = forgets;
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
      if (forgets !== forgetsBefore) return false;
      if (knownCustomers.size > 10_000) knownCustomers.clear();
      knownCustomers.set(key, Date.now());
      return true;
    }

    function forgetSessions(appId: string, customerId: string): void {
      forgets += 1;
      const prefix = `${appId}/${customerId}/`;
      for (const key of knownCustomers.keys())
        if (key.startsWith(prefix)) knownCustomers.delete(key);
    }
    function forgetSession(sessionId: string): void {
      forgets += 1;
      const suffix = `/${sessionId}`;
      for (const key of knownCustomers.keys()) if (key.endsWith(suffix)) knownCustomers.delete(key);
    }

    type SignedInSession = FastifyRequest['session'];
    const signOutWatches = new Set<{ session: SignedInSession; signedOut: () => void }>();
    // Sessions let through by a check that a sign-out announcement overtook (assertSessionLive
    // answered false): the announcement may have been their own, heard before they were watched.
    const checkedBeforeSignOut = new WeakSet<SignedInSession>();
    function endWatches(ended: (session: SignedInSession) => boolean): void {
      for (const watch of signOutWatches) {
        if (!ended(watch.session)) continue;
        signOutWatches.delete(watch);
        watch.signedOut();
      }
    }
    function watchSignOut(session: SignedInSession, signedOut: () => void): () => void {
      const watch = { session, signedOut };
      signOutWatches.add(watch);
      if (checkedBeforeSignOut.has(session)) {
        // Read again, now that any later sign-out reaches the watch. A refusal ends it, and so does
        // a failed read: the client reconnects and is checked anew.
        assertSessionLive(session).catch(() => {
          if (signOutWatches.delete(watch)) signedOut();
        });
      }
      return () => {
        signOutWatches.delete(watch);
      };
    }

    function onRevoked(payload: string): void {
      let revoked: { session_id?: unknown; app_id?: unknown; customer_id?: unknown };
      try {
        revoked = JSON.parse(payload) as typeof revoked;
      } catch {
        // Not an announcement this code makes: nothing to forget.
        return;
      }
      const { session_id: sessionId, app_id: appId, customer_id: customerId } = revoked;
      if (typeof sessionId === 'string') {
        forgetSession(sessionId);
        endWatches((session) => session.sessionId === sessionId);
      }
      if (typeof appId === 'string' && typeof customerId === 'string') {
        forgetSessions(appId, customerId);
        // The announcement names no time: a session signed in since, already watched here, ends
        // too, and its client reconnects.
        endWatches((session) => session.appId === appId && session.customerId === customerId);
      }
    }
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await listen(sessionsRevokedChannel, onRevoked);
    });
    app.addHook('onClose', async () => unlisten?.());

    app.decorate('forgetSessions', forgetSessions);
    app.decorate('watchSignOut', watchSignOut);
    app.decorateRequest('session', null as unknown as FastifyRequest['session']);
    /** A token neither verified nor found live a moment ago: its signature, then the database. */
    async function authenticateAfresh(request: FastifyRequest, token: string): Promise<void> {
      const session = await sessionTokens.verify(token);
      const caller = callerOf(db, session);
      if (!seenLive(session) && !(await assertSessionLive(session))) {
        checkedBeforeSignOut.add(caller);
      }
      request.session = caller;
    }

    // A callback hook rather than an async one: a token checked a moment ago (the signature and
    // the live session both remembered) is let through without a promise, which is most of what
    // a signed-in request costs beyond the route itself.
    app.decorate(
      'authenticate',
      (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
        const header = request.headers.authorization ?? '';
        // As the web app sends it, a token verified a moment ago is found without the pattern:
        // only a token the pattern took before is remembered, so only the same one matches.
        let token = header.startsWith('Bearer ') ? header.slice(7) : '';
        let known = sessionTokens.known(token);
        if (known === undefined) {
          const parsed = bearerPattern.exec(header)?.[1];
          if (parsed === undefined) {
            done(new AppError(401, 'UNAUTHORIZED', 'A bearer session token is required'));
            return;
          }
          token = parsed;
          known = sessionTokens.known(token);
        }
        if (known !== undefined && seenLive(known)) {
          request.session = callerOf(db, known);
          done();
          return;
        }
        authenticateAfresh(request, token).then(() => done(), done);
      },
    );
  },
  { name: 'authenticate' },
);
