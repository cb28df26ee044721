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
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += length;
  return pool.subarray(poolOffset - length, poolOffset);
}

export function randomDigits(length: number): string {
  let digits = '';
  for (const byte of randomBytes(length)) digits += String(byte % 10);
  return digits;
}
