import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedPostgres } from '@store/embedded-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the store's database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is not a reason
    // to stop: the pool drops it and opens another when needed. Unhandled, it would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => pool.end() };
  }
  const embedded = await openEmbeddedPostgres(target.dataDir);
  const db = drizzlePglite({ client: embedded.client as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => embedded.close() };
}
