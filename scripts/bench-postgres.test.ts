import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDatabases, nextTransactionId, serverUrl } from './bench-postgres.ts';
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

// The bench's count of writing transactions a create: a commit that wrote counts, a read does not,
// and reading the count counts nothing itself.
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

  it('grows by the transactions that wrote, and by none for reads or for being read', async () => {
    // Other tests share the server and may write meanwhile: the least of a few tries is this one's.
    const grownBy = async (work: () => Promise<unknown>) => {
      let least = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = await nextTransactionId(database.url);
        await work();
        least = Math.min(least, Number((await nextTransactionId(database.url)) - before));
      }
      return least;
    };
    expect(await grownBy(async () => undefined)).toBe(0);
    expect(await grownBy(() => client.query('select count(*) from rows'))).toBe(0);
    expect(
      await grownBy(async () => {
        await client.query('insert into rows values (1)');
        await client.query('insert into rows values (2), (3)');
        await client.query('insert into rows values (4)');
      }),
    ).toBe(3);
  });
});
