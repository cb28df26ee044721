/**
 * `npm start`: one process serving the storefront with the simulators it needs, the provider
 * simulator on a worker thread (scripts/provider-simulator-thread.ts), so that it uses another
 * core than the storefront. A simulator is skipped when configuration points at the real provider
 * (GOOGLE_CLIENT_ID, XENDIT_BASE_URL). `--simulators-only` starts the simulators alone, for a
 * storefront run in another process (apps/server, with XENDIT_BASE_URL and IDENTITY_SIM_URL
 * pointing at them).
 */
import { spawn, spawnSync } from 'node:child_process';
import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compiledPglite } from '@store/embedded-postgres';
import { startIdentitySimulator } from '@store/identity-sim';
import {
  createDefaultAccount,
  startXenditSimulator,
  type XenditSimulator,
  type XenditSimulatorOptions,
} from '@store/xendit-sim';
import {
  ConfigError,
  isStoreInstance,
  loadConfig,
  runStoreInstance,
  startStore,
} from '@store/server';
import type {
  ProviderSimulatorMessage,
  ProviderSimulatorThreadData,
} from './provider-simulator-thread.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const dev = process.argv.includes('--dev');
const simulatorsOnly = process.argv.includes('--simulators-only');
const closers: (() => Promise<void>)[] = [];

function ensureWebBuild(): void {
  if (dev || simulatorsOnly || existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The web app build failed');
}

/**
 * The provider simulator thread's entry, beside this file: the bundle's
 * (dist/provider-simulator-thread.mjs), or the source, compiled by tsx registered in the thread
 * (on Node 20 a worker thread does not inherit the module hooks of its parent).
 */
function providerSimulatorThreadEntry(): URL {
  if (!import.meta.filename.endsWith('.ts')) {
    return pathToFileURL(join(import.meta.dirname, 'provider-simulator-thread.mjs'));
  }
  const source = pathToFileURL(join(import.meta.dirname, 'provider-simulator-thread.ts'));
  const boot = [
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};`,
    'register();',
    `await import(${JSON.stringify(source.href)});`,
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * Starts the provider simulator on a worker thread (see scripts/provider-simulator-thread.ts),
 * handing it PostgreSQL's WebAssembly as this thread compiled it for the store's database.
 */
async function startXenditSimulatorThread(
  options: XenditSimulatorOptions,
): Promise<XenditSimulator> {
  const workerData: ProviderSimulatorThreadData = {
    options,
    ...(options.databaseUrl ? {} : { pgliteModule: await compiledPglite() }),
  };
  const worker = new Worker(providerSimulatorThreadEntry(), { workerData });
  const closed = new Promise<void>((resolveClosed) => {
    worker.on('message', (message: ProviderSimulatorMessage) => {
      if (message.type === 'closed') resolveClosed();
    });
  });
  let started = false;
  return new Promise((resolveStarted, rejectStarted) => {
    worker.on('message', (message: ProviderSimulatorMessage) => {
      if (message.type === 'failed') rejectStarted(new Error(message.message));
      if (message.type !== 'ready') return;
      started = true;
      resolveStarted({
        url: message.url,
        async close() {
          worker.postMessage({ type: 'close' });
          await closed;
          await worker.terminate();
        },
      });
    });
    worker.on('error', (error) => {
      if (!started) return rejectStarted(error);
      // Without its provider the storefront cannot take payments: stop rather than limp on.
      console.error('The provider simulator stopped:', error);
      void shutdown(1);
    });
  });
}

type StoreConfig = ReturnType<typeof loadConfig>;
type ProviderSimulatorConfig = NonNullable<StoreConfig['simulators']['xendit']>;

function providerSimulatorOptions(
  config: StoreConfig,
  simulator: ProviderSimulatorConfig,
): XenditSimulatorOptions {
  return {
    port: simulator.port,
    ...(simulator.databaseUrl
      ? { databaseUrl: simulator.databaseUrl }
      : { dataDir: join(config.dataDir, 'xendit-sim') }),
    accounts: [
      createDefaultAccount({
        webhookUrl: `http://localhost:${config.port}/api/webhooks/xendit`,
        callbackToken: simulator.callbackTokens.development,
        liveCallbackToken: simulator.callbackTokens.live,
      }),
    ],
    // The provider's schedule (15 min to 24 h) compressed, so a demo sees retries land.
    webhookRetrySchedule: [2, 5, 15, 60, 300, 900],
    expireLiveSessions: simulator.expireLiveSessions,
    ...(simulator.rateLimitPerMinute
      ? { rateLimit: { max: simulator.rateLimitPerMinute, windowSeconds: 60 } }
      : {}),
  };
}

/** Marks the cluster workers that are provider simulators, not store instances. */
const providerSimulatorProcess = 'XENDIT_SIM_PROCESS';

