import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../../../scripts/test-settings.ts';
import {
  backendsOfABurst,
  clientPorts,
  keepaliveArmed,
} from '../../../../scripts/postgres-connections.ts';
import {
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from '../../../../scripts/postgres-databases.ts';
import { openDatabase, type Database } from './database.ts';

const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;

let throwaway: ThrowawayDatabase | undefined;
let database: { db: Database; close: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (!serverUrl) return;
  throwaway = await createThrowawayDatabase(serverUrl, 'xendit_sim_pool');
  database = await openDatabase({ databaseUrl: throwaway.url });
});
afterAll(async () => {
  await database?.close();
  await throwaway?.drop();
});

describe.skipIf(!serverUrl)('the simulator’s PostgreSQL connections', () => {
  it('keeps the connections a burst opened, however long they then sit idle', async () => {
    // Fake timers for the idle timers the pool makes as the burst's connections are released.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backendsOfABurst(database!.db, 5);
      expect(new Set(first).size).toBe(5);
      vi.advanceTimersByTime(60_000);
      expect(await backendsOfABurst(database!.db, 5)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its connections alive at the TCP level', async () => {
    const [pooled] = await clientPorts(database!.db, sql`pid = pg_backend_pid()`);
    expect(keepaliveArmed(pooled!)).toBe(true);
  });
});
