import { randomUUID } from 'node:crypto';

/** Prefixed ids tell at a glance what an id names (cus_…, pay_…). */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
