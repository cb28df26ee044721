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

// Why the bench analyzes its databases after the warm-up: a prepared statement keeps the plan it
// was given on an empty table, however the table grows, until the table is analyzed.
describe.runIf(testSettings.postgresNamed)('analyzeDatabases', () => {
  let database: ThrowawayDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl, 'bench_analyze');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const plan = async () =>
    (await client.query<{ 'QUERY PLAN': string }>("explain execute locked('{a,b}')")).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('has a statement planned on an empty table planned again once the table is analyzed', async () => {
    // As wide as the store's payments row (about 650 bytes), so as few rows to a page.
    await client.query(
      'create table payments (id text primary key, status text not null, details char(600))',
    );
    // Its generic plan from its first run, on the empty table (the store's statements take theirs
    // after five runs), kept as a pool's connection keeps the create's.
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(
      'prepare locked(text[]) as select * from payments where id = any($1) order by id for update',
    );
    expect(await plan()).toMatch(/Seq Scan on payments/);
    await client.query(
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
  let database: ThrowawayDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl, 'bench_transactions');
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('create table rows (n int)');
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const writtenBy = async () =>
    BigInt(
      (
        await client.query<{ id: string }>(
          'insert into rows values (1) returning pg_current_xact_id()::text as id',
        )
      ).rows[0]?.id ?? '0',
    );

  it('is read without taking a transaction id', async () => {
    await client.query('begin');
    try {
      await client.query(nextTransactionIdQuery);
      const { rows } = await client.query<{ taken: string | null }>(
        'select pg_current_xact_id_if_assigned()::text as taken',
      );
      expect(rows[0]?.taken).toBeNull();
    } finally {
      await client.query('rollback');
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
