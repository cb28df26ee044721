/**
 * The provider simulator of `npm start` on a thread of its own (see scripts/start.ts): its
 * requests, database and webhook deliveries run on another core than the storefront's, while
 * `npm start` stays one process. Messages: `ready` (with the URL) or `failed` to the parent;
 * `close` from it, answered by `closed` once the simulator has stopped.
 */
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { useCompiledPglite } from '@store/embedded-postgres';
import { startXenditSimulator, type XenditSimulatorOptions } from '@store/xendit-sim';

export type ProviderSimulatorMessage =
  { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'closed' };

/**
 * The simulator's options, and PostgreSQL's WebAssembly as the parent compiled it: a module
 * compiled in each thread cost the process a second copy of its bytes and code.
 */
export interface ProviderSimulatorThreadData {
  options: XenditSimulatorOptions;
  pgliteModule?: WebAssembly.Module;
}

const port = parentPort;
if (!port) throw new Error('provider-simulator-thread runs as a worker thread');
// Named (scripts/bench-processes.ts looks for this name), so that per-thread tools (top -H, the
// bench's CPU per request) can tell the simulator's CPU from the storefront's in the one process;
// Linux only, and nothing else depends on it.
try {
  writeFileSync('/proc/thread-self/comm', 'provider-sim');
} catch {
  // not Linux: the thread keeps the process's name
}

const post = (message: ProviderSimulatorMessage) => port.postMessage(message);

try {
  const { options, pgliteModule } = workerData as ProviderSimulatorThreadData;
  if (pgliteModule) useCompiledPglite(pgliteModule);
  const simulator = await startXenditSimulator(options);
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'close') return;
    void simulator.close().finally(() => {
      post({ type: 'closed' });
      port.close();
    });
  });
  post({ type: 'ready', url: simulator.url });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
