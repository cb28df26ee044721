/**
 * `npm run profile:create` (after `npm run build`): a CPU profile of POST /api/payments in the
 * storefront and in the provider simulator, each in its own process under `node --cpu-prof`, at
 * the bench's full-speed load (20 connections, 2 s of warm-up, then 5 s). Prints, for each process,
 * its CPU per payment and, per thread, where the time went by self time (the functions, and the
 * packages they belong to), and leaves the .cpuprofile files (one per thread) in profiles/ for
 * Chrome DevTools or speedscope.
 * DATABASE_URL=postgres://… profiles the storefront on PostgreSQL instead of the embedded PGlite;
 * `-- products` profiles GET /api/products (10 connections) instead of the create; `-- list` (with
 * DATABASE_URL) GET /api/payments's first page once the table holds 1,000,000 payments, 10,000 of
 * them the signed-in customer's, as the bench measures it.
 */
import autocannon from 'autocannon';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { paymentRequest } from './bench-payments.ts';
import { analyzeDatabases, customerIdOf, fillPayments } from './bench-postgres.ts';
import {
  cleanUp,
  benchEmail,
  cpuMilliseconds,
  newDataDir,
  root,
  signIn,
  startSimulators,
  startStorefront,
  stop,
  storeUrl,
  waitForHealth,
  waitForSimulators,
} from './bench-processes.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  /** Microseconds of the monotonic clock, the one process.hrtime reads. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The measured load's span, in microseconds of the monotonic clock. */
interface Window {
  from: number;
  to: number;
}
const now = () => Number(process.hrtime.bigint() / 1000n);

const profilesDir = join(root, 'profiles');

/** Where a function's code comes from: a package, Node itself, or the workspace's own file. */
function originOf(url: string): string {
  if (url === '') return '(native, GC, idle)';
  if (url.startsWith('node:')) return 'node:internal';
  const path = url.replace(/^file:\/\//, '');
  const nodeModules = path.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const [scopeOrName, name] = path.slice(nodeModules + 'node_modules/'.length).split('/');
    return scopeOrName?.startsWith('@') ? `${scopeOrName}/${name}` : (scopeOrName ?? path);
  }
  return relative(root, path);
}

/**
 * Busy (not idle) samples per node taken inside the window (start-up and warm-up stay out of the
 * figures), and the time they stand for: each sample's interval since the one before.
 */
function samplesIn(
  profile: Profile,
  window: Window,
): { counts: Map<number, number>; busyUs: number } {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
  );
  const counts = new Map<number, number>();
  let busyUs = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < window.from || time > window.to || idle.has(id)) return;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    busyUs += delta;
  });
  return { counts, busyUs };
}

