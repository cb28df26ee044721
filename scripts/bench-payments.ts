/**
 * The payment figures of the bench: POST /api/payments at full speed and at a fixed rate, the
 * payments list with a million rows in the table (PostgreSQL), and two instances against one.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { randomUUID } from 'node:crypto';
import { pacedLoad } from './bench-paced.ts';
import { benchEmail, cpuPerRequest, type CpuMeter, storeUrl } from './bench-processes.ts';
import { customerIdOf, fillPayments, nextTransactionId } from './bench-postgres.ts';
import { describe, ofBare, record } from './bench-table.ts';

const paymentBody = JSON.stringify({
  amount: 89_000,
  currency: 'IDR',
  country: 'ID',
  channel: 'BCA_VIRTUAL_ACCOUNT',
  type: 'PAY',
  orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
});

/**
 * Whether a create's answer is one the provider gave: a virtual account awaiting the transfer. A
 * create the store could not get to the provider (refused, timed out) is answered 201 PENDING for
 * the reconciler to settle; it costs no provider call, and a load of them measures no create.
 */
export const answeredByProvider = (body: string) => body.includes('"status":"REQUIRES_ACTION"');

/** A virtual-account payment of one mug, each request with an Idempotency-Key of its own. */
export function paymentRequest(token: string): Request {
  return {
    method: 'POST',
    path: '/api/payments',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: paymentBody,
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    }),
  };
}

/**
 * How many creates a fresh server answers before the full-speed figure is measured. Until then it
 * is still compiling its hot paths (V8 tiers a function up after enough calls, so this is a count,
 * not a time) and filling its caches and the database's. Measured on PostgreSQL in windows of 5 s
 * at full speed from a fresh start: the store's CPU per create fell from 3,326 to 2,664 to
 * 1,835 µs and then held at 1,500 to 2,000, the simulator's from 1,880 to 1,413 to 856 and then
 * 600 to 800, with V8 still optimising about 30 functions a second 10 s in; the rate held from
 * about 3,500 creates on. Until 2026-11-28 the warm-up was 2 s (500 to 600 creates here), so the
 * PostgreSQL figures were of a server still warming up (README, Performance).
 */
const warmUpCreates = 4_000;

/**
 * Payments at full speed (20 connections) and at 100 requests/s offered; returns the first.
 * `afterWarmUp` runs between the warm-up and the measured loads (the PostgreSQL figures' ANALYZE).
 * With `postgresUrl` the full-speed figure also gives the transaction ids the server took a
 * create: each batch of creates or of answers takes one (statementBatches), and each batch of
 * status announcements, so this says how well the load batched, which goes with how much CPU a
 * create costs (README, Performance: two instances).
 */
export async function benchPayments(
  token: string,
  label: string,
  baseline: Result,
  cpu: CpuMeter,
  {
    instances = 1,
    afterWarmUp,
    postgresUrl,
  }: { instances?: number; afterWarmUp?: () => Promise<void>; postgresUrl?: string } = {},
): Promise<Result> {
  // Each instance (and each simulator process beside it) compiles its own code.
  const warmUp = warmUpCreates * instances;
  console.log(
    `POST /api/payments (${label}), ${warmUp.toLocaleString('en')} creates to warm up, then 20 connections for 5 s...`,
  );
  const warmedUp = await autocannon({
    url: storeUrl,
    connections: 20,
    amount: warmUp,
    requests: [paymentRequest(token)],
  });
  console.log(
    `  warmed up: ${warmedUp.requests.average.toFixed(0)} payments/s over ${warmedUp.duration.toFixed(1)} s`,
  );
  await afterWarmUp?.();
  const transactionsBefore = postgresUrl ? await nextTransactionId(postgresUrl) : undefined;
  const cpuBefore = cpu();
  const max = await autocannon({
    url: storeUrl,
    connections: 20,
    duration: 5,
    requests: [paymentRequest(token)],
    verifyBody: answeredByProvider,
  });
  const failed = max.non2xx + max.errors + max.mismatches;
  const cpuText = cpuPerRequest(cpu, cpuBefore, max.requests.total);
  const transactions =
    postgresUrl && transactionsBefore !== undefined
      ? `; PostgreSQL transaction ids a create ${(Number((await nextTransactionId(postgresUrl)) - transactionsBefore) / Math.max(max.requests.total, 1)).toFixed(2)}`
      : '';
  record(
    `POST /api/payments throughput (${label})`,
    `${max.requests.average.toFixed(0)} payments/s (${ofBare(max, baseline)})${failed ? `, ${failed} failed` : ''}; ${cpuText}${transactions}`,
    label.startsWith('PGlite') ? '>= 800/s' : '>= 1,000/s',
    max.requests.average >= (label.startsWith('PGlite') ? 800 : 1000) && failed === 0,
  );
  console.log(`POST /api/payments (${label}) at 100 requests/s, evenly paced for 10 s...`);
  // The full-speed load leaves work behind it (its garbage, the simulator's queue of jobs): a
  // second for that, so the paced figure is of the paced load.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const paced = await pacedLoad(storeUrl, {
    rate: 100,
    seconds: 10,
    request: {
      method: 'POST',
      path: '/api/payments',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: paymentBody,
      perRequestHeaders: () => ({ 'idempotency-key': randomUUID() }),
      verifyBody: answeredByProvider,
    },
  });
  record(
    `POST /api/payments p99 at 100/s (${label})`,
    `${paced.p99.toFixed(1)} ms (p50 ${paced.p50.toFixed(1)} ms, max ${paced.max.toFixed(0)} ms; ${paced.rate.toFixed(0)}/s done${paced.failed ? `, ${paced.failed} failed` : ''})`,
    '< 20 ms',
    paced.p99 < 20 && paced.failed === 0,
  );
  return max;
}

