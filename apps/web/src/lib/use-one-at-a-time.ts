import { useRef } from 'react';

/**
 * One submission at a time: a second press that lands before the screen shows the first as
 * pending (a double click) is dropped. A button's disabled state comes a render too late to stop
 * it, and a second mutate of the same mutation takes over the first's callbacks, so the first's
 * success (a navigation) was lost behind the second's refusal.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return (start: (done: () => void) => void) => {
    if (running.current) return;
    running.current = true;
    start(() => {
      running.current = false;
    });
  };
}
