import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

/**
 * PGlite's defaults size PostgreSQL as a server of its own: 128 MB of shared buffers, resident
 * once touched, for a store whose data is a few megabytes. Pages the buffers miss are read from
 * the data directory through the OS's page cache.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates the PGlite data directory, if new, in a process of its own: PGlite's initdb runs a
 * second PostgreSQL instance beside a copy of its memory, about 500 MB that the process which ran
 * it never gets back.
 */
async function initialiseDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const createAndClose = `const { PGlite } = await import(process.argv[1]);
    await (await PGlite.create(process.argv[2])).close();`;
  await promisify(execFile)(process.execPath, [
    '--input-type=module',
    '-e',
    createAndClose,
    import.meta.resolve('@electric-sql/pglite'),
    dataDir,
  ]);
}

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
  if (target.dataDir) await initialiseDataDir(target.dataDir);
  const client = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    startParams: pgliteStartParams,
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close() };
}
