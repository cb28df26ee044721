import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareSimulatorDatabase } from '@store/xendit-sim';
import { openDatabase } from '../db/database.ts';
import { seedDatabase } from '../db/seed.ts';
import { testSettings } from '../../harness/test-settings.ts';
import { createThrowawayDatabase } from '../../../../scripts/postgres-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite database as a tarball, which each test file opens a copy of. */
    preparedDatabase: string;
    /** The provider simulator's migrated database as a tarball, for every simulator a file starts. */
    preparedSimulatorDatabase: string;
    /** A migrated and seeded database on the PostgreSQL server, which each file's is made from. */
    postgresTemplate: string;
  }
}

/**
 * Once per run and project, before any test file: one PGlite database migrated and seeded (for
 * the PGlite pass), dumped to a file, and the provider simulator's migrated database likewise.
 * Each file's in-memory database starts as a copy of it, instead of running initdb, every
 * migration and the seed again (two seconds of CPU per file, more on a loaded machine). The
 * PostgreSQL pass likewise makes each file's database on the server from one migrated and seeded
 * there (CREATE DATABASE ... TEMPLATE: a copy of its files, where every migration and the seed
 * took 1 to 2 s a file).
 */
export default async function prepareDatabase(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'store-test-db-'));
  const cleanups: (() => Promise<void>)[] = [];
  // The PostgreSQL pass (vitest.config.ts) makes its store databases on the server: no PGlite copy.
  if (project.config.env?.STORE_TEST_DB === 'postgres') {
    const serverUrl = testSettings.postgresUrl;
    if (!serverUrl) throw new Error('the PostgreSQL pass runs only with TEST_DATABASE_URL');
    const template = await createThrowawayDatabase(serverUrl, 'store_template');
    cleanups.push(template.drop);
    const handle = await openDatabase({ kind: 'postgres', url: template.url });
    await seedDatabase(handle.db);
    // Closed before any file copies it: PostgreSQL copies no database another session is in.
    await handle.close();
    project.provide('postgresTemplate', template.name);
  } else {
    const file = join(folder, 'prepared.tar');
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    await seedDatabase(handle.db);
    const dump = await handle.dump?.();
    await handle.close();
    if (!dump) throw new Error('the embedded database gave no dump');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('preparedDatabase', file);
  }
  const simulatorFile = join(folder, 'simulator.tar');
  const simulatorDump = await prepareSimulatorDatabase();
  writeFileSync(simulatorFile, Buffer.from(await simulatorDump.arrayBuffer()));
  project.provide('preparedSimulatorDatabase', simulatorFile);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    for (const cleanup of cleanups) await cleanup();
  };
}
