/**
 * The page figures of the bench: the JavaScript each first route needs (gzip, from Vite's
 * manifest), that route chunks load on demand, and Lighthouse's performance score of the pages a
 * buyer passes through (bench-lighthouse.ts drives the browser).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lighthouseScores } from './bench-lighthouse.ts';
import { benchAppId, root, storeUrl } from './bench-processes.ts';
import { ms, record } from './bench-table.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * JavaScript a route needs before it shows: the entry with its static imports, plus the route's
 * own chunk with its static imports (Vite's manifest, dist/.vite/manifest.json).
 */
function routeJavaScript(
  manifest: Record<string, ManifestChunk>,
  routeSource: string | null,
): { kb: number; files: number } {
  const dist = join(root, 'apps/web/dist');
  const needed = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key);
  if (routeSource) {
    if (!manifest[routeSource]) throw new Error(`${routeSource} is not a chunk of its own`);
    add(routeSource);
  }
  const bytes = [...needed].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length,
    0,
  );
  return { kb: bytes / 1024, files: needed.size };
}

const routesFolder = 'src/app/routes/';

export function recordWeb(): void {
  const manifest = JSON.parse(
    readFileSync(join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = routeJavaScript(manifest, null);
  const home = routeJavaScript(manifest, `${routesFolder}home.tsx`);
  const login = routeJavaScript(manifest, `${routesFolder}login.tsx`);
  const checkout = routeJavaScript(manifest, `${routesFolder}checkout.tsx`);
  record(
    'first route JavaScript, gzip (entry + / route chunks)',
    `${home.kb.toFixed(1)} KB in ${home.files} files (entry alone ${entry.kb.toFixed(1)} KB; /login ${login.kb.toFixed(1)} KB; /checkout ${checkout.kb.toFixed(1)} KB)`,
    '< 130 KB (/ and /login)',
    home.kb < 130 && login.kb < 130,
  );
  // Every screen, as a first route: the entry with the screen's chunk and its static imports.
  const screens = Object.keys(manifest)
    .filter((key) => key.startsWith(routesFolder) && !key.endsWith('.test.tsx'))
    .map((key) => ({ key, ...routeJavaScript(manifest, key) }))
    .sort((a, b) => b.kb - a.kb);
  const largest = screens[0];
  if (largest) {
    record(
      'largest route JavaScript, gzip',
      `${largest.kb.toFixed(1)} KB: ${largest.key.slice(routesFolder.length)} (of ${screens.length} routes)`,
      '< 150 KB every route',
      largest.kb < 150,
    );
  }
  const html = readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8');
  const eager = [
    ...html.matchAll(/(?:src|href)="\/assets\/((?:home|product|checkout|login)-[^"]+)"/g),
  ];
  record(
    'route chunks loaded on demand',
    eager.length === 0
      ? 'yes: no route chunk in index.html'
      : `no: ${eager.map((m) => m[1]).join(', ')}`,
    'each route lazy',
    eager.length === 0,
  );
}

interface BenchProduct {
  id: string;
  name: string;
  description: string;
  price: { amount: number; currency: string };
}

/** The product the Lighthouse pages show, as the store answers it. */
async function benchProduct(token: string): Promise<BenchProduct> {
  const response = await fetch(`${storeUrl}/api/products/id-ceramic-mug`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as BenchProduct;
}

/**
 * A cart of the product as the web app keeps it in local storage (`cart-store.ts`), so that
 * /checkout shows a cart. A line names its store and its customer (the session token's
 * `customer_id`): the web app shows a line only to them, and the bench's named no customer until
 * 2026-12-07, so its /checkout never showed a cart and was not measured.
 */
function cartOf(product: BenchProduct, token: string): string {
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { customer_id: string };
  return JSON.stringify([
    {
      app_id: benchAppId,
      customer_id: claims.customer_id,
      product_id: product.id,
      quantity: 1,
      price: product.price.amount,
      currency: product.price.currency,
      product,
    },
  ]);
}

/** Lighthouse on the signed-in pages; a browser that cannot run is recorded, not fatal. */
export async function recordLighthouse(token: string): Promise<void> {
  console.log('Lighthouse (mobile) on /, /products/id-ceramic-mug and /checkout, signed in...');
  try {
    const product = await benchProduct(token);
    const { scores, benchmarkIndex } = await lighthouseScores(
      storeUrl,
      // Each page is checked to show what it is measured for before Lighthouse loads it.
      [
        { path: '/', shows: product.name },
        { path: `/products/${product.id}`, shows: product.description },
        { path: '/checkout', shows: 'Payment Options' },
      ],
      { token, cart: cartOf(product, token) },
    );
    for (const page of scores) {
      record(
        `Lighthouse performance (mobile) ${page.path}`,
        `${page.score}, the median run of ${page.scores.length} (${page.scores.join(', ')}; LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}; benchmarkIndex ${benchmarkIndex})`,
        // Issue 29's target: 100 on every route at phone size.
        '100',
        page.score === 100,
      );
    }
  } catch (error) {
    record(
      'Lighthouse performance (mobile)',
      `not measured: ${(error as Error).message}`,
      '100',
      null,
    );
  }
}
