import { protocol, types, type PGlite } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import type { WireConnection } from './prepared-statements.ts';
import { messagesOrError, type BackendMessage } from './wire-messages.ts';

interface Pending {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * PGlite on a worker thread of its own: PostgreSQL's WebAssembly runs beside the JavaScript that
 * calls it instead of between its requests. Under `npm start` the store's thread spent about two
 * thirds of a payment create inside PGlite, and that thread was the limit of the creates a second,
 * with a core's fifth idle (README, Performance). Messages cross as bytes: the wire protocol's
 * frontend messages in, the backend's answer out, parsed here.
 */
export interface DatabaseThread {
  connection: WireConnection;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export async function startDatabaseThread(options: {
  dataDir: string | null;
  from: Blob | undefined;
  startParams: string[];
  module: WebAssembly.Module;
}): Promise<DatabaseThread> {
  const worker = new Worker(new URL('./database-thread-worker.mjs', import.meta.url), {
    workerData: options,
    name: 'embedded-postgres',
  });
  const pending = new Map<number, Pending>();
  let calls = 0;
  let failure: Error | undefined;

  let closing = false;
  const failAll = (error: Error) => {
    // Said once, where an operator looks: every statement fails from now on.
    if (!closing && !failure)
      console.error(`The embedded database's thread stopped: ${error.message}`);
    failure ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  // The thread's first message says it is ready; the listener for every answer comes after it.
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database thread exited (${code})`)));
    worker.once('message', () => resolve());
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread exited (${code})`)));
  worker.on('message', (message: { id?: number; result?: unknown; error?: unknown }) => {
    const call = message.id === undefined ? undefined : pending.get(message.id);
    if (!call) return;
    pending.delete(message.id as number);
    // An idle thread does not keep the process alive; a thread with a call in flight does.
    if (pending.size === 0) worker.unref();
    if ('error' in message) call.reject(message.error);
    else call.resolve(message.result);
  });
  worker.unref();

  function call<T>(operation: string, input: object = {}, transfer: ArrayBuffer[] = []) {
    if (failure) return Promise.reject(failure);
    const id = calls++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage(Object.assign({ id, operation }, input), transfer);
    });
  }

  async function exchange(message: Uint8Array): Promise<BackendMessage[]> {
    const answer = await call<Uint8Array>('exchange', { message }, [message.buffer as ArrayBuffer]);
    return messagesOrError(answer);
  }

  const connection: WireConnection = {
    exchange,
    parsers: { ...types.parsers } as PGlite['parsers'],
    serializers: { ...types.serializers } as PGlite['serializers'],
  };
  await addArrayTypes(connection);

  return {
    connection,
    dump: () => call<Blob>('dump'),
    async close() {
      // A thread that stopped on its own has nothing to close but the thread.
      if (failure && !closing) {
        closing = true;
        await worker.terminate();
        return;
      }
      await call('close');
      closing = true;
      await worker.terminate();
    },
  };
}

/**
 * The parsers and serializers of the database's array types, built from its catalogue as PGlite
 * builds its own when it opens (`_initArrayTypes`).
 */
async function addArrayTypes(connection: WireConnection): Promise<void> {
  const messages = await connection.exchange(
    protocol.serialize.query(`SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`),
  );
  const rows = messages
    .filter((message) => message.name === 'dataRow')
    .map((row) => (row as BackendMessage & { fields: Array<string | null> }).fields);
  for (const [oid, typarray] of rows.map(([a, b]) => [Number(a), Number(b)] as const)) {
    const { parsers, serializers } = connection;
    serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid], typarray);
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as types.Parser, typarray);
  }
}
