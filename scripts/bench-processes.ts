/**
 * The product under bench, for bench.ts: its processes (the product as `npm start` runs it, the
 * simulators alone, the storefront alone, a bare Fastify route for reference) on fixed ports and
 * throwaway data directories, what they cost the machine (RSS, CPU time), and the bench
 * customer's sign-in. Everything started is remembered, so that `cleanUp` leaves nothing behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_PORT_OFFSET moves every port, so the bench can run beside browser tests on the same machine. */
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
export const ports = {
  store: 3300 + offset,
  identity: 4320 + offset,
  xendit: 4310 + offset,
  bare: 3399 + offset,
};
export const storeUrl = `http://localhost:${ports.store}`;
export const benchEmail = 'bench@example.com';
/** The demo app the bench customer signs in to (Indonesia, IDR). */
export const benchAppId = 'demo-id';
const dataDirs: string[] = [];
const children = new Set<ChildProcess>();

export function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-'));
  dataDirs.push(dir);
  return dir;
}

export async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
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

/**
 * Both simulators answering, each on its own health route: the sign-in provider comes up before the
 * payments provider (which first opens its database), and a create load started between the two
 * is answered PENDING throughout, since the store cannot reach the provider, which measures no
 * create at all (seen on PostgreSQL, whose store is ready first: its first 5 s of creates).
 */
export async function waitForSimulators(): Promise<void> {
  await Promise.all([
    waitForHealth(`http://localhost:${ports.identity}/.well-known/openid-configuration`),
    waitForHealth(`http://localhost:${ports.xendit}/_sim/health`),
  ]);
}

const commonEnv = {
  PORT: String(ports.store),
  IDENTITY_SIM_PORT: String(ports.identity),
  XENDIT_SIM_PORT: String(ports.xendit),
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
  // One bench customer makes every payment, hundreds a second: no per-customer limit (0) could
  // hold it. For a real customer the limit costs an index range of at most 61 rows in the read
  // the create makes anyway.
  PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '0',
  // Nor per address (its loads come from one): that limit is counted in memory, no statement.
  CREATES_PER_ADDRESS_PER_MINUTE: '0',
  // Nor requests in flight: its loads keep 20 of one customer's requests in flight at once.
  REQUESTS_IN_FLIGHT_PER_ADDRESS: '0',
  REQUESTS_IN_FLIGHT_PER_CUSTOMER: '0',
  // The provider's limit (6,000 a minute) would cap the payment loads rather than the store.
  XENDIT_SIM_RATE_LIMIT_PER_MINUTE: '1000000',
};

function run(
  args: string[],
  env: Record<string, string>,
  nodeOptions: string[] = [],
): ChildProcess {
  const child = spawn(process.execPath, [...nodeOptions, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...commonEnv, ...env },
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

const packageScripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<'start' | 'start:storefront', string>;
  }
).scripts;

/**
 * What an npm script of package.json runs (`NAME=value … node --option … file`): its environment,
 * its Node options and its file, so the bench starts the product exactly as that script does.
 */
function npmScript(name: keyof typeof packageScripts) {
  const words = packageScripts[name].split(' ');
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2))) as Record<
      string,
      string
    >,
    nodeOptions: words.slice(node + 1).filter((word) => word.startsWith('--')),
    file: words.at(-1) ?? '',
  };
}
const start = npmScript('start');
const startStorefrontScript = npmScript('start:storefront');

/** Exactly what `npm start` runs: the prebuilt bundle when current, else the sources via tsx. */
export const startProduct = (dataDir: string) =>
  run([start.file], { ...start.env, DATA_DIR: dataDir }, start.nodeOptions);
/** `npm start`'s preloads (scripts/tick-object-shape.mjs), which every process it runs has. */
const preloads = start.nodeOptions.filter((option) => option.startsWith('--import='));
export const startSimulators = (
  dataDir: string,
  nodeOptions: string[] = [],
  env: Record<string, string> = {},
) =>
  run(['dist/start.mjs', '--simulators-only'], { DATA_DIR: dataDir, ...env }, [
    ...preloads,
    ...nodeOptions,
  ]);
/**
 * The storefront alone as `npm run start:storefront` runs it, talking to the simulators' process;
 * `nodeOptions` adds to the script's (the profiler's).
 */
export const startStorefront = (
  dataDir: string,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
) =>
  run(
    [startStorefrontScript.file],
    {
      ...startStorefrontScript.env,
      DATA_DIR: dataDir,
      XENDIT_BASE_URL: `http://127.0.0.1:${ports.xendit}`,
      IDENTITY_SIM_URL: `http://localhost:${ports.identity}`,
      ...env,
    },
    [...startStorefrontScript.nodeOptions, ...nodeOptions],
  );
