import { randomBytes, randomUUID } from 'node:crypto';

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

export function randomDigits(length: number): string {
  let digits = '';
  for (const byte of randomBytes(length)) digits += String(byte % 10);
  return digits;
}
