/**
 * Preloaded (`node --import=./scripts/tick-object-shape.mjs`, in package.json's `start` and
 * `start:storefront`) before any other module of the process, and of each of its threads and
 * cluster instances, which inherit the option: keeps alive, for the thread's life, an object of the
 * same shape (V8 hidden class) as the entries of Node's `process.nextTick` queue.
 *
 * Why: Node 20's `nextTick` builds each entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]:
 * …, callback, args }`. V8 records the shape it saw at those computed keys and builds the entry
 * inline only while it meets that one; once it meets another, the site is megamorphic for good,
 * and every entry from then on is built by a call into V8's runtime and a search of the shape's
 * transitions. A full collection that finds no entry alive frees their shape, and the next entry
 * gets a new one. In `npm start` that happened while the bundle, PGlite and the simulators loaded
 * (a shape made in the bundle's own first module came too late), in most starts measured; not in
 * a bare Fastify process. Every request pays it, since Node's streams queue several ticks an
 * answer: `perf` of the catalogue under load put those runtime calls at 9% of the store's CPU, gone
 * with this preload (README, Performance). Hence a preload: it must run before a full collection
 * has freed the shape of Node's own first entries.
 *
 * The keys are Node's own symbols, read off an AsyncResource (which carries them too), and the
 * values come from the same counter as `nextTick`'s, so the object takes the very transitions
 * `nextTick`'s entries take. Should a Node carry the symbols no longer, this does nothing: it is
 * for speed only, and `tick-object-shape.test.ts` is what fails then, as it does when the object
 * and a real entry no longer share their shape. The object is kept under a registered symbol, where
 * that test finds it.
 */
import { AsyncResource } from 'node:async_hooks';

const probe = new AsyncResource('TickObjectShape');
const ids = /** @type {Record<symbol, number>} */ (/** @type {unknown} */ (probe));
const [asyncIdSymbol, triggerAsyncIdSymbol] = ['async_id_symbol', 'trigger_async_id_symbol'].map(
  (description) =>
    Object.getOwnPropertySymbols(probe).find((key) => key.description === description),
);
if (asyncIdSymbol && triggerAsyncIdSymbol) {
  Object.defineProperty(globalThis, Symbol.for('store.tickObjectShape'), {
    value: {
      [asyncIdSymbol]: ids[asyncIdSymbol],
      [triggerAsyncIdSymbol]: ids[triggerAsyncIdSymbol],
      callback: () => undefined,
      args: undefined,
    },
  });
}
