import type { StatementClient } from '@store/embedded-postgres';
import pg from 'pg';
import type { Database } from './database.ts';

/** Runs a statement with its parameters in order; its rows as arrays of the driver's values. */
export type ArrayStatement = (values: unknown[]) => Promise<unknown[][]>;

/**
 * A named prepared statement run by the driver itself, its rows as arrays of the driver's values
 * (PostgreSQL's json and jsonb parsed, int8 as the driver gives it, text as it is). For a hot read
 * whose rows drizzle would map one column at a time (`is`, `mapResultRow`) only for the caller to
 * map them again: see README, Performance.
 */
export function arrayStatement(db: Database, name: string, text: string): ArrayStatement {
  const client = (db as unknown as { $client: pg.Pool | pg.Client | StatementClient }).$client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return async (values) => (await client.query({ name, text, values, rowMode: 'array' })).rows;
  }
  // The embedded database keeps each text it ran as a prepared statement of its own.
  return async (values) => (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}
