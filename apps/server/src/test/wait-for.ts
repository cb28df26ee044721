/**
 * The one way the server's tests wait: for what must happen, never for a fixed time. Reads until
 * `check` answers a value (anything but false, null or undefined) and answers it; fails naming what
 * never came, so a late or missing event cannot pass unseen.
 */
export async function waitFor<T>(
  what: string | (() => string),
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
