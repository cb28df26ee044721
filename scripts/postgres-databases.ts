/**
 * Throwaway databases on a PostgreSQL server, which the store's and the provider simulator's tests,
 * the cluster run and the bench make for themselves and drop when done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * One statement on the PostgreSQL server at `serverUrl`, on a connection of its own, and the rows
 * it answers. A server that does not answer fails it in `connectionTimeoutMillis`, not at the
 * caller's own timeout.
 */
export async function serverRows<Row extends pg.QueryResultRow>(
  serverUrl: string,
  statement: string,
  values: readonly unknown[] = [],
  { connectionTimeoutMillis = 5_000 }: { connectionTimeoutMillis?: number } = {},
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis });
  await client.connect();
  try {
    return (await client.query<Row>(statement, [...values])).rows;
  } finally {
    await client.end();
  }
}

/** serverRows for a statement whose rows nobody reads. */
export async function serverStatement(
  serverUrl: string,
  statement: string,
  options: { connectionTimeoutMillis?: number } = {},
): Promise<void> {
  await serverRows(serverUrl, statement, [], options);
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops the database, even while other sessions are still in it. */
  drop(): Promise<void>;
}

/** A new database `<prefix>_<random>` on the server at `serverUrl`, a copy of `template` if given. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await serverStatement(
    serverUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => serverStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
