/**
 * PostgreSQL for the bench: a throwaway database on the local server (TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test), and a bulk fill of the payments table in SQL.
 */
import pg from 'pg';
import { testSettings } from './test-settings.ts';
import { createThrowawayDatabase, serverRows, serverStatement } from './postgres-databases.ts';

export const serverUrl = testSettings.postgresUrl;

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates store_bench_<random>; null with the reason when no server answers. */
export async function createBenchDatabase(): Promise<BenchDatabase | string> {
  // Only a server that does not answer skips the bench: one that refuses the database fails it.
  try {
    await serverStatement(serverUrl, 'SELECT 1', { connectionTimeoutMillis: 3_000 });
  } catch (error) {
    return `no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
  }
  return createThrowawayDatabase(serverUrl, 'store_bench');
}

/**
 * ANALYZE on each database: its statistics as autovacuum keeps them on a store that has run a
 * while. A database the bench has just made holds empty tables, and the create's statements are
 * planned on them (a connection plans a prepared statement once, for good, within its first few
 * runs): the answers' batch then locked its payments by a scan of the whole table, which the
 * warm-up had grown to thousands of rows in seconds, long before autovacuum, which looks once a
 * minute, would have analyzed it and so had them planned again. PostgreSQL's CPU per create grew
 * with every round of the load, from about 1,200 µs to 3,000 over 25,000 creates, and was about
 * 800 µs in every round once analyzed (README, Performance).
 */
export async function analyzeDatabases(urls: readonly (string | undefined)[]): Promise<void> {
  // Undefined: a database the run keeps elsewhere (the simulator's on PGlite).
  for (const url of urls) if (url !== undefined) await serverStatement(url, 'ANALYZE');
}

/**
 * One past the latest transaction id the PostgreSQL server at `url` has finished (the xmax of a
 * snapshot taken now, which takes no id itself): what it grows by over a load is how many
 * transactions took an id on the whole server, the store's and the simulator's databases
 * together. Every commit that wrote takes one, and each waits for its WAL to be flushed; so does
 * a statement that notifies (the store's status announcements, batched, whose commits wait for no
 * flush). Read at once, unlike pg_stat_database's counts, which a busy backend reports once a
 * second and an idle one up to ten seconds late, and which count reads too.
 */
export const nextTransactionIdQuery =
  'select pg_snapshot_xmax(pg_current_snapshot())::text as next';

export async function nextTransactionId(url: string): Promise<bigint> {
  const [row] = await serverRows<{ next: string }>(url, nextTransactionIdQuery);
  return BigInt(row?.next ?? '0');
}

/**
 * Fills payments to `total` rows, `forCustomer` of them the given customer's (the rest spread over
 * 1,000 other customers of the same app), then ANALYZE. Returns the plan of the list query.
 */
export async function fillPayments(
  url: string,
  customer: { appId: string; customerId: string },
  forCustomer: number,
  total: number,
): Promise<{ seconds: number; plan: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const startedAt = performance.now();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM payments WHERE customer_id = $1',
      [customer.customerId],
    );
    const own = Math.max(0, forCustomer - Number(rows[0]?.n ?? 0));
    await client.query(
      `INSERT INTO customers (id, app_id, identity_issuer, identity_subject, email)
       SELECT 'bench-cust-' || g, $1, 'bench', 'bench-' || g, 'bench' || g || '@example.com'
       FROM generate_series(1, 1000) g`,
      [customer.appId],
    );
    // Rows as the service writes them for a virtual account payment that was paid, times spread
    // over a year: history is settled payments. Open ones would also have the reconciler poll the
    // simulator, every round, about payment requests it never issued. Ids of word characters, as
    // the store makes them (pay_…): a page cursor names its last payment's id and accepts no
    // other, so with hyphenated ids the walk to page 5,000 stopped at the second page (a 400)
    // and the bench's "deep" page was the first one again.
    const insert = `INSERT INTO payments (id, app_id, customer_id, provider_request_id, idempotency_key,
        request_hash, type, channel_code, country, currency, amount, status, created_at, updated_at)
      SELECT 'bench_pay_' || $3 || '_' || g, $1, %CUSTOMER%, 'bench-pr-' || $3 || '-' || g,
        'bench-key-' || $3 || '-' || g, 'hash', 'PAY', 'BCA_VIRTUAL_ACCOUNT', 'ID', 'IDR', 89000,
        'SUCCEEDED', now() - (g || ' seconds')::interval * 31, now()
      FROM generate_series(1, $2::int) g`;
    await client.query(insert.replace('%CUSTOMER%', '$4'), [
      customer.appId,
      own,
      'own',
      customer.customerId,
    ]);
    await client.query(insert.replace('%CUSTOMER%', "'bench-cust-' || (1 + g % 1000)"), [
      customer.appId,
      total - forCustomer,
      'other',
    ]);
    await client.query('ANALYZE');
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM payments WHERE app_id = $1 AND customer_id = $2
       ORDER BY created_at DESC, id DESC LIMIT 21`,
      [customer.appId, customer.customerId],
    );
    return {
      seconds: (performance.now() - startedAt) / 1000,
      plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n'),
    };
  } finally {
    await client.end();
  }
}

export async function customerIdOf(url: string, email: string): Promise<string> {
  const [row] = await serverRows<{ id: string }>(url, 'SELECT id FROM customers WHERE email = $1', [
    email,
  ]);
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}
