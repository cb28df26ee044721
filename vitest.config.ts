import { defineConfig } from 'vitest/config';

/**
 * With TEST_DATABASE_URL, the server suite runs a second time on that PostgreSQL server in the same
 * run, so its files share the workers with the rest instead of waiting for them.
 */
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'apps/server on PostgreSQL', env: { STORE_TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Most of a server test's time is spent waiting on sockets, simulators and databases, so four
    // workers keep two cores busy: 280 s of wall time with Vitest's default, 150 s with four.
    maxWorkers: 4,
    projects: [
      'scripts/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'sims/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      ...onPostgres,
      'apps/web/vitest.config.ts',
    ],
  },
});
