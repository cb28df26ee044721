import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { testSettings } from '../../harness/test-settings.ts';
import { keepaliveArmed } from '../../../../scripts/tcp-keepalive.ts';
import type { DatabaseHandle } from './database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  if (testSettings.serverTestsOnPostgres) database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The server backends that answer `count` statements run at once through the store's pool. */
async function backendsOfABurst(count: number): Promise<number[]> {
  const backend = async () => {
    // node-postgres answers a statement with its rows (drizzle's result type here is the driver's).
    const answer = (await database.db.execute(
      sql`select pg_backend_pid() as pid from pg_sleep(0.05)`,
    )) as unknown as { rows: { pid: number }[] };
    return answer.rows[0]!.pid;
  };
  const pids = await Promise.all(Array.from({ length: count }, backend));
  return pids.sort((a, b) => a - b);
}

/** The client-side ports of this database's connections that `where` picks. */
async function clientPorts(where: SQL): Promise<number[]> {
  const answer = (await database.db.execute(
    sql`select client_port from pg_stat_activity where datname = current_database() and ${where}`,
  )) as unknown as { rows: { client_port: number }[] };
  return answer.rows.map((row) => row.client_port);
}

describe.skipIf(!testSettings.serverTestsOnPostgres)('the store’s PostgreSQL connections', () => {
  it('keeps the connections a burst opened, however long they then sit idle', async () => {
    // The pool's idle timers are made when a burst's connections are released: fake ones, so a
    // minute passes at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backendsOfABurst(5);
      expect(new Set(first).size).toBe(5);
      vi.advanceTimersByTime(60_000);
      // The same backends answer the next burst: none was closed and opened again, cold.
      expect(await backendsOfABurst(5)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its connections and the status feed’s listener alive at the TCP level', async () => {
    await database.listen('keepalive_check', () => undefined);
    const [pooled] = await clientPorts(sql`pid = pg_backend_pid()`);
    const [listening] = await clientPorts(sql`query like 'LISTEN%'`);
    expect(keepaliveArmed(pooled!)).toBe(true);
    expect(keepaliveArmed(listening!)).toBe(true);
  });
});
