import {
  Mutex,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] };

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** What the statement returns, described once; absent for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

/** What drizzle's PGlite driver calls on its client. */
export type StatementClient = Pick<PGlite, 'query' | 'transaction'>;

const { serialize } = protocol;

/** Numbers statement names across clients: two clients of one database must not share a name. */
let statementsMade = 0;

function joinMessages(messages: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    joined.set(message, offset);
    offset += message.length;
  }
  return joined;
}

/**
 * PGlite's `query` parses, describes and plans its SQL afresh on every call, in six calls into
 * PostgreSQL's WebAssembly: for the store's short statements that costs more CPU than running
 * them. This client keeps each SQL text it has run as a named prepared statement (the `capacity`
 * most recently used), so that running it again is a single call (bind, execute, sync), as with
 * the prepared statements of a PostgreSQL server. It speaks only PGlite's public wire-protocol
 * interface (`execProtocol`, `runExclusive`, `parsers`, `serializers`, `parse.parseResults`).
 *
 * `execProtocol` does not wait for a transaction in progress, as PGlite's own `query` does, so
 * every statement outside a transaction, and every transaction, runs under this client's own
 * lock: all of the database's statements must go through it.
 */
export function withPreparedStatements(pglite: PGlite, capacity = 200): StatementClient {
  const statements = new Map<string, PreparedStatement>();
  const exclusive = new Mutex();

  async function prepare(text: string): Promise<PreparedStatement> {
    const known = statements.get(text);
    if (known) {
      // Map order is the order of use: the first entry is the least recently used.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `prepared_${statementsMade++}`;
    const { messages } = await pglite.execProtocol(
      joinMessages([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameters = messages.find(
      (message): message is ParameterDescription => message.name === 'parameterDescription',
    );
    const statement: PreparedStatement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    const [leastRecent] = statements;
    if (statements.size > capacity && leastRecent) {
      statements.delete(leastRecent[0]);
      await pglite.execProtocol(
        joinMessages([serialize.close({ type: 'S', name: leastRecent[1].name }), serialize.sync()]),
        { syncToFs: false },
      );
    }
    return statement;
  }

  function serializeParameter(value: unknown, type: number | undefined, options?: QueryOptions) {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined ? undefined : (options?.serializers?.[type] ?? pglite.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  function run<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    return pglite.runExclusive(async (): Promise<Results<T>> => {
      const statement = await prepare(text);
      const { messages } = await pglite.execProtocol(
        joinMessages([
          serialize.bind({
            statement: statement.name,
            values: params.map((value, index) =>
              serializeParameter(value, statement.parameterTypes[index], options),
            ),
          }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!pglite.isInTransaction()) await pglite.syncToFs();
      const described = statement.rowDescription
        ? [statement.rowDescription, ...messages]
        : messages;
      const { parsers, ...rest } = options ?? {};
      // parseResults copies its default parsers, one per type PGlite knows (318), to add a
      // query's own, which drizzle passes on every query; an object inheriting them needs no copy.
      const allParsers = parsers
        ? Object.assign(Object.create(pglite.parsers) as typeof pglite.parsers, parsers)
        : pglite.parsers;
      return parse.parseResults(described, allParsers, rest)[0] as Results<T>;
    });
  }

  /** Options the prepared path does not carry out are left to PGlite's own `query`. */
  const needsPgliteQuery = (options?: QueryOptions) =>
    options?.paramTypes !== undefined || options?.blob !== undefined;

  function inTransaction(transaction: Transaction): Transaction {
    return {
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (transaction.closed || needsPgliteQuery(options)) {
          return transaction.query<T>(text, params, options);
        }
        return run<T>(text, params, options);
      },
      sql: (strings, ...values) => transaction.sql(strings, ...values),
      exec: (text, options) => transaction.exec(text, options),
      rollback: () => transaction.rollback(),
      listen: (channel, callback) => transaction.listen(channel, callback),
      get closed() {
        return transaction.closed;
      },
    };
  }

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      exclusive.runExclusive(() =>
        needsPgliteQuery(options)
          ? pglite.query<T>(text, params, options)
          : run<T>(text, params, options),
      ),
    transaction: <T>(callback: (transaction: Transaction) => Promise<T>) =>
      exclusive.runExclusive(() =>
        pglite.transaction((transaction) => callback(inTransaction(transaction))),
      ),
  };
}
