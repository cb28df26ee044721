import {
  parse,
  protocol,
  TransactionAbortedError,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

import {
  bindExecuteSync,
  joinMessages,
  messagesOrError,
  type BackendMessage,
} from './wire-messages.ts';

export type { BackendMessage } from './wire-messages.ts';
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] };
type CommandComplete = BackendMessage & { text: string };
type Notification = BackendMessage & { channel: string; payload: string };

/**
 * A database that runs PostgreSQL wire-protocol messages: PGlite on this thread
 * (`inThreadConnection`) or on a thread of its own (`database-thread.ts`).
 */
export interface WireConnection {
  /**
   * Runs a sequence of frontend messages ending with Sync, with nothing else between them, and
   * resolves to the backend's messages; rejects with the database's first error. What a statement
   * outside a transaction wrote is in the data directory's files when it resolves.
   */
  exchange(message: Uint8Array): Promise<BackendMessage[]>;
  /** PGlite's parsers and serializers by type oid, array types included. */
  parsers: PGlite['parsers'];
  serializers: PGlite['serializers'];
}

/** PGlite on this thread as a WireConnection. */
export function inThreadConnection(pglite: PGlite): WireConnection {
  /**
   * PostgreSQL's exit (a FATAL error, Emscripten's "Program terminated with exit(n)"), after which
   * PGlite hangs this thread on its next call: every call after it fails with it instead.
   */
  let stopped: unknown;
  return {
    exchange: (message) =>
      stopped
        ? Promise.reject(stopped as Error)
        : // PGlite's own lock, which its `listen` takes too.
          pglite.runExclusive(async () => {
            try {
              // The answer's bytes, read here (wire-messages.ts), not by PGlite's parser.
              const chunks: Uint8Array[] = [];
              await pglite.execProtocolRawStream(message, {
                syncToFs: false,
                onRawData: (bytes) => chunks.push(bytes.slice()),
              });
              if (!pglite.isInTransaction()) await pglite.syncToFs();
              return messagesOrError(
                chunks.length === 1 ? (chunks[0] as Uint8Array) : joinMessages(chunks),
              );
            } catch (error) {
              if ((error as { name?: unknown } | null)?.name === 'ExitStatus') stopped = error;
              throw error;
            }
          }),
    parsers: pglite.parsers,
    serializers: pglite.serializers,
  };
}

/** What a transaction's callback may call: statements, and a rollback. */
export type StatementTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

/** What drizzle's PGlite driver calls on its client. */
export interface StatementClient {
  query: PGlite['query'];
  transaction<T>(callback: (transaction: StatementTransaction) => Promise<T>): Promise<T>;
  /** Runs `work` with no statement of this client between its start and its end. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** LISTENs on a channel; resolves to the call that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

const { serialize } = protocol;

/** Numbers statement names across clients: two clients of one database must not share a name. */
let statementsMade = 0;

/** A channel's name as an SQL identifier, as written. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * PostgreSQL's refusal to run a prepared statement whose result would no longer match its
 * description ("cached plan must not change result type").
 */
const isStalePlan = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '0A000' &&
  String((error as { message?: unknown }).message).includes('cached plan');

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** What the statement returns, described once; absent for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

/**
 * Statements outside a transaction may be in flight together: sent one after another, each
 * without waiting for the answer to the one before, and answered in that order. Work that must
 * have no other statement between its own (a transaction, a LISTEN) waits until those are answered
 * and holds new ones back until it ends. First come, first served: a statement waits for the work
 * asked for before it, never for work asked for after it (a steady stream of transactions would
 * otherwise hold a statement back for as long as it lasts).
 */
class StatementLock {
  readonly #waiting: Array<{ alone: boolean; start: () => void }> = [];
  #inFlight = 0;
  #aloneRunning = false;

  together<T>(work: () => Promise<T>): Promise<T> {
    return this.#run(false, work);
  }

  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.#run(true, work);
  }

