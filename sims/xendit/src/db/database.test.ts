import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../../../scripts/test-settings.ts';
import {
  backendsOfABurst,
  clientPorts,
  keepaliveArmed,
} from '../../../../scripts/postgres-connections.ts';
import { openDatabase, type Database } from './database.ts';

const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;
const databaseName = `xendit_sim_pool_${randomBytes(6).toString('hex')}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

let database: { db: Database; close: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (!serverUrl) return;
  await admin(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  database = await openDatabase({ databaseUrl: url.href });
});
afterAll(async () => {
  if (!serverUrl) return;
  await database?.close();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
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
