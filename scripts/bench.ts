/**
 * `npm run bench` (after `npm run build`): starts the product in child processes, loads it with
 * autocannon and Lighthouse and prints one table, each figure beside its target. API figures are
 * also given as a ratio to a bare Fastify route measured in the same run, since times on a shared
 * machine are noisy; process CPU time is printed beside wall times for the same reason.
 *
 * Runs: 1. `npm start` (embedded PGlite): ready time, API load, whole-process RSS, Lighthouse.
 * 2. The simulators in one process and the storefront alone in another: its RSS after the same load.
 * 3. The storefront alone on a throwaway PostgreSQL database: payments, then the payments list
 * with 1,000,000 rows in the table. Skipped, with the reason, when no PostgreSQL server answers.
 *
 * This file runs them in order; what each figure measures lives beside it: bench-api.ts (API
 * load, memory), bench-payments.ts, bench-pages.ts (route JavaScript, Lighthouse), with the
 * processes in bench-processes.ts and the table in bench-table.ts.
 */
import type { Result } from 'autocannon';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  measureBareRoute,
  measureProducts,
  measureStorefrontAloneRss,
  recordProductRss,
} from './bench-api.ts';
import { recordLighthouse, recordWeb } from './bench-pages.ts';
import { benchPayments, benchPaymentsList, recordTwoInstances } from './bench-payments.ts';
import { analyzeDatabases, createBenchDatabase } from './bench-postgres.ts';
import {
  cleanUp,
  cpuMilliseconds,
  newDataDir,
  oneProcessMeter,
  ports,
  root,
  signIn,
  startBareRoute,
  startProduct,
  startSimulators,
  startStorefront,
  stop,
  storeUrl,
  twoProcessMeter,
  waitForHealth,
  waitForSimulators,
} from './bench-processes.ts';
import { ms, printTable, record } from './bench-table.ts';

async function benchProduct(): Promise<Result> {
  console.log('Starting the store (npm start) on a fresh data directory...');
  const dataDir = newDataDir();
  let store = startProduct(dataDir);
  await waitForHealth(`${storeUrl}/api/health`);
  await stop(store);

  const startedAt = performance.now();
  store = startProduct(dataDir);
  await waitForHealth(`${storeUrl}/api/health`);
  const readyMs = performance.now() - startedAt;
  record(
    'npm start ready (existing data directory)',
    `${(readyMs / 1000).toFixed(2)} s (${ms(cpuMilliseconds(store.pid ?? 0))} CPU)`,
    '< 2 s',
    readyMs < 2000,
  );

  const bare = startBareRoute();
  await waitForHealth(`http://localhost:${ports.bare}/`);
  try {
    const token = await signIn();
    const baseline = await measureBareRoute(bare);
    const cpu = oneProcessMeter(store);
    await measureProducts(cpu, token, bare);
    await benchPayments(token, 'PGlite', baseline, cpu);
    recordProductRss(store);
    recordWeb();
    await recordLighthouse(token);
    return baseline;
  } finally {
    await stop(bare);
    await stop(store);
  }
}

async function benchStorefrontAlone(baseline: Result): Promise<void> {
  // The PostgreSQL figures measure the store: the provider simulator keeps its state on the same
  // server then, as a real provider is not held back by an embedded database (on PGlite the
  // simulator costs about twice the store's CPU per create, and every store instance waits on
  // its one thread).
  const simulatorDatabase = await createBenchDatabase();
  const onPostgres = typeof simulatorDatabase !== 'string';
  console.log(
    `Simulators in one process (${onPostgres ? 'provider on PostgreSQL' : 'PGlite'}), the storefront alone in another (PGlite)...`,
  );
  const simulators = startSimulators(
    newDataDir(),
    [],
    onPostgres ? { XENDIT_SIM_DATABASE_URL: simulatorDatabase.url } : {},
  );
  await waitForSimulators();
  try {
    const dataDir = newDataDir();
    const store = startStorefront(dataDir);
    try {
      await waitForHealth(`${storeUrl}/api/health`);
      await measureStorefrontAloneRss(store, await signIn());
    } finally {
      await stop(store);
    }
    await benchPostgres(baseline, simulators, onPostgres ? simulatorDatabase.url : undefined);
  } finally {
    await stop(simulators);
    if (onPostgres) await simulatorDatabase.drop();
  }
}