/** The reference the API figures are compared with: one Fastify route and nothing else. */
export const startBareRoute = () =>
  run(
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${ports.bare} });`,
    ],
    {},
  );

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Stops whatever is still running and removes the data directories. */
export async function cleanUp(): Promise<void> {
  await Promise.all([...children].map(stop));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

export function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** User + system CPU time of a process so far (Linux reports clock ticks of 10 ms). */
export function cpuMilliseconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The name scripts/provider-simulator-thread.ts gives its thread inside `npm start`. */
const providerSimulatorThread = 'provider-sim';
/**
 * The name packages/embedded-postgres/src/database-thread-worker.mjs gives the store's PGlite
 * thread (the simulator's PGlite runs on the simulator's own thread).
 */
const storeDatabaseThread = 'embedded-pg';

function threadCpuMilliseconds(pid: number, name: string): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== name) continue;
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    total += (Number(fields?.[11]) + Number(fields?.[12])) * 10;
  }
  return total;
}

/**
 * CPU milliseconds so far of the storefront and of the provider simulator, apart, and of the whole
 * machine; with the local PostgreSQL server's processes, each apart, when the figures use it.
 */
export interface CpuSplit {
  store: number;
  /**
   * Of the store's, its embedded database's thread: PGlite runs one statement at a time, so that
   * thread's time a create bounds the create rate whatever the rest costs (1,000 ms a second).
   */
  storeDatabase?: number;
  simulator: number;
  machine: number;
  postgres?: ReadonlyMap<number, number>;
}
export type CpuMeter = () => CpuSplit;

/**
 * The meter for `npm start`, one process: the provider simulator's thread (named by
 * provider-simulator-thread.ts) is the simulator; the rest (the storefront, the identity
 * simulator, and V8's and libuv's helper threads, shared by both) counts as the store.
 */
export function oneProcessMeter(product: ChildProcess): CpuMeter {
  return () => {
    const pid = product.pid ?? 0;
    const simulator = threadCpuMilliseconds(pid, providerSimulatorThread);
    return {
      store: cpuMilliseconds(pid) - simulator,
      storeDatabase: threadCpuMilliseconds(pid, storeDatabaseThread),
      simulator,
      machine: machineCpuMilliseconds(),
    };
  };
}

/** A process's CPU with its living descendants' (STORE_INSTANCES=2 runs its instances as workers). */
function treeCpuMilliseconds(pid: number): number {
  let total = cpuMilliseconds(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
      if (Number(parent) === pid) total += treeCpuMilliseconds(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

/**
 * The meter for the storefront alone (one instance or several) beside the simulators' process (with
 * its provider simulator processes, XENDIT_SIM_INSTANCES).
 */
export function twoProcessMeter(store: ChildProcess, simulators: ChildProcess): CpuMeter {
  return () => ({
    store: treeCpuMilliseconds(store.pid ?? 0),
    simulator: treeCpuMilliseconds(simulators.pid ?? 0),
    machine: machineCpuMilliseconds(),
    postgres: postgresCpuMilliseconds(),
  });
}

/**
 * Busy CPU of the whole machine so far, every core (/proc/stat: all but idle and I/O wait): the
 * store, the simulators, PostgreSQL, the load generator and the kernel's work for them (the
 * hypervisor's steal is not). Two cores give 2,000 ms a second, so this per request bounds the rate
 * the machine can reach at all.
 */
export function machineCpuMilliseconds(): number {
  // user, nice, system, idle, iowait, irq, softirq: the idle and waiting ticks are not work
  const [user, nice, system, , , irq, softirq] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  )
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * 10;
}

/**
 * CPU so far of each process of the PostgreSQL server on this machine (its backends, the store's
 * and the simulator's, and its writers), by pid: a backend that ends within a load takes its time
 * with it, so a delta is taken pid by pid. Empty when the server runs elsewhere.
 */
function postgresCpuMilliseconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      byPid.set(Number(entry), cpuMilliseconds(Number(entry)));
    } catch {
      // the process ended while being read
    }
  }
  return byPid;
}

/** CPU per request of each process over a load that started when `before` was read. */
export function cpuPerRequest(meter: CpuMeter, before: CpuSplit, requests: number): string {
  const after = meter();
  const perRequest = (ms: number) => `${((ms * 1000) / Math.max(requests, 1)).toFixed(0)} µs`;
  let postgres = '';
  if (after.postgres && after.postgres.size > 0) {
    let ms = 0;
    for (const [pid, total] of after.postgres) ms += total - (before.postgres?.get(pid) ?? 0);
    postgres = `, PostgreSQL ${perRequest(ms)}`;
  }
  const storeDatabase =
    after.storeDatabase === undefined
      ? ''
      : ` (its database thread ${perRequest(after.storeDatabase - (before.storeDatabase ?? 0))})`;
  return `CPU per request: store ${perRequest(after.store - before.store)}${storeDatabase}, simulator ${perRequest(after.simulator - before.simulator)}${postgres}; machine ${perRequest(after.machine - before.machine)}`;
}

/** Signs the bench customer in through the identity simulator; returns the store's token. */
export async function signIn(): Promise<string> {
  const credentialResponse = await fetch(`http://localhost:${ports.identity}/dev/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail, name: 'Bench' }),
  });
  const { credential } = (await credentialResponse.json()) as { credential: string };
  const login = await fetch(`${storeUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential, app_id: benchAppId }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
