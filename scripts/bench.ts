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
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { lighthouseScores } from './bench-lighthouse.ts';
import { createBenchDatabase, customerIdOf, fillPayments } from './bench-postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ports = { store: 3300, identity: 4320, xendit: 4310, bare: 3399 };
const storeUrl = `http://localhost:${ports.store}`;
const dataDirs: string[] = [];
const children = new Set<ChildProcess>();
const rows: { figure: string; value: string; target: string; met: boolean | null }[] = [];
const benchEmail = 'bench@example.com';

function record(figure: string, value: string, target: string, met: boolean | null) {
  rows.push({ figure, value, target, met });
  console.log(`  ${figure}: ${value}`);
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  dataDirs.push(dir);
  return dir;
}

async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const commonEnv = {
  PORT: String(ports.store),
  IDENTITY_SIM_PORT: String(ports.identity),
  XENDIT_SIM_PORT: String(ports.xendit),
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  // One bench customer makes every payment, hundreds a second: no per-customer limit (0) could
  // hold it. For a real customer the limit costs an index range of at most 61 rows in the read
  // the create makes anyway.
  PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '0',
  // The provider's limit (6,000 a minute) would cap the payment loads rather than the store.
  XENDIT_SIM_RATE_LIMIT_PER_MINUTE: '1000000',
};

function run(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...commonEnv, ...env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Exactly what `npm start` runs: the prebuilt bundle when current, else the sources via tsx. */
const startProduct = (dataDir: string) => run(['scripts/launch.mjs'], { DATA_DIR: dataDir });
const startSimulators = (dataDir: string) =>
  run(['dist/start.mjs', '--simulators-only'], { DATA_DIR: dataDir });
/** The storefront alone (apps/server's main), talking to the simulators' process. */
const startStorefront = (dataDir: string, env: Record<string, string> = {}) =>
  run(['dist/server.mjs'], {
    DATA_DIR: dataDir,
    XENDIT_BASE_URL: `http://127.0.0.1:${ports.xendit}`,
    IDENTITY_SIM_URL: `http://localhost:${ports.identity}`,
    ...env,
  });

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** User + system CPU time of a process so far (Linux reports clock ticks of 10 ms). */
function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function signIn(): Promise<string> {
  const credentialResponse = await fetch(`http://localhost:${ports.identity}/dev/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail, name: 'Bench' }),
  });
  const { credential } = (await credentialResponse.json()) as { credential: string };
  const login = await fetch(`${storeUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential, app_id: 'demo-id' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * The server's CPU per answer over a run that started at `cpuBefore`: on two cores autocannon
 * shares the machine with the server, so where the client is what runs out, requests per second
 * compare the client's work per answer more than the server's, and this shows the server's.
 */
function serverCpuPerRequest(server: ChildProcess, cpuBefore: number, result: Result): string {
  const cpu = cpuMilliseconds(server.pid ?? 0) - cpuBefore;
  const busy = cpu / (result.duration * 1000);
  return `server ${((cpu * 1000) / result.requests.total).toFixed(0)} µs CPU per request, busy ${(busy * 100).toFixed(0)}% of one core`;
}

function describe(result: Result, baseline: Result | null): string {
  const ratio = baseline
    ? ` (${(result.requests.average / baseline.requests.average).toFixed(2)} of bare)`
    : '';
  const failures = result.non2xx + result.errors;
  return `${result.requests.average.toFixed(0)} req/s${ratio}, p99 ${result.latency.p99} ms${failures ? `, ${failures} failed` : ''}`;
}

function paymentRequest(token: string): Request {
  return {
    method: 'POST',
    path: '/api/payments',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    }),
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    }),
  };
}

