import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareSimulatorDatabase } from '@store/xendit-sim';
import { openDatabase } from '../db/database.ts';
import { seedDatabase } from '../db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded PGlite database as a tarball, which each test file opens a copy of. */
    preparedDatabase: string;
    /** The provider simulator's migrated database as a tarball, for every simulator a file starts. */
    preparedSimulatorDatabase: string;
  }
}

/**
 * Once per run and project, before any test file: one PGlite database migrated and seeded (for
 * the PGlite pass), dumped to a file, and the provider simulator's migrated database likewise.
 * Each file's in-memory database starts as a copy of it, instead of running initdb, every
 * migration and the seed again (two seconds of CPU per file, more on a loaded machine).
 */
export default async function prepareDatabase(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'store-test-db-'));
  // The PostgreSQL pass (vitest.config.ts) makes its store databases on the server: no PGlite copy.
  if (project.config.env?.STORE_TEST_DB !== 'postgres') {
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
  return () => rmSync(folder, { recursive: true, force: true });
}
