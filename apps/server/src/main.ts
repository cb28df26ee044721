import { setFlagsFromString } from 'node:v8';
import { ConfigError, isStoreInstance, runStoreInstance, startStore } from './index.ts';

// As in scripts/launch.mjs: PGlite's WebAssembly stays on V8's baseline compiler (memory, start).
setFlagsFromString('--liftoff-only');

try {
  await (isStoreInstance ? runStoreInstance() : startStore());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
