import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedDatabase } from './db/seed.ts';

/** Starts the storefront: configuration, database (migrated and seeded), then the HTTP server. */
export async function startStoreServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const database = await openDatabase(config.database);
  await seedDatabase(database.db);
  const app = await buildApp({ config, db: database.db, listen: database.listen });
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
