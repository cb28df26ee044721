import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedPostgres } from '@store/embedded-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir null keeps the database in memory (tests), optionally a copy of a dump. */
  | { kind: 'pglite'; dataDir: string | null; from?: Blob };

export interface DatabaseHandle {
  db: Database;
  /**
   * LISTENs on a channel: PostgreSQL's NOTIFY from any instance on the same database (PGlite: this
   * process's). Resolves to the call that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The database as a tarball (embedded PGlite only). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Held while migrating, so that instances starting together migrate one after the other. */
const migrationLockKey = 7_180_001;
/** Wait before a lost LISTEN connection is opened again. */
const relistenDelayMs = 1_000;

/**
 * TCP keepalives on every connection to the server. The pool's stay open for as long as the store
 * runs, and the listener's sends nothing of its own: one that a firewall or NAT dropped without a
 * word would otherwise be found only by a statement, which would wait on it, or not at all.
 */
const connectionKeptAlive = { keepAlive: true, keepAliveInitialDelayMillis: 30_000 };

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection is opened again; what was notified meanwhile is not replayed: the feed is a hint to
 * read again, and its clients read the state afresh whenever they (re)connect.
 */
function createServerListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, ...connectionKeptAlive });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.warn(`The PostgreSQL LISTEN connection closed: ${error.message}`);
    });
    next.on('end', () => {
      if (client !== next || closed) return;
      client = null;
      relistenLater();
    });
    try {
      await next.connect();
      for (const channel of handlers.keys()) {
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    return next;
  }

  /** Until the server answers again: a restart can take longer than one delay. */
  function relistenLater(): void {
    setTimeout(() => {
      if (!closed) ensureConnected().catch(relistenLater);
    }, relistenDelayMs).unref();
  }

  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      let channelHandlers = handlers.get(channel);
      const isNew = !channelHandlers;
      if (!channelHandlers) handlers.set(channel, (channelHandlers = new Set()));
      channelHandlers.add(onPayload);
      const connection = await ensureConnected();
      if (isNew) await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        channelHandlers.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the store's database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A connection once made stays open (node-postgres closes one idle for 10 s unless told
    // otherwise, https://node-postgres.com/apis/pool): a new one costs the server a backend with
    // cold caches and every statement prepared again, and after a burst the idle ones all timed
    // out together, to be opened again together at the next: stalls of 300-700 ms under a steady
    // load (README, Performance).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      idleTimeoutMillis: 0,
      ...connectionKeptAlive,
    });
    // An idle connection the server ends (restart, failover, a dropped database) is not a reason
    // to stop: the pool drops it and opens another when needed. Unhandled, it would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    await migrateOnce(pool);
    const db = drizzlePg({ client: pool, schema });
    const listener = createServerListener(target.url);
    return {
      db: db as unknown as Database,
      listen: listener.listen,
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  // On a thread of its own: the store's requests and its database then use both cores.
  const embedded = await openEmbeddedPostgres(target.dataDir, { from: target.from, thread: true });
  const db = drizzlePglite({ client: embedded.client as unknown as PGlite, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    listen: embedded.listen,
    dump: () => embedded.dump(),
    close: () => embedded.close(),
  };
}

/**
 * Migrates under a session advisory lock: instances started together would otherwise race on the
 * same CREATE statements; the second finds the migrations applied and does nothing.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
  } finally {
    await connection
      .query('SELECT pg_advisory_unlock($1)', [migrationLockKey])
      .catch(() => undefined);
    connection.release();
  }
}
