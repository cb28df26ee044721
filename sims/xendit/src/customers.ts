import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { Customer } from '@store/xendit';
import type { Owner } from './accounts.ts';
import type { Database } from './db/database.ts';
import { providerObjects } from './db/schema.ts';
import { writeTogether } from './db/write-together.ts';
import { newCustomerId } from './ids.ts';
import { objectInsert } from './objects.ts';

/**
 * The customer_id a create call refers to. A `customer` object becomes a cust- customer, the same one
 * again for the same reference_id; a customer_id is taken as given (the simulator has no customer API).
 * A new customer comes with its insert, not yet run (see writeTogether).
 */
export async function planCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<{ customerId: string | undefined; inserts: SQLWrapper[] }> {
  if (body.customer_id !== undefined) return { customerId: body.customer_id, inserts: [] };
  if (body.customer === undefined) return { customerId: undefined, inserts: [] };
  const existing = await db
    .select({ id: providerObjects.id })
    .from(providerObjects)
    .where(
      and(
        eq(providerObjects.kind, 'customer'),
        eq(providerObjects.businessId, owner.businessId),
        eq(providerObjects.mode, owner.mode),
        eq(providerObjects.parentId, body.customer.reference_id),
      ),
    );
  if (existing[0]) return { customerId: existing[0].id, inserts: [] };
  const id = newCustomerId();
  const now = new Date().toISOString();
  const insert = objectInsert(
    db,
    owner,
    'customer',
    id,
    { id, ...body.customer, created: now, updated: now },
    {},
    body.customer.reference_id,
  );
  return { customerId: id, inserts: [insert] };
}

/** The customer_id a create call refers to, its customer made now if it is new. */
export async function resolveCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<string | undefined> {
  const { customerId, inserts } = await planCustomerId(db, owner, body);
  await writeTogether(db, inserts);
  return customerId;
}

export function customerName(customer: Customer | undefined): string {
  if (!customer) return 'Simulated Customer';
  const { given_names, surname } = customer.individual_detail;
  return surname ? `${given_names} ${surname}` : given_names;
}
