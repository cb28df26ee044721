import { useRef } from 'react';

type Attempt = { fingerprint: string; key: string; madeAt: number };

/**
 * How long a stored attempt is the same attempt: a page reloaded while an answer was lost is sent
 * again within minutes. Later, the same cart is another purchase (the first may have been paid
 * from Payments meanwhile), and must not be answered with the old payment.
 */
const attemptLifetimeMs = 15 * 60 * 1000;

/** The tab's attempt of this kind, kept where a reload of the page finds it again. */
function storedAttempt(storageKey: string): Attempt | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Attempt | null;
    return typeof stored?.fingerprint === 'string' &&
      typeof stored.key === 'string' &&
      typeof stored.madeAt === 'number' &&
      Date.now() - stored.madeAt < attemptLifetimeMs
      ? stored
      : null;
  } catch {
    return null;
  }
}

function storeAttempt(storageKey: string, attempt: Attempt | null) {
  try {
    if (attempt === null) sessionStorage.removeItem(storageKey);
    else sessionStorage.setItem(storageKey, JSON.stringify(attempt));
  } catch {
    // Storage refused (a private window's quota): the attempt is kept for this page only.
  }
}

/**
 * An Idempotency-Key per attempt (a checkout, a subscribe): the same request sent again (a double
 * click, a retry after an error) keeps its key; a different one, or any after a success, gets a
 * new one. The attempt is kept in the tab's session storage (`scope` names its kind): a page
 * reloaded while the store's answer was on its way sends the same order with the same key, so the
 * store answers the payment it made then rather than making a second one.
 */
export function useIdempotencyKey(scope: string) {
  const storageKey = `store.idempotency.${scope}`;
  const current = useRef<Attempt | null>(null);
  return {
    keyFor(order: unknown): string {
      const fingerprint = JSON.stringify(order);
      current.current ??= storedAttempt(storageKey);
      if (current.current?.fingerprint !== fingerprint) {
        current.current = { fingerprint, key: crypto.randomUUID(), madeAt: Date.now() };
        storeAttempt(storageKey, current.current);
      }
      return current.current.key;
    },
    /** After a successful create, the next order is a new attempt. */
    reset() {
      current.current = null;
      storeAttempt(storageKey, null);
    },
  };
}
