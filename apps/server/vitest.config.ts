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
  },
});
