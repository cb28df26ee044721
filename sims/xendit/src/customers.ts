import { and, eq } from 'drizzle-orm';
import type { Customer } from '@store/xendit';
import type { Owner } from './accounts.ts';
import { ApiError } from './api-error.ts';
import type { Database } from './db/database.ts';
import { providerObjects } from './db/schema.ts';
import { newCustomerId } from './ids.ts';
import { objectInsert } from './objects.ts';

/** A customer a create call names for the first time, not yet written. */
export type NewCustomer = { id: string; referenceId: string; data: Record<string, unknown> };

/** The insert of a new customer, not yet run (see writeTogether). */
export const customerInsert = (db: Database, owner: Owner, customer: NewCustomer) =>
  objectInsert(db, owner, 'customer', customer.id, customer.data, {}, customer.referenceId);

/**
 * The customer_id a create call refers to. A `customer` object becomes a cust- customer, the same one
 * again for the same reference_id; a customer_id is taken as given here (the simulator has no
 * customer API; calls that refuse an unknown one check it with requireCustomer).
 * A new customer comes as the row to write with the create.
 */
export async function planCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<{ customerId: string | undefined; newCustomer?: NewCustomer }> {
  if (body.customer_id !== undefined) return { customerId: body.customer_id };
  if (body.customer === undefined) return { customerId: undefined };
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
  if (existing[0]) return { customerId: existing[0].id };
  const id = newCustomerId();
  const now = new Date().toISOString();
  return {
    customerId: id,
    newCustomer: {
      id,
      referenceId: body.customer.reference_id,
      data: { id, ...body.customer, created: now, updated: now },
    },
  };
}

/**
 * Refuses a customer_id the owner has no customer for: customers are made only by a call that
 * names a `customer` object. Answered as the description's CUSTOMER_NOT_FOUND example (a 404).
 */
export async function requireCustomer(db: Database, owner: Owner, customerId: string) {
  const [customer] = await db
    .select({ id: providerObjects.id })
    .from(providerObjects)
    .where(
      and(
        eq(providerObjects.id, customerId),
        eq(providerObjects.kind, 'customer'),
        eq(providerObjects.businessId, owner.businessId),
        eq(providerObjects.mode, owner.mode),
      ),
    );
  if (!customer) {
    throw new ApiError(
      404,
      'CUSTOMER_NOT_FOUND',
      'customer_id is invalid or not found. Please try again with a valid customer_id.',
    );
  }
}

/** The customer_id a create call refers to, its customer made now if it is new. */
export async function resolveCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<string | undefined> {
  const { customerId, newCustomer } = await planCustomerId(db, owner, body);
  if (newCustomer) await customerInsert(db, owner, newCustomer);
  return customerId;
}

export function customerName(customer: Customer | undefined): string {
  if (!customer) return 'Simulated Customer';
  const { given_names, surname } = customer.individual_detail;
  return surname ? `${given_names} ${surname}` : given_names;
}
