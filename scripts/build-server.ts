/**
 * Bundles `scripts/start.ts` with the workspace's TypeScript (server, simulators, contract) into
 * dist/start.mjs (with dist/provider-simulator-thread.mjs, the thread it starts, and apps/server's
 * main into dist/server.mjs), so `npm start` runs plain JavaScript instead of compiling TypeScript
 * at every start (`npm run dev` keeps tsx). Packages from node_modules stay external. Each source file's
 * `import.meta.url` is kept as the file's own address, so paths such as the migrations folder or
 * the public directory resolve exactly as they do from source. dist/start.inputs.json lists the
 * sources, so scripts/launch.mjs can tell a stale bundle and fall back to tsx.
 */
import { build, type Plugin } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const bundlePath = join(root, 'dist/start.mjs');
export const inputsPath = join(root, 'dist/start.inputs.json');

/** Bundles the workspace's own sources; every other bare import stays a runtime import. */
const workspaceOnly: Plugin = {
  name: 'workspace-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
    );
    builder.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

export async function buildServer(): Promise<void> {
  mkdirSync(join(root, 'dist'), { recursive: true });
  const result = await build({
    // start.mjs is `npm start`, which runs provider-simulator-thread.mjs on a worker thread;
    // server.mjs the storefront alone (apps/server's main).
    entryPoints: [
      { in: join(root, 'scripts/start.ts'), out: 'start' },
      { in: join(root, 'scripts/provider-simulator-thread.ts'), out: 'provider-simulator-thread' },
      { in: join(root, 'apps/server/src/main.ts'), out: 'server' },
    ],
    outdir: join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [workspaceOnly],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => join(root, input));
  writeFileSync(inputsPath, JSON.stringify(inputs));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const startedAt = performance.now();
  await buildServer();
  console.log(`Server bundle: dist/start.mjs (${(performance.now() - startedAt).toFixed(0)} ms)`);
}