/**
 * The payments list once the table holds 1,000,000 rows, 10,000 of them the bench customer's:
 * the first page and a page 5,000 deep, whose cost should follow the page, not the offset.
 */
export async function benchPaymentsList(
  databaseUrl: string,
  token: string,
  baseline: Result,
  cpu: CpuMeter,
): Promise<void> {
  console.log("Filling payments to 1,000,000 rows (10,000 of them the bench customer's)...");
  const customerId = await customerIdOf(databaseUrl, benchEmail);
  const fill = await fillPayments(databaseUrl, { appId: 'demo-id', customerId }, 10_000, 1_000_000);
  console.log(
    `  filled in ${fill.seconds.toFixed(1)} s; list query plan:\n    ${fill.plan.replaceAll('\n', '\n    ')}`,
  );
  const auth = { authorization: `Bearer ${token}` };
  const firstPage = (await (
    await fetch(`${storeUrl}/api/payments?limit=20`, { headers: auth })
  ).json()) as {
    payments: unknown[];
    next_cursor: string | null;
  };
  // A page deep in the list: cost should follow the page, not the offset.
  let cursor = firstPage.next_cursor;
  for (let page = 0; page < 50 && cursor; page++) {
    const next = (await (
      await fetch(`${storeUrl}/api/payments?limit=100&cursor=${cursor}`, { headers: auth })
    ).json()) as { next_cursor: string | null };
    cursor = next.next_cursor;
  }
  // Without a cursor the "deep" load would read the first page again.
  if (!cursor) throw new Error('the walk to the page 5,000 deep ended before it');
  console.log('GET /api/payments (first page and a page 5,000 deep), 10 connections...');
  // As for the create: a fresh server compiles the page's path first, and the first figure alone
  // paid for it (668 µs of store CPU per first page against 401 for the deep page after it).
  await autocannon({
    url: `${storeUrl}/api/payments?limit=20`,
    connections: 10,
    duration: 2,
    headers: auth,
  });
  const cpuBefore = cpu();
  const first = await autocannon({
    url: `${storeUrl}/api/payments?limit=20`,
    connections: 10,
    duration: 5,
    headers: auth,
  });
  const firstCpu = cpuPerRequest(cpu, cpuBefore, first.requests.total);
  const deepCpuBefore = cpu();
  const deep = await autocannon({
    url: `${storeUrl}/api/payments?limit=20&cursor=${cursor}`,
    connections: 10,
    duration: 5,
    headers: auth,
  });
  const usesIndex = fill.plan.includes('payments_customer_created');
  record(
    'GET /api/payments, 10k of 1M rows (PostgreSQL)',
    `first page ${describe(first, baseline)} (${firstCpu}); 5,000 deep ${describe(deep, baseline)} (${cpuPerRequest(cpu, deepCpuBefore, deep.requests.total)}); ${usesIndex ? 'index scan on payments_customer_created' : 'NOT using payments_customer_created'}`,
    'p99 < 10 ms',
    first.latency.p99 < 10 && deep.latency.p99 < 10 && first.non2xx + deep.non2xx === 0,
  );
}

/** Two instances' payment throughput as a ratio to one's, both from this run. */
export function recordTwoInstances(two: Result, single: Result): void {
  record(
    'POST /api/payments, 2 instances / 1 instance (PostgreSQL)',
    `${(two.requests.average / single.requests.average).toFixed(2)} (${two.requests.average.toFixed(0)} vs ${single.requests.average.toFixed(0)} payments/s; 2 cores shared with the load generator and the provider simulator)`,
    '>= 1.6',
    two.requests.average / single.requests.average >= 1.6,
  );
}
