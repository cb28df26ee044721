import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'apps/server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Budgets for a loaded 2-core machine: starting a store with its simulators and a fresh
    // database takes seconds there, and CI is not always quiet.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file builds its own servers and databases and keeps no state in modules, so a worker
    // imports the server once for all its files instead of once per file (import was a third of
    // the suite's CPU).
    isolate: false,
  },
});
