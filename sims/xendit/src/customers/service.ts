import { and, eq, sql } from 'drizzle-orm';
import {
  customerTypeOf,
  type CreateCustomerBody,
  type Customer,
  type UpdateCustomerBody,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, isUnstorable, notFound, validationError } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { providerObjects } from '../db/schema.ts';
import { newCustomerId } from '../ids.ts';
import { loadObject, objectInsert, saveObject } from '../objects.ts';

/** A customer a create call names for the first time, not yet written. */
export type NewCustomer = { id: string; referenceId: string; data: Record<string, unknown> };

/** The insert of a new customer, not yet run (see writeTogether). */
export const customerInsert = (db: Database, owner: Owner, customer: NewCustomer) =>
  objectInsert(db, owner, 'customer', customer.id, customer.data, {}, customer.referenceId);

/**
 * The customer_id a create call refers to. A `customer` object becomes a cust- customer, the same one
 * again for the same reference_id; a customer_id is taken as given here (calls that refuse an
 * unknown one check it with requireCustomer). A new customer comes as the row to write with the
 * create.
 */
export async function planCustomerId(
  db: Database,
  owner: Owner,
  body: { customer_id?: string; customer?: Customer },
): Promise<{ customerId: string | undefined; newCustomer?: NewCustomer }> {
  if (body.customer_id !== undefined) return { customerId: body.customer_id };
  if (body.customer === undefined) return { customerId: undefined };
  const existing = await customerIdByReference(db, owner, body.customer.reference_id);
  if (existing) return { customerId: existing };
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
 * Refuses a customer_id the owner has no customer for: customers are made by POST /customers or by
 * a call that names a `customer` object. Answered as the description's CUSTOMER_NOT_FOUND example
 * (a 404).
 */
export async function requireCustomer(db: Database, owner: Owner, customerId: string) {
  if (!(await loadObject(db, owner, 'customer', customerId))) {
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

/**
 * The customer a reference_id names (kept as the customer's parent id), if there is one: none for
 * a reference no customer can have (see loadObject).
 */
async function customerIdByReference(
  db: Database,
  owner: Owner,
  referenceId: string,
): Promise<string | undefined> {
  if (isUnstorable(referenceId)) return undefined;
  const [existing] = await db
    .select({ id: providerObjects.id })
    .from(providerObjects)
    .where(
      and(
        eq(providerObjects.kind, 'customer'),
        eq(providerObjects.businessId, owner.businessId),
        eq(providerObjects.mode, owner.mode),
        eq(providerObjects.parentId, referenceId),
      ),
    );
  return existing?.id;
}

type StoredCustomer = Record<string, unknown> & { id: string; reference_id: string };

/**
 * A customer as the Customers API answers it: every field of the provider's customer object named,
 * null where it has no value (as the reference's examples print them). A customer made by a
 * payment's `customer` object is answered the same way.
 */
function shown(customer: StoredCustomer) {
  const field = (name: string) => customer[name] ?? null;
  return {
    id: customer.id,
    reference_id: customer.reference_id,
    type: customerTypeOf(customer),
    individual_detail: field('individual_detail'),
    business_detail: field('business_detail'),
    description: field('description'),
    email: field('email'),
    mobile_number: field('mobile_number'),
    phone_number: field('phone_number'),
    addresses: customer.addresses ?? [],
    identity_accounts: customer.identity_accounts ?? [],
    kyc_documents: customer.kyc_documents ?? [],
    metadata: field('metadata'),
    created: customer.created,
    updated: customer.updated,
  };
}

/**
 * A reference_id names one customer: another with it is the SDK's DUPLICATE_END_CUSTOMER_ERROR.
 * Checked under a lock on the reference to the end of the transaction, so two creates racing
 * with one reference (read committed, or two simulators on one database) cannot both pass.
 */
async function refuseTakenReference(db: Database, owner: Owner, referenceId: string, id?: string) {
  const lockKey = `customer:${owner.businessId}:${owner.mode}:${referenceId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  const holder = await customerIdByReference(db, owner, referenceId);
  if (holder !== undefined && holder !== id) {
    throw new ApiError(
      400,
      'DUPLICATE_END_CUSTOMER_ERROR',
      `A customer with reference_id ${referenceId} already exists`,
    );
  }
}

export async function createCustomer(db: Database, owner: Owner, body: CreateCustomerBody) {
  await refuseTakenReference(db, owner, body.reference_id);
  const id = newCustomerId();
  const now = new Date().toISOString();
  const customer: StoredCustomer = {
    ...body,
    id,
    type: customerTypeOf(body),
    created: now,
    updated: now,
  };
  await objectInsert(db, owner, 'customer', id, customer, {}, body.reference_id);
  return shown(customer);
}

async function loadCustomer(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = await loadObject<StoredCustomer>(db, owner, 'customer', id, { forUpdate });
  if (!stored) throw notFound('customer', id);
  return stored.data;
}

export async function getCustomer(db: Database, owner: Owner, id: string) {
  return shown(await loadCustomer(db, owner, id));
}

/** GET /customers?reference_id=: the customer it names, in a list of at most one. */
export async function customersByReference(db: Database, owner: Owner, referenceId: unknown) {
  if (typeof referenceId !== 'string' || referenceId === '') {
    throw validationError([{ path: 'reference_id', message: 'is required' }]);
  }
  const id = await customerIdByReference(db, owner, referenceId);
  return { data: id ? [await getCustomer(db, owner, id)] : [], has_more: false };
}

/**
 * PATCH /customers/{id}: each field sent replaces the customer's whole (a detail object too, not
 * merged); a null clears one, but not the detail its type needs, nor the reference_id (a null
 * one, which the SDK's PatchCustomer allows, leaves it as it is). The type itself stays.
 */
export async function updateCustomer(
  db: Database,
  owner: Owner,
  id: string,
  body: UpdateCustomerBody,
) {
  const customer = await loadCustomer(db, owner, id, true);
  const referenceId = body.reference_id ?? undefined;
  if (referenceId !== undefined) await refuseTakenReference(db, owner, referenceId, id);
  const updated: StoredCustomer = {
    ...customer,
    ...body,
    type: customerTypeOf(customer),
    reference_id: referenceId ?? customer.reference_id,
    updated: new Date().toISOString(),
  };
  const needed = updated.type === 'BUSINESS' ? 'business_detail' : 'individual_detail';
  if (updated[needed] == null) {
    throw validationError([
      { path: needed, message: `is required for a ${updated.type} customer` },
    ]);
  }
  await saveObject(db, id, updated);
  if (referenceId !== undefined) {
    await db
      .update(providerObjects)
      .set({ parentId: referenceId })
      .where(eq(providerObjects.id, id));
  }
  return shown(updated);
}