/** Payments at full speed (20 connections) and at 100 requests/s offered; returns the first. */
async function benchPayments(token: string, label: string, baseline: Result): Promise<Result> {
  console.log(`POST /api/payments (${label}), 2 s to warm up, then 20 connections...`);
  // A fresh server's first seconds go to compiling its hot paths and opening its connections
  // (to the database and to the provider): not what a payment costs once it runs.
  await autocannon({
    url: storeUrl,
    connections: 20,
    duration: 2,
    requests: [paymentRequest(token)],
  });
  const max = await autocannon({
    url: storeUrl,
    connections: 20,
    duration: 5,
    requests: [paymentRequest(token)],
  });
  const failed = max.non2xx + max.errors;
  record(
    `POST /api/payments throughput (${label})`,
    `${max.requests.average.toFixed(0)} payments/s (${(max.requests.average / baseline.requests.average).toFixed(3)} of bare)${failed ? `, ${failed} failed` : ''}`,
    '>= 400/s',
    max.requests.average >= 400 && failed === 0,
  );
  console.log(`POST /api/payments (${label}) at 100 requests/s...`);
  const rate = await autocannon({
    url: storeUrl,
    connections: 10,
    duration: 5,
    overallRate: 100,
    requests: [paymentRequest(token)],
  });
  record(
    `POST /api/payments p99 at 100/s (${label})`,
    `${rate.latency.p99} ms (${rate.requests.average.toFixed(0)}/s done)`,
    '< 50 ms',
    rate.latency.p99 < 50 && rate.non2xx + rate.errors === 0,
  );
  return max;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * JavaScript a route needs before it shows: the entry with its static imports, plus the route's
 * own chunk with its static imports (Vite's manifest, dist/.vite/manifest.json).
 */
function routeJavaScript(routeSource: string | null): { kb: number; files: number } {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const needed = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  if (routeSource) {
    if (!manifest[routeSource]) throw new Error(`${routeSource} is not a chunk of its own`);
    add(routeSource);
  }
  const bytes = [...needed].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length,
    0,
  );
  return { kb: bytes / 1024, files: needed.size };
}

function recordWeb(): void {
  const entry = routeJavaScript(null);
  const home = routeJavaScript('src/app/routes/home.tsx');
  const login = routeJavaScript('src/app/routes/login.tsx');
  const checkout = routeJavaScript('src/app/routes/checkout.tsx');
  record(
    'first route JavaScript, gzip (entry + / route chunks)',
    `${home.kb.toFixed(1)} KB in ${home.files} files (entry alone ${entry.kb.toFixed(1)} KB; /login ${login.kb.toFixed(1)} KB; /checkout ${checkout.kb.toFixed(1)} KB)`,
    '< 150 KB',
    home.kb < 150 && login.kb < 150,
  );
  const html = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
  const eager = [
    ...html.matchAll(/(?:src|href)="\/assets\/((?:home|product|checkout|login)-[^"]+)"/g),
  ];
  record(
    'route chunks loaded on demand',
    eager.length === 0
      ? 'yes: no route chunk in index.html'
      : `no: ${eager.map((m) => m[1]).join(', ')}`,
    'each route lazy',
    eager.length === 0,
  );
}

async function productCart(token: string): Promise<string> {
  const response = await fetch(`${storeUrl}/api/products/id-ceramic-mug`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const product = (await response.json()) as {
    id: string;
    price: { amount: number; currency: string };
  };
  return JSON.stringify([
    {
      product_id: product.id,
      quantity: 1,
      price: product.price.amount,
      currency: product.price.currency,
      product,
    },
  ]);
}

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

  const bare = run(
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${ports.bare} });`,
    ],
    {},
  );
  await waitForHealth(`http://localhost:${ports.bare}/`);
  try {
    const token = await signIn();
    console.log('Bare Fastify route, 10 connections...');
    const bareCpu = cpuMilliseconds(bare.pid ?? 0);
    const baseline = await autocannon({
      url: `http://localhost:${ports.bare}/`,
      connections: 10,
      duration: 5,
    });
    record(
      'bare Fastify route (reference)',
      `${describe(baseline, null)}; ${serverCpuPerRequest(bare, bareCpu, baseline)}`,
      '-',
      null,
    );

    console.log('GET /api/products, 10 connections...');
    const storeCpu = cpuMilliseconds(store.pid ?? 0);
    const products = await autocannon({
      url: `${storeUrl}/api/products`,
      connections: 10,
      duration: 5,
      headers: { authorization: `Bearer ${token}` },
    });
    const productRatio = products.requests.average / baseline.requests.average;
    record(
      'GET /api/products at 10 connections',
      `${describe(products, baseline)}; ${serverCpuPerRequest(store, storeCpu, products)}`,
      '>= 0.5 of bare, p99 < 10 ms',
      productRatio >= 0.5 && products.latency.p99 < 10 && products.non2xx === 0,
    );

    await benchPayments(token, 'PGlite', baseline);
    const rss = rssMegabytes(store.pid ?? 0);
    record(
      'npm start RSS after load (store + simulators)',
      `${rss.toFixed(0)} MB`,
      '< 400 MB',
      rss < 400,
    );

    recordWeb();
    console.log('Lighthouse (mobile) on /, /products/id-ceramic-mug and /checkout, signed in...');
    try {
      const { scores, benchmarkIndex } = await lighthouseScores(
        storeUrl,
        ['/', '/products/id-ceramic-mug', '/checkout'],
        { token, cart: await productCart(token) },
      );
      for (const page of scores) {
        record(
          `Lighthouse performance (mobile) ${page.path}`,
          `${page.score} (LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}; benchmarkIndex ${benchmarkIndex})`,
          '>= 95',
          page.score >= 95,
        );
      }
    } catch (error) {
      record(
        'Lighthouse performance (mobile)',
        `not measured: ${(error as Error).message}`,
        '>= 95',
        null,
      );
    }
    return baseline;
  } finally {
    await stop(bare);
    await stop(store);
  }
}

