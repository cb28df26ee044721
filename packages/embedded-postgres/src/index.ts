import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { startDatabaseThread } from './database-thread.ts';
import {
  inThreadConnection,
  withPreparedStatements,
  type StatementClient,
} from './prepared-statements.ts';

export {
  withPreparedStatements,
  type StatementClient,
  type StatementTransaction,
} from './prepared-statements.ts';

/**
 * PGlite's defaults size PostgreSQL as a server of its own: 128 MB of shared buffers, resident
 * once touched, for databases of a few megabytes. Pages the buffers miss are read from the data
 * directory through the OS's page cache. 8 MB, not 16: `npm start` holds two of these databases,
 * and its memory after the bench's load was 12 to 15 MB less with no fewer creates a second (three
 * alternating pairs: 529, 532 and 482 against 455, 500 and 472; README, Performance).
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

declare global {
  // Node has WebAssembly's functions; the types of its lib (no DOM here) have only its types.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace WebAssembly {
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL's WebAssembly, compiled once per process: PGlite compiles it once per thread, and
 * `npm start` opens a database on two (the store's, and the provider simulator's on its thread).
 * A thread that is handed the module (`useCompiledPglite`) shares its code and its 9 MB of bytes
 * instead of holding copies of its own.
 */
export function compiledPglite(): Promise<WebAssembly.Module> {
  // Beside the package's entry, where PGlite itself reads it (not import.meta.resolve: the
  // tests' module runner has none).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  pgliteModule ??= readFile(join(dirname(entry), 'pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return pgliteModule;
}

/** Opens this thread's databases on a module that another thread compiled (`compiledPglite`). */
export function useCompiledPglite(module: WebAssembly.Module): void {
  pgliteModule = Promise.resolve(module);
}

/**
 * Creates the PGlite data directory, if new, in a process of its own: PGlite's initdb runs a
 * second PostgreSQL instance beside a copy of its memory, about 500 MB that the process which ran
 * it never gets back.
 */
async function initialiseDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
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

export interface EmbeddedPostgres {
  /** For drizzle's PGlite driver: every statement of the database goes through it. */
  client: StatementClient;
  /** LISTENs on a channel (PGlite's own API); resolves to the call that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The whole database as a tarball, for opening copies of it (tests share one prepared). */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Opens PGlite on a data directory (created if new), or in memory when dataDir is null; an
 * in-memory database may start as a copy of a dump, which skips initdb altogether. With `thread`,
 * PGlite runs on a worker thread of its own (database-thread.ts), and this thread only sends it
 * statements and reads its answers.
 */
export async function openEmbeddedPostgres(
  dataDir: string | null,
  { from, thread = false }: { from?: Blob; thread?: boolean } = {},
): Promise<EmbeddedPostgres> {
  if (dataDir) await initialiseDataDir(dataDir);
  if (thread) {
    const database = await startDatabaseThread({
      dataDir,
      from,
      startParams,
      module: await compiledPglite(),
    });
    const client = withPreparedStatements(database.connection);
    return {
      client,
      listen: client.listen,
      dump: () => client.exclusive(database.dump),
      close: () => client.exclusive(database.close),
    };
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(from && !dataDir ? { loadDataDir: from } : {}),
    startParams,
    pgliteWasmModule: await compiledPglite(),
  });
  const client = withPreparedStatements(inThreadConnection(pglite));
  return {
    client,
    listen: client.listen,
    dump: () => client.exclusive(() => pglite.dumpDataDir('none')),
    close: () => client.exclusive(() => pglite.close()),
  };
}