async function benchPostgres(
  baseline: Result,
  simulators: ChildProcess,
  simulatorDatabaseUrl: string | undefined,
): Promise<void> {
  const database = await createBenchDatabase();
  if (typeof database === 'string') {
    record(
      'POST /api/payments (PostgreSQL)',
      `skipped: ${database}`,
      '>= 1,000/s, p99 < 20 ms',
      null,
    );
    record(
      'GET /api/payments p99, 10k of 1M rows (PostgreSQL)',
      `skipped: ${database}`,
      '< 10 ms',
      null,
    );
    return;
  }
  console.log('Storefront alone on a fresh PostgreSQL database...');
  const store = startStorefront(newDataDir(), { DATABASE_URL: database.url });
  try {
    await waitForHealth(`${storeUrl}/api/health`);
    const token = await signIn();
    const cpu = twoProcessMeter(store, simulators);
    const single = await benchPayments(token, 'PostgreSQL', baseline, cpu, {
      postgresUrl: database.url,
      afterWarmUp: () => analyzeDatabases([database.url, simulatorDatabaseUrl]),
    });
    await benchPaymentsList(database.url, token, baseline, cpu);
    await stop(store);
    await benchTwoInstances(single, baseline, simulators, simulatorDatabaseUrl);
  } finally {
    await stop(store);
    await database.drop();
  }
}

/**
 * POST /api/payments on STORE_INSTANCES=2 (node:cluster, one port) on a fresh PostgreSQL database,
 * as a ratio to one instance's figure from the same run. The provider simulator, on PostgreSQL,
 * then runs as two processes too (XENDIT_SIM_INSTANCES=2): one process of it is what two store
 * instances would otherwise wait on, which a real provider is not.
 */
async function benchTwoInstances(
  single: Result,
  baseline: Result,
  oneProcessSimulators: ChildProcess,
  simulatorDatabaseUrl: string | undefined,
): Promise<void> {
  const database = await createBenchDatabase();
  if (typeof database === 'string') return;
  let simulators = oneProcessSimulators;
  if (simulatorDatabaseUrl) {
    await stop(oneProcessSimulators);
    simulators = startSimulators(newDataDir(), [], {
      XENDIT_SIM_DATABASE_URL: simulatorDatabaseUrl,
      XENDIT_SIM_INSTANCES: '2',
    });
    await waitForSimulators();
  }
  console.log(
    `Storefront as 2 instances (STORE_INSTANCES=2) on a fresh PostgreSQL database, the provider simulator in ${simulatorDatabaseUrl ? 2 : 1} process(es)...`,
  );
  const store = startStorefront(newDataDir(), {
    DATABASE_URL: database.url,
    STORE_INSTANCES: '2',
  });
  try {
    await waitForHealth(`${storeUrl}/api/health`);
    const two = await benchPayments(
      await signIn(),
      'PostgreSQL, 2 instances',
      baseline,
      twoProcessMeter(store, simulators),
      {
        instances: 2,
        postgresUrl: database.url,
        afterWarmUp: () => analyzeDatabases([database.url, simulatorDatabaseUrl]),
      },
    );
    recordTwoInstances(two, single);
  } finally {
    await stop(store);
    if (simulators !== oneProcessSimulators) await stop(simulators);
    await database.drop();
  }
}

async function main(): Promise<void> {
  for (const built of ['apps/web/dist/.vite/manifest.json', 'dist/start.mjs', 'dist/server.mjs']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build`);
  }
  const baseline = await benchProduct();
  await benchStorefrontAlone(baseline);
  printTable();
}

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