function summariseThread(file: string, thread: string, window: Window, requests: number): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const { counts: samples, busyUs } = samplesIn(profile, window);
  const hits = new Map<string, number>();
  const origins = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = samples.get(node.id) ?? 0;
    if (count === 0) continue;
    total += count;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${originOf(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`;
    hits.set(key, (hits.get(key) ?? 0) + count);
    const origin = originOf(url);
    origins.set(origin, (origins.get(origin) ?? 0) + count);
  }
  const share = (count: number) => `${((100 * count) / total).toFixed(1).padStart(5)}%`;
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(
    `  ${thread}: not idle in ${(busyUs / 1000).toFixed(0)} ms of its samples, ${(busyUs / requests).toFixed(0)} µs per request (wall time: waiting for a core counts too) (${relative(root, file)})`,
  );
  console.log('    by origin (self time, share of the busy samples during the load):');
  for (const [origin, count] of top(origins, 12)) console.log(`      ${share(count)}  ${origin}`);
  console.log('    top functions (self time):');
  for (const [name, count] of top(hits, 25)) console.log(`      ${share(count)}  ${name}`);
}

/**
 * A process's CPU per request, then each of its threads' profiles: `--cpu-prof` writes one per
 * thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile), and the storefront on the embedded
 * database runs it on a thread of its own (packages/embedded-postgres, database-thread.ts).
 */
function summarise(
  label: string,
  dir: string,
  window: Window,
  requests: number,
  cpuMs: number,
): void {
  const threadOf = (file: string) => Number(file.split('.').at(-3));
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .sort((a, b) => threadOf(a) - threadOf(b));
  if (files.length === 0) throw new Error(`no profile in ${dir}`);
  console.log(
    `\n${label}: ${cpuMs} ms CPU for ${requests} requests, ${((cpuMs * 1000) / requests).toFixed(0)} µs per request`,
  );
  for (const file of files) {
    const thread = threadOf(file) === 0 ? 'main thread' : `worker thread ${threadOf(file)}`;
    summariseThread(join(dir, file), thread, window, requests);
  }
}

async function main(): Promise<void> {
  rmSync(profilesDir, { recursive: true, force: true });
  const storeDir = join(profilesDir, 'store');
  const simulatorDir = join(profilesDir, 'simulator');
  const cpuProf = (dir: string) => ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  const simulators = startSimulators(newDataDir(), cpuProf(simulatorDir));
  await waitForSimulators();
  const databaseUrl = process.env.DATABASE_URL;
  const store = startStorefront(
    newDataDir(),
    databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    cpuProf(storeDir),
  );
  await waitForHealth(`${storeUrl}/api/health`);
  const token = await signIn();
  const products = process.argv.includes('products');
  const list = process.argv.includes('list');
  if (list) {
    if (!databaseUrl)
      throw new Error('-- list profiles a table of 1,000,000 rows: give DATABASE_URL');
    // The bench lists after its creates, so its pages are real payments, with lines and actions:
    // the same here, or the profile would be of the fill's cheaper rows.
    console.log('Creating 2,000 payments for the first pages...');
    await autocannon({
      url: storeUrl,
      connections: 20,
      amount: 2_000,
      requests: [paymentRequest(token)],
    });
    console.log("Filling payments to 1,000,000 rows (10,000 of them the signed-in customer's)...");
    const customerId = await customerIdOf(databaseUrl, benchEmail);
    const fill = await fillPayments(
      databaseUrl,
      { appId: 'demo-id', customerId },
      10_000,
      1_000_000,
    );
    console.log(`  ${fill.seconds.toFixed(1)} s`);
  }
  const path = products ? '/api/products' : list ? '/api/payments?limit=20' : null;
  const load = (duration: number) =>
    path
      ? autocannon({
          url: `${storeUrl}${path}`,
          connections: 10,
          duration,
          headers: { authorization: `Bearer ${token}` },
        })
      : autocannon({ url: storeUrl, connections: 20, duration, requests: [paymentRequest(token)] });
  const what = path ? `GET ${path}` : 'POST /api/payments';
  console.log(`Warming up (2 s), then ${what} for 5 s...`);
  await load(2);
  // As the bench does: statistics as autovacuum would have them by now (bench-postgres.ts).
  await analyzeDatabases([databaseUrl, process.env.XENDIT_SIM_DATABASE_URL]);
  // A profile covers the whole process: only its samples inside this window are summed.
  const from = now();
  const storeBefore = cpuMilliseconds(store.pid ?? 0);
  const simulatorBefore = cpuMilliseconds(simulators.pid ?? 0);
  const result = await load(5);
  const window = { from, to: now() };
  const storeCpu = cpuMilliseconds(store.pid ?? 0) - storeBefore;
  const simulatorCpu = cpuMilliseconds(simulators.pid ?? 0) - simulatorBefore;
  console.log(
    `${result.requests.average.toFixed(0)} requests/s, ${result.non2xx + result.errors} failed`,
  );
  // Both write their profile as they exit (SIGTERM closes them cleanly).
  await stop(store);
  await stop(simulators);
  const payments = result.requests.total;
  summarise('storefront', storeDir, window, payments, storeCpu);
  summarise('provider simulator', simulatorDir, window, payments, simulatorCpu);
}

main()
  .then(cleanUp)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
