import { sql } from 'drizzle-orm';
import { sessionsRevokedChannel } from '../auth/authenticate.ts';
import { openDatabase } from '../db/database.ts';
import { apps } from '../db/schema.ts';
import { startAnswerHoldProxy } from '../../harness/answer-hold-proxy.ts';
import { testSettings } from '../../harness/test-settings.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A second instance beside `server`, on its PostgreSQL database through a proxy that can hold
 * the database's answers, hearing the database's announcements straight so that one can arrive
 * while an answer is held; with the sign-out announcements `server` hears, in order. For the
 * races between a session's check and its sign-out, which only a server database can show.
 */
export async function startInstanceWithHeldAnswers(server: TestServer) {
  const [current] = await server.db
    .select({ name: sql<string>`current_database()` })
    .from(apps)
    .limit(1);
  const target = new URL(testSettings.postgresUrl);
  const proxy = await startAnswerHoldProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(target);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${current?.name ?? ''}`;
  const proxied = await openDatabase({ kind: 'postgres', url: viaProxy.toString() });
  const database = { ...proxied, listen: server.database.listen };
  const other = await startTestServer(
    { SESSION_SECRET: server.config.sessionSecret },
    { database },
  );
  const signOutsAnnounced: string[] = [];
  const unlisten = await server.database.listen(sessionsRevokedChannel, (payload) =>
    signOutsAnnounced.push(payload),
  );
  return {
    proxy,
    other,
    signOutsAnnounced,
    async close() {
      proxy.release();
      await unlisten();
      await other.close();
      await database.close();
      await proxy.close();
    },
  };
}
