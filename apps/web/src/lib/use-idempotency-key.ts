import { useRef } from 'react';

/**
 * An Idempotency-Key per attempt (a checkout, a subscribe): the same request sent again (a double
 * click, a retry after an error) keeps its key; a different one, or any after a success, gets a
 * new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return {
    keyFor(order: unknown): string {
      const fingerprint = JSON.stringify(order);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: crypto.randomUUID() };
      }
      return current.current.key;
    },
    /** After a successful create, the next order is a new attempt. */
    reset() {
      current.current = null;
    },
  };
}
