import { randomFillSync, randomUUID } from 'node:crypto';

export const newPaymentRequestId = () => `pr-${randomUUID()}`;
export const newPaymentId = () => `py-${randomUUID()}`;
export const newPaymentTokenId = () => `pt-${randomUUID()}`;
export const newCustomerId = () => `cust-${randomUUID()}`;
export const newRefundId = () => `rfd-${randomUUID()}`;
export const newCaptureId = () => `cap-${randomUUID()}`;
export const newSessionId = () => `ps-${randomBytes(12).toString('hex')}`;
export const newRecurringPlanId = () => `repl-${randomUUID()}`;
export const newRecurringCycleId = () => `recy-${randomUUID()}`;
export const newRecurringScheduleId = () => `resc-${randomUUID()}`;
export const newWebhookEventId = () => `whe-${randomUUID()}`;
export const newRequestId = () => randomBytes(16).toString('hex');

/**
 * Random bytes taken from a pool filled a few kilobytes at a time, as randomUUID does: every
 * request asks for some (its request id, a virtual account's digits), and one call into the
 * system's generator per ask was 3% of the simulator's CPU per create. Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
/** A view of the pool, read at once by its callers (the pool is filled again later). */
function randomBytes(length: number): Buffer {
  if (length > pool.length) throw new RangeError(`at most ${pool.length} random bytes at a time`);
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += length;
  return pool.subarray(poolOffset - length, poolOffset);
}

/**
 * 250 bytes of the 256 make each digit 25 times; 250 to 255 would make 0 to 5 likelier than 6 to
 * 9, so those are drawn again.
 */
const evenDigitBytes = 250;

/** `length` decimal digits from a source of random bytes, each digit as likely as any other. */
export function digitsFrom(bytes: (count: number) => Uint8Array, length: number): string {
  let digits = '';
  while (digits.length < length) {
    for (const byte of bytes(Math.min(length - digits.length, pool.length))) {
      if (byte < evenDigitBytes) digits += String(byte % 10);
    }
  }
  return digits;
}

export const randomDigits = (length: number): string => digitsFrom(randomBytes, length);
