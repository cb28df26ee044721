/**
 * The settings of test, bench and soak runs, read from the environment once, here. The store's and
 * the simulators' own settings stay in their configuration modules; these only say where a run
 * finds PostgreSQL and Chromium, and how long it runs.
 */
const env = process.env;

export const testSettings = {
  /** The PostgreSQL server on which tests and benches make their throwaway databases. */
  postgresUrl: env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  /** Whether the run names that server itself: suites that need one are skipped otherwise. */
  postgresNamed: env.TEST_DATABASE_URL !== undefined,
  /** STORE_TEST_DB=postgres: the server's tests run on PostgreSQL instead of in-memory PGlite. */
  serverTestsOnPostgres: env.STORE_TEST_DB === 'postgres',
  /** CHROME_PATH: the Chromium the browser tests and the Lighthouse bench drive (scripts/browser.ts). */
  chromePath: env.CHROME_PATH,
  /** The soak run (`npm run test:soak`) sets SOAK=1: the suites run their long variants. */
  soak: env.SOAK === '1',
  /** Where the soak run tallies the suites' counts, a line of JSON each. */
  soakCountsFile: env.SOAK_COUNTS_FILE,
  /**
   * Cases per property of the fuzz test, and its seed (a failure prints the seed to replay). The
   * server suite's second run, on PostgreSQL, sends the first 50 of the same cases: 200 on both
   * took 200 s of a 20-minute `.ci/run` on a slow machine of the kind, and the cases ask the
   * same of the routes whatever the database.
   */
  fuzzRuns: Number(env.FUZZ_RUNS ?? (env.STORE_TEST_DB === 'postgres' ? 50 : 200)),
  fuzzSeed: env.FUZZ_SEED ?? '20261123',
} as const;
