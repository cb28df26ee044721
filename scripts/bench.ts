/**
 * `npm run bench`: starts the product with its embedded defaults in a child process, loads it with
 * autocannon and prints one table, each figure beside its target. API figures are also given as a
 * ratio to a bare Fastify route measured in the same run, since times on a shared machine are noisy.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const ports = { store: 3300, identity: 4320, xendit: 4310, bare: 3399 };
const storeUrl = `http://localhost:${ports.store}`;
const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-'));
const rows: { figure: string; value: string; target: string; met: boolean | null }[] = [];

function record(figure: string, value: string, target: string, met: boolean | null) {
  rows.push({ figure, value, target, met });
  console.log(`  ${figure}: ${value}`);
}

async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function startStore(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(ports.store),
      IDENTITY_SIM_PORT: String(ports.identity),
      XENDIT_SIM_PORT: String(ports.xendit),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

async function signIn(): Promise<string> {
  const credentialResponse = await fetch(`http://localhost:${ports.identity}/dev/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', name: 'Bench' }),
  });
  const { credential } = (await credentialResponse.json()) as { credential: string };
  const login = await fetch(`${storeUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential, app_id: 'demo-id' }),
  });
  return ((await login.json()) as { token: string }).token;
}

function firstRouteJavaScriptKb(): number {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  return (
    files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0) / 1024
  );
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build');
  }
  console.log('Starting the store on a fresh data directory...');
  let store = startStore();
  await waitForHealth(`${storeUrl}/api/health`);
  await stop(store);

  const startedAt = performance.now();
  store = startStore();
  await waitForHealth(`${storeUrl}/api/health`);
  const readyMs = performance.now() - startedAt;
  record(
    'npm start ready (existing data)',
    `${(readyMs / 1000).toFixed(2)} s`,
    '< 2 s',
    readyMs < 2000,
  );

  const bare = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${ports.bare} });`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  await waitForHealth(`http://localhost:${ports.bare}/`);

  try {
    const token = await signIn();
    const auth = { authorization: `Bearer ${token}` };

    console.log('Bare Fastify route, 10 connections...');
    const baseline = await autocannon({
      url: `http://localhost:${ports.bare}/`,
      connections: 10,
      duration: 5,
    });
    record(
      'bare Fastify route',
      `${baseline.requests.average.toFixed(0)} req/s`,
      'reference',
      null,
    );

    console.log('GET /api/products, 10 connections...');
    const products = await autocannon({
      url: `${storeUrl}/api/products`,
      connections: 10,
      duration: 5,
      headers: auth,
    });
    const productRatio = products.requests.average / baseline.requests.average;
    record(
      'GET /api/products throughput',
      `${products.requests.average.toFixed(0)} req/s (${productRatio.toFixed(2)} of bare)`,
      '>= 0.5 of bare',
      productRatio >= 0.5 && products.non2xx === 0,
    );
    record(
      'GET /api/products p99',
      `${products.latency.p99} ms`,
      '< 10 ms',
      products.latency.p99 < 10,
    );

    const paymentBody = JSON.stringify({
      amount: 89_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'BCA_VIRTUAL_ACCOUNT',
      type: 'PAY',
      orders: [{ product_id: 'id-ceramic-mug', quantity: 1, price: 89_000, currency: 'IDR' }],
    });
    const paymentRequest = {
      method: 'POST',
      path: '/api/payments',
      headers: { ...auth, 'content-type': 'application/json' },
      body: paymentBody,
      setupRequest: (request: { headers?: Record<string, string> }) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
      }),
    };
    console.log('POST /api/payments (virtual account), 20 connections...');
    const payMax = await autocannon({
      url: storeUrl,
      connections: 20,
      duration: 5,
      requests: [paymentRequest],
    });
    record(
      'POST /api/payments throughput (PGlite)',
      `${payMax.requests.average.toFixed(0)} payments/s (${(payMax.requests.average / baseline.requests.average).toFixed(3)} of bare)`,
      '>= 400/s',
      payMax.requests.average >= 400 && payMax.non2xx === 0,
    );
    console.log('POST /api/payments at 100 requests/s...');
    const payRate = await autocannon({
      url: storeUrl,
      connections: 10,
      duration: 5,
      overallRate: 100,
      requests: [paymentRequest],
    });
    record(
      'POST /api/payments p99 at 100/s (PGlite)',
      `${payRate.latency.p99} ms`,
      '< 50 ms',
      payRate.latency.p99 < 50,
    );

    const rss = rssMegabytes(store.pid ?? 0);
    record(
      'npm start RSS after load (store + simulators)',
      `${rss.toFixed(0)} MB`,
      '< 400 MB',
      rss < 400,
    );
    record(
      'storefront alone RSS',
      'not measured (one process with the simulators)',
      '< 250 MB',
      null,
    );

    const firstRouteKb = firstRouteJavaScriptKb();
    record(
      'first route JavaScript (gzip)',
      `${firstRouteKb.toFixed(1)} KB`,
      '< 150 KB',
      firstRouteKb < 150,
    );
    record('Lighthouse performance (mobile)', 'not measured yet', '>= 95', null);
    record(
      'GET /api/payments p99, 10k of 1M rows (PostgreSQL)',
      'not measured yet',
      '< 20 ms',
      null,
    );
    record('POST /api/payments on PostgreSQL', 'not measured yet', '>= 400/s, p99 < 50 ms', null);
  } finally {
    bare.kill();
    await stop(store);
  }

  console.log('\n| figure | value | target | met |\n|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === null ? '-' : row.met ? 'yes' : 'NO';
    console.log(`| ${row.figure} | ${row.value} | ${row.target} | ${met} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
