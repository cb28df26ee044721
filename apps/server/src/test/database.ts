import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { seedDatabase } from '../db/seed.ts';
import { testSettings } from '../../harness/test-settings.ts';

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when STORE_TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testSettings.serverTestsOnPostgres ? testSettings.postgresUrl : undefined;
  if (!serverUrl) {
    // A copy of the run's prepared database (test/global-setup.ts) when there is one.
    const prepared = inject('preparedDatabase');
    if (prepared) {
      const from = new Blob([await readFile(prepared)]);
      return openDatabase({ kind: 'pglite', dataDir: null, from });
    }
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await seedDatabase(handle.db);
    return handle;
  }
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  await seedDatabase(handle.db);
  return {
    db: handle.db,
    listen: handle.listen,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, empty database on the PostgreSQL server of TEST_DATABASE_URL for a store that runs in
 * another process (it migrates and seeds it itself); null unless STORE_TEST_DB=postgres.
 */
export async function createServerDatabaseUrl(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const serverUrl = testSettings.serverTestsOnPostgres ? testSettings.postgresUrl : undefined;
  if (!serverUrl) return null;
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
