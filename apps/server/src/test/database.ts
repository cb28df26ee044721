import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testSettings } from '../../harness/test-settings.ts';
import { createThrowawayDatabase } from '../../../../scripts/postgres-databases.ts';

const preparedDumps = new Map<string, Promise<Blob>>();

/**
 * A prepared database's dump (test/global-setup.ts), read once per test worker: a worker's files
 * share modules (vitest.config.ts, `isolate: false`), and each read of its 40 MB took 0.4 s.
 */
export function preparedDump(path: string): Promise<Blob> {
  let dump = preparedDumps.get(path);
  if (!dump) {
    dump = readFile(path).then((bytes) => new Blob([bytes]));
    preparedDumps.set(path, dump);
  }
  return dump;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL when STORE_TEST_DB=postgres, each a copy
 * of the one the run prepared (test/global-setup.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = testSettings.serverTestsOnPostgres ? testSettings.postgresUrl : undefined;
  if (!serverUrl) {
    const prepared = inject('preparedDatabase');
    return openDatabase({ kind: 'pglite', dataDir: null, from: await preparedDump(prepared) });
  }
  const database = await createThrowawayDatabase(serverUrl, 'store_test', {
    template: inject('postgresTemplate'),
  });
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  return {
    db: handle.db,
    listen: handle.listen,
    async close() {
      await handle.close();
      await database.drop();
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
  return createThrowawayDatabase(serverUrl, 'store_test');
}
