import { useEffect, useSyncExternalStore } from 'react';

// Mantine closes every open modal on one Escape: each listens for it on the window. A modal opened
// from inside another (the error panel's request and response viewer, in the Payment failed
// dialog, an action's error dialog or the Subscribe dialog) is counted here, and the modals under
// it leave that Escape to it.
let innerModalsOpen = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(by: number) {
  innerModalsOpen += by;
  for (const listener of listeners) listener();
}

/** For a modal that opens over another: while `opened`, Escape is its alone. */
export function useInnerModal(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    changed(1);
    return () => changed(-1);
  }, [opened]);
}

/** For a modal that may have one opened over it: its closeOnEscape. */
export function useCloseOnEscape(): boolean {
  return useSyncExternalStore(subscribe, () => innerModalsOpen === 0);
}
