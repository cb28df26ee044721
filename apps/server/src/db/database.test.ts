import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { testSettings } from '../../harness/test-settings.ts';
import {
  backendsOfABurst,
  clientPorts,
  keepaliveArmed,
} from '../../../../scripts/postgres-connections.ts';
import type { DatabaseHandle } from './database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  if (testSettings.serverTestsOnPostgres) database = await createTestDatabase();
});
afterAll(() => database?.close());

describe.skipIf(!testSettings.serverTestsOnPostgres)('the store’s PostgreSQL connections', () => {
  it('keeps the connections a burst opened, however long they then sit idle', async () => {
    // The pool's idle timers are made when a burst's connections are released: fake ones, so a
    // minute passes at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backendsOfABurst(database.db, 5);
      expect(new Set(first).size).toBe(5);
      vi.advanceTimersByTime(60_000);
      // The same backends answer the next burst: none was closed and opened again, cold.
      expect(await backendsOfABurst(database.db, 5)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its connections and the status feed’s listener alive at the TCP level', async () => {
    await database.listen('keepalive_check', () => undefined);
    const [pooled] = await clientPorts(database.db, sql`pid = pg_backend_pid()`);
    const [listening] = await clientPorts(database.db, sql`query like 'LISTEN%'`);
    expect(keepaliveArmed(pooled!)).toBe(true);
    expect(keepaliveArmed(listening!)).toBe(true);
  });
});
