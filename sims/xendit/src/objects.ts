import { and, desc, eq } from 'drizzle-orm';
import type { Owner } from './accounts.ts';
import { isUnstorable } from './api-error.ts';
import type { Database } from './db/database.ts';
import { providerObjects } from './db/schema.ts';

export type ObjectKind = (typeof providerObjects.$inferSelect)['kind'];

export type StoredObject<T> = { data: T; internal: Record<string, unknown> };

/**
 * Loads one object of an owner; another account's or mode's object is simply not there. So is one
 * whose id no object can have (a NUL, say, from a path's %00): asked of PostgreSQL, it failed the
 * query with a 500, where the provider answers an id it does not have with 404 DATA_NOT_FOUND.
 */
export async function loadObject<T>(
  db: Database,
  owner: Owner,
  kind: ObjectKind,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StoredObject<T> | undefined> {
  if (isUnstorable(id)) return undefined;
  const query = db
    .select({ data: providerObjects.data, internal: providerObjects.internal })
    .from(providerObjects)
    .where(
      and(
        eq(providerObjects.id, id),
        eq(providerObjects.kind, kind),
        eq(providerObjects.businessId, owner.businessId),
        eq(providerObjects.mode, owner.mode),
      ),
    );
  const rows = options.forUpdate ? await query.for('update') : await query;
  const row = rows[0];
  return row ? { data: row.data as T, internal: row.internal } : undefined;
}

/** The insert of a new object, not yet run (see writeTogether). */
export function objectInsert(
  db: Database,
  owner: Owner,
  kind: ObjectKind,
  id: string,
  data: object,
  internal: Record<string, unknown> = {},
  parentId?: string,
) {
  return db.insert(providerObjects).values({
    id,
    kind,
    businessId: owner.businessId,
    mode: owner.mode,
    parentId,
    data: withoutUndefined(data),
    internal,
  });
}

export async function insertObject(
  db: Database,
  owner: Owner,
  kind: ObjectKind,
  id: string,
  data: object,
  internal: Record<string, unknown> = {},
  parentId?: string,
): Promise<void> {
  await objectInsert(db, owner, kind, id, data, internal, parentId);
}

export async function saveObject(
  db: Database,
  id: string,
  data: object,
  internal?: Record<string, unknown>,
): Promise<void> {
  await db
    .update(providerObjects)
    .set({ data: withoutUndefined(data), ...(internal ? { internal } : {}) })
    .where(eq(providerObjects.id, id));
}

export async function childrenOf<T>(db: Database, kind: ObjectKind, parentId: string) {
  if (isUnstorable(parentId)) return [];
  const rows = await db
    .select({ data: providerObjects.data })
    .from(providerObjects)
    .where(and(eq(providerObjects.kind, kind), eq(providerObjects.parentId, parentId)));
  return rows.map((row) => row.data as T);
}

/** Every object of a kind of one owner, newest first (ties broken by id, so the order is total). */
export async function objectsOf<T>(db: Database, owner: Owner, kind: ObjectKind) {
  const rows = await db
    .select({ data: providerObjects.data })
    .from(providerObjects)
    .where(
      and(
        eq(providerObjects.kind, kind),
        eq(providerObjects.businessId, owner.businessId),
        eq(providerObjects.mode, owner.mode),
      ),
    )
    .orderBy(desc(providerObjects.createdAt), desc(providerObjects.id));
  return rows.map((row) => row.data as T);
}

/** The wire leaves absent fields out rather than sending null. */
export function withoutUndefined<T extends object>(value: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/**
 * Hosted pages know only the id in their URL; the owner comes with the object. An id no object can
 * have is not found, as in loadObject.
 */
export async function loadObjectById<T>(db: Database, kind: ObjectKind, id: string) {
  if (isUnstorable(id)) return undefined;
  const [row] = await db
    .select()
    .from(providerObjects)
    .where(and(eq(providerObjects.id, id), eq(providerObjects.kind, kind)));
  if (!row) return undefined;
  const owner: Owner = { businessId: row.businessId, mode: row.mode };
  return { owner, data: row.data as T, internal: row.internal };
}
