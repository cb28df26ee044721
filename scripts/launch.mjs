/**
 * `npm start`: runs the prebuilt bundle of scripts/start.ts (dist/start.mjs, made by `npm run
 * build`) when it is newer than every source it was built from, so a start does not compile
 * TypeScript; otherwise (fresh clone, edited sources) runs the sources through tsx. package.json
 * starts it as `MALLOC_ARENA_MAX=2 node --max-semi-space-size=2 --heap-growing-percent=50
 * --no-allocation-site-pretenuring --import=./scripts/tick-object-shape.mjs scripts/launch.mjs`
 * (README, Performance). The preload is for CPU, and its file says why. The first three settings
 * are for memory after the bench's load: V8's young generation in 2 MB semi-spaces instead of 16
 * held about 70 MB less; an old generation collected when it has grown by half (V8 lets it grow to
 * three or four times what was live, so it held about 75 MB of garbage); two malloc arenas instead
 * of one per thread (each kept what its thread had freed). `--no-allocation-site-pretenuring` is
 * for CPU and latency: under the payments list's load V8 took about 90 of the request path's
 * allocation sites for long-lived (nearly every object each had made was still alive at a young
 * collection, with a page in flight on every connection) and made their objects in the old
 * generation directly, which it then collected in full every quarter of a second, costing about 1.5
 * times the store's CPU a page and two to three times the p99.
 * `npm run start:storefront`, the storefront alone as it runs beside the real provider, takes 8 MB
 * semi-spaces instead, the setting its figures were measured with (with the flag, 8 MB and 2 MB
 * cost a page about the same CPU). Here, with PGlite and the simulators in the same process, 8 MB
 * cost 9 to 15 MB of memory after the load, nothing measurable on a create, and made the
 * catalogue's slow starts (about 50 µs of CPU a request against 27) more frequent: 6 starts in 16
 * against 1.
 */
import { readFileSync, statSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// PGlite's WebAssembly stays on V8's baseline compiler: the optimising tier recompiles the whole
// PostgreSQL module in the background, which cost about 100 MB of memory and a second of CPU at
// start, for no measurable gain on the store's short statements.
setFlagsFromString('--liftoff-only');

const root = new URL('..', import.meta.url);
const bundle = new URL('dist/start.mjs', root);

function bundleIsCurrent() {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/start.inputs.json', root), 'utf8'));
    return inputs.every((input) => statSync(input).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

if (bundleIsCurrent()) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('scripts/start.ts', root).href);
}
