import { lazy, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Screen chunks being fetched: the top bar's loader shows while one is, after the first screen. The router's data mode
 * reported this itself, but it costs the first route 17 KB of JavaScript (gzip); the plain router
 * with React.lazy screens does not know when a chunk loads, so the screens say so here.
 */
let loading = 0;
/** The first screen's chunk shows the page loader in its place instead. */
let screenShown = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** A screen component loaded on first render from its own chunk. */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => {
    loading += 1;
    changed();
    try {
      return { default: await load() };
    } finally {
      loading -= 1;
      screenShown = true;
      changed();
    }
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useScreenLoading = () =>
  useSyncExternalStore(
    subscribe,
    () => loading > 0 && screenShown,
    () => false,
  );
