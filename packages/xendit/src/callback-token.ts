import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks a webhook's x-callback-token against the expected token in constant time.
 * Both sides are hashed first so that neither their length nor their content leaks through timing.
 */
export function verifyCallbackToken(
  received: string | string[] | null | undefined,
  expected: string,
): boolean {
  if (typeof received !== 'string' || expected === '') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}
