/**
 * Preloaded (`node --import=./scripts/tick-object-shape.mjs`, in package.json's `start` and
 * `start:storefront`) before any other module of the process, and of each of its threads and
 * cluster instances, which inherit the option: keeps alive, for the thread's life, an object of the
 * same shape (V8 hidden class) as the entries of Node's `process.nextTick` queue.
 *
 * Why: Node 20's `nextTick` builds each entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]:
 * …, callback, args }`. V8 records the shape it saw at those computed keys, and when it later meets
 * another, the site goes megamorphic for good: from then on every entry is built in V8's runtime (a
 * C++ call, a transition search, a migration). A full collection that finds no entry alive frees
 * their shapes, and the next entry gets new ones. In `npm start` that happened while the bundle,
 * PGlite and the simulators loaded (a shape made in the bundle's own first module came too late),
 * in every start measured; not in a bare Fastify process. Every request pays it, since Node's
 * streams queue several ticks an answer: `perf` of the catalogue under load put those runtime
 * calls at 9% of the store's CPU, gone with this preload (README, Performance).
 *
 * The keys are Node's own symbols, read off an AsyncResource (which carries them too), and the
 * values are of the kinds `nextTick` stores (its ids are doubles), so the object takes the very
 * transitions `nextTick`'s entries take. `tick-object-shape.test.ts` checks that it shares their
 * shape, so a Node whose entries change fails there rather than keeping nothing in silence.
 */
import { AsyncResource } from 'node:async_hooks';

const probe = new AsyncResource('TickObjectShape');

/** @param {string} description */
function symbolOf(description) {
  const symbol = Object.getOwnPropertySymbols(probe).find((key) => key.description === description);
  if (!symbol) throw new Error(`Node's ${description} is not on an AsyncResource`);
  return symbol;
}
const asyncIdSymbol = symbolOf('async_id_symbol');
const triggerAsyncIdSymbol = symbolOf('trigger_async_id_symbol');
const probeIds = /** @type {Record<symbol, number>} */ (/** @type {unknown} */ (probe));

/** Held by this module for the thread's life; exported for the test that compares shapes. */
export const tickObjectShape = {
  [asyncIdSymbol]: probeIds[asyncIdSymbol],
  [triggerAsyncIdSymbol]: probeIds[triggerAsyncIdSymbol],
  callback: () => undefined,
  args: undefined,
};
