import { and, eq } from 'drizzle-orm';
import type { Customer } from '@store/xendit';
import type { Owner } from './accounts.ts';
import type { Database } from './db/database.ts';
import { providerObjects } from './db/schema.ts';
import { newCustomerId } from './ids.ts';
import { insertObject } from './objects.ts';

/**
 * The customer_id a create call refers to. A `customer` object becomes a cust- customer, the same one
 * again for the same reference_id; a customer_id is taken as given (the simulator has no customer API).
 */
export async function resolveCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<string | undefined> {
  if (body.customer_id !== undefined) return body.customer_id;
  if (body.customer === undefined) return undefined;
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
  if (existing[0]) return existing[0].id;
  const id = newCustomerId();
  const now = new Date().toISOString();
  await insertObject(
    db,
    owner,
    'customer',
    id,
    { id, ...body.customer, created: now, updated: now },
    {},
    body.customer.reference_id,
  );
  return id;
}

export function customerName(customer: Customer | undefined): string {
  if (!customer) return 'Simulated Customer';
  const { given_names, surname } = customer.individual_detail;
  return surname ? `${given_names} ${surname}` : given_names;
}
