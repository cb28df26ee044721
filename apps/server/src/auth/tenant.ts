import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { apps, customers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Session } from './session-token.ts';

export interface Tenant {
  app: typeof apps.$inferSelect;
  customer: typeof customers.$inferSelect;
}

/**
 * A signed-in caller: its session, and its tenant (the app and the customer's record), read once
 * per request when first needed, whichever service asks.
 */
export interface Caller extends Session {
  tenant: () => Promise<Tenant>;
}

async function loadTenant(db: Database, session: Session): Promise<Tenant> {
  const [row] = await db
    .select({ app: apps, customer: customers })
    .from(customers)
    .innerJoin(apps, eq(apps.id, customers.appId))
    .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
  if (!row)
    throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
  return row;
}

/** A caller of the session's fields (and the fields it has beyond them), its tenant read when first asked. */
export function callerOf<S extends Session>(db: Database, session: S): S & Caller {
  let loading: Promise<Tenant> | undefined;
  return { ...session, tenant: () => (loading ??= loadTenant(db, session)) };
}
