/**
 * What the store's and the provider simulator's tests check of their PostgreSQL connections: which
 * server backends answer a burst of statements, the client-side ports of connections, and whether
 * a connection's socket carries TCP keepalives.
 */
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';

/** A drizzle database on node-postgres, which answers a statement with its rows. */
interface Executes {
  execute(query: SQL): Promise<unknown>;
}

async function rowsOf<Row>(db: Executes, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/** The server backends that answer `count` statements run at once through the database's pool. */
export async function backendsOfABurst(db: Executes, count: number): Promise<number[]> {
  const backend = async () =>
    (await rowsOf<{ pid: number }>(db, sql`select pg_backend_pid() as pid from pg_sleep(0.05)`))[0]!
      .pid;
  const pids = await Promise.all(Array.from({ length: count }, backend));
  return pids.sort((a, b) => a - b);
}

/** The client-side ports of the connections to this database that `where` picks. */
export async function clientPorts(db: Executes, where: SQL): Promise<number[]> {
  const rows = await rowsOf<{ client_port: number }>(
    db,
    sql`select client_port from pg_stat_activity where datname = current_database() and ${where}`,
  );
  return rows.map((row) => row.client_port);
}

/**
 * Whether this machine's TCP socket whose local port is `localPort` has its keepalive timer
 * armed, read from Linux's /proc/net/tcp and tcp6 (the `tr` column: 2 is the keepalive timer,
 * 0 none). An idle connection with keepalives on has it armed; one without has none.
 */
export function keepaliveArmed(localPort: number): boolean {
  const port = localPort.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, , timer] = line.trim().split(/\s+/);
      // 01: ESTABLISHED.
      if (local?.endsWith(`:${port}`) && state === '01') return timer?.startsWith('02:') ?? false;
    }
  }
  throw new Error(`no established socket on local port ${localPort}`);
}