  async #run<T>(alone: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.#waiting.push({ alone, start });
      this.#dispatch();
    });
    try {
      return await work();
    } finally {
      if (alone) this.#aloneRunning = false;
      else this.#inFlight--;
      this.#dispatch();
    }
  }

  /** Starts the waiting work, in order, as far as the running work allows. */
  #dispatch(): void {
    for (let next = this.#waiting[0]; next && !this.#aloneRunning; next = this.#waiting[0]) {
      if (next.alone && this.#inFlight > 0) return;
      this.#waiting.shift();
      if (next.alone) this.#aloneRunning = true;
      else this.#inFlight++;
      next.start();
    }
  }
}

/**
 * PGlite's `query` parses, describes and plans its SQL afresh on every call, in six calls into
 * PostgreSQL's WebAssembly: for the store's short statements that costs more CPU than running
 * them. This client keeps each SQL text it has run as a named prepared statement (the `capacity`
 * most recently used), so that running it again is a single exchange (bind, execute, sync), as
 * with the prepared statements of a PostgreSQL server. Transactions are its own BEGIN and COMMIT.
 *
 * Every statement and every transaction runs under this client's lock (`StatementLock`): all of
 * the database's statements must go through it.
 */
export function withPreparedStatements(
  connection: WireConnection,
  capacity = 200,
): StatementClient {
  const statements = new Map<string, Promise<PreparedStatement>>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  /** Statements no longer kept, closed once no statement in flight may still run them. */
  let evicted: string[] = [];
  const lock = new StatementLock();

  /**
   * The connection's exchange, with the notifications in its answer handed to their listeners: a
   * NOTIFY reaches this session's LISTENs in the answer of the statement that committed it.
   */
  async function exchange(message: Uint8Array): Promise<BackendMessage[]> {
    const messages = await connection.exchange(message);
    for (const message of messages) {
      if (message.name !== 'notification') continue;
      const { channel, payload } = message as Notification;
      // After the statement's own caller has its answer, as PGlite's own listen does.
      for (const listener of listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    }
    return messages;
  }

  async function describe(text: string): Promise<PreparedStatement> {
    const name = `prepared_${statementsMade++}`;
    const messages = await exchange(
      joinMessages([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const parameters = messages.find(
      (message): message is ParameterDescription => message.name === 'parameterDescription',
    );
    return {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
  }

  function prepare(text: string): Promise<PreparedStatement> {
    const known = statements.get(text);
    if (known) {
      // Map order is the order of use: the first entry is the least recently used.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const statement = describe(text);
    statements.set(text, statement);
    // A text the database refused is not kept: the next call prepares it again.
    statement.catch(() => {
      if (statements.get(text) === statement) statements.delete(text);
    });
    const [leastRecent] = statements;
    if (statements.size > capacity && leastRecent) {
      statements.delete(leastRecent[0]);
      void leastRecent[1].then(
        ({ name }) => evicted.push(name),
        () => undefined,
      );
    }
    return statement;
  }

  /** Closes the statements no longer kept; only with no other statement in flight. */
  async function closeEvicted(): Promise<void> {
    if (evicted.length === 0) return;
    const names = evicted;
    evicted = [];
    await exchange(
      joinMessages([
        ...names.map((name) => serialize.close({ type: 'S', name })),
        serialize.sync(),
      ]),
    );
  }

  function serializeParameter(value: unknown, type: number | undefined, options?: QueryOptions) {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined
        ? undefined
        : (options?.serializers?.[type] ?? connection.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  function parsed<T>(messages: BackendMessage[], options?: QueryOptions): Results<T> {
    const { parsers, ...rest } = options ?? {};
    // parseResults copies its default parsers, one per type PGlite knows (318), to add a
    // query's own, which drizzle passes on every query; an object inheriting them needs no copy.
    const allParsers = parsers
      ? Object.assign(Object.create(connection.parsers) as typeof connection.parsers, parsers)
      : connection.parsers;
    return parse.parseResults(messages, allParsers, rest)[0] as Results<T>;
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.paramTypes !== undefined || options?.blob !== undefined) {
      throw new Error('paramTypes and blob are not supported: the statement describes its types');
    }
    const prepared = prepare(text);
    const statement = await prepared;
    const messages = await exchange(
      bindExecuteSync(
        statement.name,
        params.map((value, index) =>
          serializeParameter(value, statement.parameterTypes[index], options),
        ),
      ),
    ).catch((error: unknown) => {
      // A statement whose result changed shape (a column added to a table it reads) fails every
      // time it runs; it is prepared afresh, with its new description, on the next call.
      if (isStalePlan(error) && statements.get(text) === prepared) {
        statements.delete(text);
        evicted.push(statement.name);
      }
      throw error;
    });
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parsed<T>(described, options);
  }

  /** SQL run as it is (the simple query protocol): transaction control, several statements. */
  async function runSimple(text: string): Promise<Array<Results>> {
    const messages = await exchange(serialize.query(text));
    return parse.parseResults(messages, connection.parsers) as Array<Results>;
  }

  async function inTransaction<T>(callback: (transaction: StatementTransaction) => Promise<T>) {
    await runSimple('BEGIN');
    let closed = false;
    /**
     * The transaction's statements, one after another in the order they were asked for, and its
     * COMMIT or ROLLBACK after them: a statement asked for before the transaction ended runs inside
     * it (or fails in it), never after its ROLLBACK, outside it, as its own transaction. A statement
     * waits for the one before to be prepared and answered, as with PGlite's own transactions.
     */
    let last: Promise<unknown> = Promise.resolve();
    const inOrder = <R>(work: () => Promise<R>): Promise<R> => {
      const next = last.then(work);
      last = next.catch(() => undefined);
      return next;
    };
    const closedError = () => new Error('Transaction is closed');
    const statement = <R>(work: () => Promise<R>): Promise<R> =>
      closed ? Promise.reject(closedError()) : inOrder(work);
    const end = (text: 'COMMIT' | 'ROLLBACK') => {
      closed = true;
      return inOrder(() => exchange(serialize.query(text)));
    };
    const transaction: StatementTransaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        statement(() => run<R>(text, params, options)),
      exec: (text) => statement(() => runSimple(text)),
      rollback: async () => {
        if (closed) throw closedError();
        await end('ROLLBACK');
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(transaction);
      if (!closed) {
        const messages = await end('COMMIT');
        // COMMIT of a transaction that failed rolls it back, as PGlite's own transaction says.
        const done = messages.find(
          (message): message is CommandComplete => message.name === 'commandComplete',
        );
        if (done?.text === 'ROLLBACK') throw new TransactionAbortedError();
      }
      return result;
    } catch (error) {
      if (!closed) await end('ROLLBACK');
      throw error;
    } finally {
      // The lock is held until the transaction's last statement and its end were answered: a
      // ROLLBACK the callback asked for and did not wait for is sent before anyone else's.
      await last;
    }
  }

  return {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions) {
      const results = await lock
        .together(() => run<T>(text, params, options))
        // Outside a transaction a statement prepared before its tables changed runs again, once,
        // prepared afresh; PGlite's own query, which prepares every time, never meets this.
        .catch((error: unknown) => {
          if (!isStalePlan(error)) throw error;
          return lock.together(() => run<T>(text, params, options));
        });
      if (evicted.length > 0) await lock.alone(closeEvicted);
      return results;
    },
    transaction: (callback) =>
      lock.alone(async () => {
        await closeEvicted();
        return inTransaction(callback);
      }),
    exclusive: (work) => lock.alone(work),
    listen: (channel, onPayload) =>
      // Alone: a LISTEN sent between a transaction's statements would be one of them.
      lock.alone(async () => {
        const channelListeners = listeners.get(channel) ?? new Set();
        if (channelListeners.size === 0) await runSimple(`LISTEN ${quoted(channel)}`);
        listeners.set(channel, channelListeners.add(onPayload));
        return () =>
          lock.alone(async () => {
            channelListeners.delete(onPayload);
            if (channelListeners.size > 0 || listeners.get(channel) !== channelListeners) return;
            listeners.delete(channel);
            await runSimple(`UNLISTEN ${quoted(channel)}`);
          });
      }),
  };
}
