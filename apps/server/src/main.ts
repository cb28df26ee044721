import { setFlagsFromString } from 'node:v8';
import { ConfigError, isStoreInstance, runStoreInstance, startStore } from './index.ts';

// As in scripts/launch.mjs: PGlite's WebAssembly stays on V8's baseline compiler (memory, start).
setFlagsFromString('--liftoff-only');

try {
  if (isStoreInstance) {
    await runStoreInstance();
  } else {
    const store = await startStore();
    // With STORE_INSTANCES, closing lets each instance finish its requests before it stops.
    const stop = () => void store.close().finally(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
