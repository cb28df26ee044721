import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings } from '../../../../scripts/test-settings.ts';
import { keepaliveArmed } from '../../../../scripts/tcp-keepalive.ts';
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

/** The server backends that answer `count` statements run at once through the pool. */
async function backendsOfABurst(count: number): Promise<number[]> {
  const backend = async () => {
    // node-postgres answers a statement with its rows (drizzle's result type here is the driver's).
    const answer = (await database!.db.execute(
      sql`select pg_backend_pid() as pid from pg_sleep(0.05)`,
    )) as unknown as { rows: { pid: number }[] };
    return answer.rows[0]!.pid;
  };
  const pids = await Promise.all(Array.from({ length: count }, backend));
  return pids.sort((a, b) => a - b);
}

describe.skipIf(!serverUrl)('the simulator’s PostgreSQL connections', () => {
  it('keeps the connections a burst opened, however long they then sit idle', async () => {
    // Fake timers for the idle timers the pool makes as the burst's connections are released.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backendsOfABurst(5);
      expect(new Set(first).size).toBe(5);
      vi.advanceTimersByTime(60_000);
      expect(await backendsOfABurst(5)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its connections alive at the TCP level', async () => {
    const answer = (await database!.db.execute(
      sql`select client_port from pg_stat_activity where pid = pg_backend_pid()`,
    )) as unknown as { rows: { client_port: number }[] };
    expect(keepaliveArmed(answer.rows[0]!.client_port)).toBe(true);
  });
});
