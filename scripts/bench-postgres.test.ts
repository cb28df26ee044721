import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyzeDatabases,
  nextTransactionId,
  nextTransactionIdQuery,
  serverUrl,
} from './bench-postgres.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres-databases.ts';
import { testSettings } from './test-settings.ts';

/** A throwaway database for the enclosing describe, with a client connected to it. */
function throwawayDatabase(name: string) {
  const opened: { database?: ThrowawayDatabase; client?: pg.Client } = {};
  beforeAll(async () => {
    opened.database = await createThrowawayDatabase(serverUrl, name);
    opened.client = new pg.Client({ connectionString: opened.database.url });
    await opened.client.connect();
  });
  afterAll(async () => {
    await opened.client?.end();
    await opened.database?.drop();
  });
  return {
    get url() {
      if (!opened.database) throw new Error('the database is made before the tests');
      return opened.database.url;
    },
    get client() {
      if (!opened.client) throw new Error('the client connects before the tests');
      return opened.client;
    },
  };
}

// Why the bench analyzes its databases after the warm-up: a prepared statement keeps the plan it
// was given on an empty table, however the table grows, until the table is analyzed.
describe.runIf(testSettings.postgresNamed)('analyzeDatabases', () => {
  const database = throwawayDatabase('bench_analyze');

  const plan = async () =>
    (await database.client.query<{ 'QUERY PLAN': string }>("explain execute locked('{a,b}')")).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('has a statement planned on an empty table planned again once the table is analyzed', async () => {
    // As wide as the store's payments row (about 650 bytes), so as few rows to a page.
    await database.client.query(
      'create table payments (id text primary key, status text not null, details char(600))',
    );
    // Its generic plan from its first run, on the empty table (the store's statements take theirs
    // after five runs), kept as a pool's connection keeps the create's.
    await database.client.query('set plan_cache_mode = force_generic_plan');
    await database.client.query(
      'prepare locked(text[]) as select * from payments where id = any($1) order by id for update',
    );
    expect(await plan()).toMatch(/Seq Scan on payments/);
    await database.client.query(
      "insert into payments select 'pay_' || n, 'REQUIRES_ACTION', 'x' from generate_series(1, 20000) n",
    );
    expect(await plan()).toMatch(/Seq Scan on payments/);

    await analyzeDatabases([database.url]);

    expect(await plan()).toMatch(/Index Scan using payments_pkey/);
  });
});

// The bench's count of transactions a create: a write's id is counted once it has finished, and
// reading the count takes none. Other tests write on the same server meanwhile, so each check
// holds whatever they do.
describe.runIf(testSettings.postgresNamed)('nextTransactionId', () => {
  const database = throwawayDatabase('bench_transactions');
  beforeAll(async () => {
    await database.client.query('create table rows (n int)');
  });

  const writtenBy = async () =>
    BigInt(
      (
        await database.client.query<{ id: string }>(
          'insert into rows values (1) returning pg_current_xact_id()::text as id',
        )
      ).rows[0]?.id ?? '0',
    );

  it('is read without taking a transaction id', async () => {
    await database.client.query('begin');
    try {
      await database.client.query(nextTransactionIdQuery);
      const { rows } = await database.client.query<{ taken: string | null }>(
        'select pg_current_xact_id_if_assigned()::text as taken',
      );
      expect(rows[0]?.taken).toBeNull();
    } finally {
      await database.client.query('rollback');
    }
  });

  it('is above every finished write, and a later write takes an id at or above it', async () => {
    const before = await nextTransactionId(database.url);
    const first = await writtenBy();
    expect(first).toBeGreaterThanOrEqual(before);
    expect(await nextTransactionId(database.url)).toBeGreaterThan(first);
    const second = await writtenBy();
    expect(second).toBeGreaterThan(first);
    expect(await nextTransactionId(database.url)).toBeGreaterThan(second);
  });
});
