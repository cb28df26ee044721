import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Budgets for a loaded 2-core machine, as in the other workspaces: jsdom renders are slow there.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One jsdom per worker, not per file: building it was most of the project's CPU (91 s of
    // CPU for 38 files, 24 s shared), and on two busy cores that is wall time. Each file cleans
    // up after itself (setup.ts: the render, localStorage; stubs restored in afterEach), and the
    // files pass in any order (--sequence.shuffle).
    isolate: false,
  },
});
