import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// In development the storefront server (npm start) answers the API, the runtime configuration
// and the product images; Vite only serves the app.
const storefront = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(?:js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minimumBytes = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the highest
 * levels (done once here rather than on every request); the server sends the copy the browser
 * accepts (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => compressible.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const content = await readFile(path);
          if (content.length < minimumBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

const appShellScrollClasses = fileURLToPath(
  new URL('./src/app/app-shell-scroll-classes.ts', import.meta.url),
);

/**
 * Gives Mantine's AppShell the scroll lock's class names alone (src/app/app-shell-scroll-classes.ts)
 * instead of react-remove-scroll, which it imports only for them; dialogs and drawers keep the
 * library.
 */
function appShellWithoutScrollLock(): Plugin {
  return {
    name: 'store:app-shell-without-scroll-lock',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-remove-scroll' && importer?.includes('/components/AppShell/')) {
        return appShellScrollClasses;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), appShellWithoutScrollLock()],
  // The manifest lets `npm run bench` add up the JavaScript each route needs.
  build: {
    manifest: true,
    // index.html keeps its preloads of the entry's chunks, parsed with the page. A screen loaded
    // later is not preceded by a <link rel="modulepreload"> appended from script for each chunk it
    // imports: on a phone's CPU (Lighthouse, 4x slower) appending /checkout's 14 cost a 130 ms task,
    // and the checkout scored 94 to 100 with them against 99 to 100 without (six runs each, README,
    // Performance). The chunks a screen imports are then asked for once its own chunk is parsed:
    // a round trip more the first time the app goes to that screen.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rollupOptions: {
      output: {
        codeSplitting: {
          // The Mantine components the shell itself shows (buttons, the page loader) are shared
          // with lazy routes, and were split into tiny chunks every first route waits for; a
          // group under minSize stays in the entry instead (3 KB less to load, 6 fewer files).
          minSize: 8000,
          groups: [
            {
              name: 'shell',
              test: /@mantine\/core\/esm\/components\/(Button|Center|Loader|Stack|Alert|Card|Paper|Image|Skeleton)\/|@tanstack\/|src\/components\/error-panel/,
            },
          ],
        },
      },
    },
  },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': storefront,
      '/config.js': storefront,
      '/images': storefront,
    },
  },
});
