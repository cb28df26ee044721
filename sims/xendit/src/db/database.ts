import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedPostgres } from '@store/embedded-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** Both drivers share this surface; a transaction is one too, so helpers take either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** In memory only: start from this dump of a migrated database instead of an empty one. */
  from?: Blob;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the simulator's own database (PostgreSQL, PGlite on disk, or PGlite in memory) and migrates it. */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<{ db: Database; close: () => Promise<void> }> {
  if (options.databaseUrl) {
    // Connections stay open once made, as the store's do (apps/server/src/db/database.ts): a
    // burst's connections timing out together and opened again together, cold, stalled the
    // creates that came then. Kept open so long, they carry TCP keepalives, so that one a
    // firewall dropped without a word is found before a statement waits on it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      idleTimeoutMillis: 0,
      keepAlive: true,
      keepAliveInitialDelayMillis: 30_000,
    });
    // The pool replaces an idle connection the server ended; unhandled, it would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => pool.end() };
  }
  const embedded = await openEmbeddedPostgres(options.dataDir ?? null, { from: options.from });
  const db = drizzlePglite(embedded.client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => embedded.close() };
}

/**
 * A migrated in-memory database, dumped: tests start each simulator from a copy of it instead of
 * running initdb and every migration again.
 */
export async function dumpMigratedDatabase(): Promise<Blob> {
  const embedded = await openEmbeddedPostgres(null);
  await migratePglite(drizzlePglite(embedded.client as unknown as PGlite, { schema }), {
    migrationsFolder,
  });
  const dump = await embedded.dump();
  await embedded.close();
  return dump;
}

/**
 * True when a statement failed on a unique constraint (drizzle wraps the driver's error): any, or
 * the one named.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || violated === constraint;
  }
  return false;
}
