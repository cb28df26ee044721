import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** Both drivers share this surface; a transaction is one too, so helpers take either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PGlite's defaults size PostgreSQL as a server of its own: 128 MB of shared buffers, resident
 * once touched, for a simulator whose data is a few megabytes. Pages the buffers miss are read
 * from the data directory through the OS's page cache.
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

/** Opens the simulator's own database (PostgreSQL, PGlite on disk, or PGlite in memory) and migrates it. */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<{ db: Database; close: () => Promise<void> }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // The pool replaces an idle connection the server ended; unhandled, it would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return { db: db as unknown as Database, close: () => pool.end() };
  }
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    await initialiseDataDir(options.dataDir);
  }
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    startParams: pgliteStartParams,
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, close: () => client.close() };
}

/** True when a statement failed on a unique constraint (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
