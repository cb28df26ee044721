import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../../public', import.meta.url));

/**
 * Serves the product images and the built web app. Answers the app's index.html, which the
 * not-found handler sends for client-side routes so that they survive a reload (null: not built).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
): Promise<string | null> {
  await app.register(fastifyStatic, {
    root: join(publicDir, 'images'),
    prefix: '/images/',
    maxAge: '1d',
    decorateReply: false,
  });
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (!hasBuild) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve it');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of its text files; each browser gets the one it accepts.
    preCompressed: true,
    setHeaders(res, path) {
      // Vite fingerprints assets, so they can be cached for good; index.html must not be.
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return readFileSync(join(webDistDir, 'index.html'), 'utf8');
}
