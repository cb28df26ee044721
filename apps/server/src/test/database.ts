import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testSettings } from '../../harness/test-settings.ts';

/** One statement on the PostgreSQL server at `serverUrl`, on a connection of its own. */
export async function serverQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The address of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return serverQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

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
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  await serverQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  return {
    db: handle.db,
    listen: handle.listen,
    async close() {
      await handle.close();
      await dropDatabase(serverUrl, name);
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
  await serverQuery(serverUrl, `CREATE DATABASE ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}
