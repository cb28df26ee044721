import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { api, type Customer } from '@store/contract';
import type { Database } from '../db/database.ts';
import { apps, customers, revokedSessions } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { clientAddressKey } from '../http/client-address.ts';
import type { ServerConfig } from '../config.ts';
import type { RateLimiter } from '../http/rate-limits.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import type { IdentityVerifier } from './identity-verifier.ts';
import type { SessionTokens } from './session-token.ts';
import { newId } from '../lib/ids.ts';

interface AuthRoutesOptions {
  db: Database;
  limiter: RateLimiter;
  limits: ServerConfig['rateLimits'];
  verifyCredential: IdentityVerifier;
  sessionTokens: SessionTokens;
}

function toCustomer(row: typeof customers.$inferSelect): Customer {
  return { id: row.id, email: row.email, name: row.name, mobile_number: row.mobileNumber };
}

export function registerAuthRoutes(
  app: FastifyInstance,
  { db, verifyCredential, sessionTokens, limiter, limits }: AuthRoutesOptions,
): void {
  registerEndpoint(app, api.login, async ({ body, request }) => {
    // Per client address (the socket's, which a client cannot vary by header; an IPv6 one by its
    // /64), every attempt.
    await limiter.enforce([
      {
        key: `login:address:${clientAddressKey(request.ip)}`,
        max: limits.loginPerMinute,
        windowSeconds: 60,
      },
    ]);
    const [tenant] = await db.select().from(apps).where(eq(apps.id, body.app_id));
    if (!tenant) throw new AppError(404, 'APP_NOT_FOUND', `App ${body.app_id} does not exist`);
    const identity = await verifyCredential(body.credential);
    // Per app, only sign-ins whose credential the identity provider signed: counted before, 30 junk
    // credentials from each of 21 addresses spent an app's 600 a minute, and no customer of the
    // app could sign in for the rest of the minute. And per identity first, in the same
    // transaction: a credential stays valid for up to an hour, and one replayed from many
    // addresses would spend the app's minute as well.
    await limiter.enforce([
      {
        key: `login:identity:${identity.issuer}:${identity.subject}`,
        max: limits.loginPerIdentityPerMinute,
        windowSeconds: 60,
      },
      { key: `login:app:${tenant.id}`, max: limits.loginPerAppPerMinute, windowSeconds: 60 },
    ]);
    const [customer] = await db
      .insert(customers)
      .values({
        id: newId('cus'),
        appId: tenant.id,
        identityIssuer: identity.issuer,
        identitySubject: identity.subject,
        email: identity.email,
        name: identity.name,
      })
      .onConflictDoUpdate({
        target: [customers.appId, customers.identityIssuer, customers.identitySubject],
        set: { email: identity.email, name: identity.name, updatedAt: sql`now()` },
      })
      .returning();
    if (!customer) throw new Error('customer upsert returned no row');
    const token = await sessionTokens.sign({
      appId: tenant.id,
      mode: tenant.mode,
      customerId: customer.id,
    });
    return { token };
  });

  async function currentCustomer(appId: string, customerId: string) {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.appId, appId)));
    if (!row)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    return row;
  }

  // The token is refused from now on: at once on this instance, and on the others as the
  // revocation's announcement reaches them (migration 0012's trigger).
  registerEndpoint(app, api.logout, async ({ session }) => {
    await db
      .insert(revokedSessions)
      .values({ sessionId: session.sessionId, expiresAt: new Date(session.expiresAt) })
      .onConflictDoNothing();
    app.forgetSessions(session.appId, session.customerId);
    return { signed_out: true as const };
  });

  registerEndpoint(app, api.logoutEverywhere, async ({ session }) => {
    await db
      .update(customers)
      .set({ sessionsRevokedAt: sql`now()` })
      .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
    app.forgetSessions(session.appId, session.customerId);
    return { signed_out: true as const };
  });

  registerEndpoint(app, api.getCurrentCustomer, async ({ session }) =>
    toCustomer(await currentCustomer(session.appId, session.customerId)),
  );

  registerEndpoint(app, api.updateCurrentCustomer, async ({ session, body }) => {
    const mobileNumber = body.mobile_number ? body.mobile_number : null;
    const [row] = await db
      .update(customers)
      .set({ mobileNumber, updatedAt: sql`now()` })
      .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)))
      .returning();
    if (!row)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    return toCustomer(row);
  });
}