/**
 * The provider simulator as several processes sharing its port (node:cluster) and its PostgreSQL
 * database, so that it is not what several store instances wait on: what one writes the others
 * answer from, keys and jobs are the database's, each due webhook is claimed by one. Each process
 * keeps its own rate-limit window.
 */
async function startProviderSimulatorProcesses(count: number) {
  const workers: ClusterWorker[] = [];
  let stopping = false;
  // One after the other: the first migrates, the others find the schema ready.
  for (let index = 0; index < count; index += 1) {
    const worker = cluster.fork({ ...env, [providerSimulatorProcess]: '1' });
    workers.push(worker);
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { url?: string }) => (message.url ? resolve() : undefined));
      worker.once('exit', (code) =>
        reject(new Error(`A provider simulator process failed (${code})`)),
      );
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      // Without its provider the storefront cannot take payments: stop rather than limp on.
      console.error(`A provider simulator process stopped (${signal ?? code})`);
      void shutdown(1);
    });
  }
  return {
    url: `http://127.0.0.1:${loadConfig(env).simulators.xendit?.port}`,
    async close() {
      stopping = true;
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** One of startProviderSimulatorProcesses' processes. */
async function runProviderSimulatorProcess(): Promise<void> {
  const config = loadConfig(env);
  const simulator = config.simulators.xendit;
  if (!simulator) throw new Error('No provider simulator is configured');
  const xendit = await startXenditSimulator(providerSimulatorOptions(config, simulator));
  closers.push(xendit.close);
  process.send?.({ url: xendit.url });
}

async function main(): Promise<void> {
  ensureWebBuild();
  const lines: string[] = [];
  // Ports, tokens, the data directory and which simulators to run come from the store's
  // configuration module, so the launcher and the store can never disagree on them.
  const config = loadConfig(env);
  const { identity: identitySimulator, xendit: xenditSimulator } = config.simulators;
  if (identitySimulator) {
    const identity = await startIdentitySimulator({
      port: identitySimulator.port,
      dataDir: join(config.dataDir, 'identity-sim'),
    });
    closers.push(identity.close);
    lines.push(`  identity simulator  ${identity.url}`);
  }
  // The provider simulator starts on its own thread (or processes) while the store opens its
  // database on this one; the store takes requests once both are up.
  let providerReady: Promise<void> | undefined;
  if (xenditSimulator) {
    const options = providerSimulatorOptions(config, xenditSimulator);
    if (simulatorsOnly && xenditSimulator.instances > 1) {
      providerReady = startProviderSimulatorProcesses(xenditSimulator.instances).then(
        (processes) => {
          closers.push(processes.close);
          lines.push(
            `  provider simulator  ${processes.url}  (${xenditSimulator.instances} processes)`,
          );
        },
      );
    } else {
      // Alone in its process (--simulators-only), the simulator needs no thread of its own.
      const start = simulatorsOnly ? startXenditSimulator : startXenditSimulatorThread;
      providerReady = start(options).then((xendit) => {
        closers.push(xendit.close);
        lines.push(`  provider simulator  ${xendit.url}`);
      });
    }
  }
  if (simulatorsOnly) {
    await providerReady;
    console.log(['Simulators are ready:', ...lines].join('\n'));
    return;
  }
  // Awaited by the store; until then a failure must not count as unhandled.
  providerReady?.catch(() => undefined);
  const store = await startStore(env, { listenAfter: providerReady });
  // Closed last: the simulators stop sending webhooks first, so none is left in flight.
  closers.push(store.close);
  lines.unshift(`  storefront          ${store.url}  (API docs: ${store.url}/api/docs)`);
  if (dev) {
    const vite = spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    closers.push(async () => void vite.kill());
    lines.push('  web (hot reload)    http://localhost:5173');
  }
  console.log(
    [
      'Demo store is ready:',
      ...lines,
      'Demo apps: demo-id (development, Indonesia, IDR), demo-ph (live, Philippines, PHP),',
      '  demo-my (MYR), demo-th (THB), demo-vn (VND), demo-sg (SGD) in development, demo-sg-live (live, SGD)',
      `Sign in at ${store.url}/login with any email in the identity simulator's chooser.`,
    ].join('\n'),
  );
}

async function shutdown(code = 0): Promise<void> {
  setTimeout(() => process.exit(code), 5_000).unref();
  for (const close of closers) await close().catch(() => undefined);
  process.exit(code);
}
async function startInstance(): Promise<void> {
  // A store process of STORE_INSTANCES (node:cluster): the primary runs the simulators.
  await runStoreInstance(env);
}

if (!isStoreInstance) {
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

const asProviderSimulator = cluster.isWorker && env[providerSimulatorProcess] === '1';
if (asProviderSimulator) {
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

(asProviderSimulator
  ? runProviderSimulatorProcess()
  : isStoreInstance
    ? startInstance()
    : main()
).catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  for (const close of closers) await close().catch(() => undefined);
  process.exit(1);
});
