import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedDatabase } from './db/seed.ts';

export interface StartOptions {
  /**
   * What must be up before the store takes requests and starts its background work (the
   * provider simulator of `npm start`): one store opens its database while it starts; several
   * instances (STORE_INSTANCES) are started once it is up.
   */
  listenAfter?: Promise<unknown>;
}

/** Starts the storefront: configuration, database (migrated and seeded), then the HTTP server. */
export async function startStoreServer(
  env: NodeJS.ProcessEnv = process.env,
  options: StartOptions = {},
) {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await seedDatabase(database.db);
  const app = await buildApp({ config, db: database.db, listen: database.listen });
  try {
    await options.listenAfter;
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  await app.listen({ port: config.port, host: config.host });
  return {
    app,
    config,
    db: database.db,
    url: `http://localhost:${config.port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