async function benchStorefrontAlone(baseline: Result): Promise<void> {
  console.log('Simulators in one process, the storefront alone in another (PGlite)...');
  const simulators = startSimulators(newDataDir());
  await waitForHealth(`http://localhost:${ports.identity}/.well-known/openid-configuration`).catch(
    () => undefined,
  );
  try {
    const dataDir = newDataDir();
    const store = startStorefront(dataDir);
    try {
      await waitForHealth(`${storeUrl}/api/health`);
      const token = await signIn();
      await autocannon({
        url: `${storeUrl}/api/products`,
        connections: 10,
        duration: 3,
        headers: { authorization: `Bearer ${token}` },
      });
      await autocannon({
        url: storeUrl,
        connections: 20,
        duration: 3,
        requests: [paymentRequest(token)],
      });
      const rss = rssMegabytes(store.pid ?? 0);
      record(
        'storefront alone RSS after load (PGlite)',
        `${rss.toFixed(0)} MB`,
        '< 250 MB',
        rss < 250,
      );
    } finally {
      await stop(store);
    }
    await benchPostgres(baseline);
  } finally {
    await stop(simulators);
  }
}

async function benchPostgres(baseline: Result): Promise<void> {
  const database = await createBenchDatabase();
  if (typeof database === 'string') {
    record(
      'POST /api/payments (PostgreSQL)',
      `skipped: ${database}`,
      '>= 400/s, p99 < 50 ms',
      null,
    );
    record(
      'GET /api/payments p99, 10k of 1M rows (PostgreSQL)',
      `skipped: ${database}`,
      '< 20 ms',
      null,
    );
    return;
  }
  console.log('Storefront alone on a fresh PostgreSQL database...');
  const store = startStorefront(newDataDir(), { DATABASE_URL: database.url });
  try {
    await waitForHealth(`${storeUrl}/api/health`);
    const token = await signIn();
    const single = await benchPayments(token, 'PostgreSQL', baseline);

    console.log("Filling payments to 1,000,000 rows (10,000 of them the bench customer's)...");
    const customerId = await customerIdOf(database.url, benchEmail);
    const fill = await fillPayments(
      database.url,
      { appId: 'demo-id', customerId },
      10_000,
      1_000_000,
    );
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
    console.log('GET /api/payments (first page and a page 5,000 deep), 10 connections...');
    const first = await autocannon({
      url: `${storeUrl}/api/payments?limit=20`,
      connections: 10,
      duration: 5,
      headers: auth,
    });
    const deep = await autocannon({
      url: `${storeUrl}/api/payments?limit=20&cursor=${cursor ?? ''}`,
      connections: 10,
      duration: 5,
      headers: auth,
    });
    const usesIndex = fill.plan.includes('payments_customer_created');
    record(
      'GET /api/payments, 10k of 1M rows (PostgreSQL)',
      `first page ${describe(first, baseline)}; 5,000 deep ${describe(deep, baseline)}; ${usesIndex ? 'index scan on payments_customer_created' : 'NOT using payments_customer_created'}`,
      'p99 < 20 ms',
      first.latency.p99 < 20 && deep.latency.p99 < 20 && first.non2xx + deep.non2xx === 0,
    );
    await stop(store);
    await benchTwoInstances(single, baseline);
  } finally {
    await stop(store);
    await database.drop();
  }
}

/**
 * POST /api/payments on STORE_INSTANCES=2 (node:cluster, one port) on a fresh PostgreSQL database,
 * as a ratio to one instance's figure from the same run.
 */
async function benchTwoInstances(single: Result, baseline: Result): Promise<void> {
  const database = await createBenchDatabase();
  if (typeof database === 'string') return;
  console.log('Storefront as 2 instances (STORE_INSTANCES=2) on a fresh PostgreSQL database...');
  const store = startStorefront(newDataDir(), {
    DATABASE_URL: database.url,
    STORE_INSTANCES: '2',
  });
  try {
    await waitForHealth(`${storeUrl}/api/health`);
    const two = await benchPayments(await signIn(), 'PostgreSQL, 2 instances', baseline);
    record(
      'POST /api/payments, 2 instances / 1 instance (PostgreSQL)',
      `${(two.requests.average / single.requests.average).toFixed(2)} (${two.requests.average.toFixed(0)} vs ${single.requests.average.toFixed(0)} payments/s; 2 cores shared with the load generator and the provider simulator)`,
      '-',
      null,
    );
  } finally {
    await stop(store);
    await database.drop();
  }
}

async function main(): Promise<void> {
  for (const built of ['apps/web/dist/.vite/manifest.json', 'dist/start.mjs', 'dist/server.mjs']) {
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build`);
  }
  const baseline = await benchProduct();
  await benchStorefrontAlone(baseline);

  console.log('\n| figure | value | target | met |\n|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === null ? '-' : row.met ? 'yes' : 'NO';
    console.log(`| ${row.figure} | ${row.value} | ${row.target} | ${met} |`);
  }
}

async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stop));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
