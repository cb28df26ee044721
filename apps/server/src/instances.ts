import cluster, { type Worker } from 'node:cluster';
import { loadConfig } from './config.ts';
import { startStoreServer, type StartOptions } from './store-server.ts';

export interface RunningStore {
  url: string;
  close(): Promise<void>;
}

/** Wait before an instance that died is started again, so a crash loop does not spin a core. */
const restartDelayMs = 1_000;
/** How long an instance is given to finish its requests when the store stops. */
const stopTimeoutMs = 10_000;

/**
 * Starts the storefront as configured: one server in this process, or STORE_INSTANCES processes
 * (node:cluster) sharing the port, on the PostgreSQL server (config refuses more than one on the
 * embedded database). Each instance runs the entry this process was started with, which calls
 * runStoreInstance when it finds itself a cluster worker.
 */
export async function startStore(
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
): Promise<RunningStore> {
  // Loaded here first: it validates once and writes a new session secret before any instance
  // reads it, so all instances sign with the same one.
  const config = loadConfig(env);
  if (config.instances === 1) return startStoreServer(env, options);
  await options.listenAfter;

  let stopping = false;
  const workers = new Set<Worker>();
  const fork = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork(env);
      let listening = false;
      workers.add(worker);
      worker.once('listening', () => {
        listening = true;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        workers.delete(worker);
        if (stopping) return;
        // One that never started (configuration, database) would fail the same way again.
        if (!listening)
          return reject(new Error(`A store instance failed to start (${signal ?? code})`));
        console.error(`A store instance stopped (${signal ?? code}); starting another`);
        setTimeout(
          () => void fork().catch((error: unknown) => console.error(error)),
          restartDelayMs,
        ).unref();
      });
    });
  // One after the other: the first migrates, the others find the schema ready.
  for (let index = 0; index < config.instances; index += 1) await fork();

  return {
    url: `http://localhost:${config.port}`,
    async close() {
      stopping = true;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => worker.kill('SIGKILL'), stopTimeoutMs);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              worker.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** A cluster worker's part: one store server, closed on SIGTERM or when the primary goes. */
export async function runStoreInstance(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const store = await startStoreServer(env);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), stopTimeoutMs).unref();
    void store.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.worker?.on('disconnect', stop);
}

export const isStoreInstance = cluster.isWorker;
