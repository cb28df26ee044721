import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_VERSION } from '@store/xendit';
import { ApiError, validationError } from './api-error.ts';
import { registerCheckoutPages } from './hosted-pages/checkout-page.ts';
import { registerHostedPages } from './hosted-pages/routes.ts';
import { newRequestId } from './ids.ts';
import { registerCustomerRoutes } from './customers/routes.ts';
import { registerPaymentRequestRoutes } from './payment-requests/routes.ts';
import { registerPaymentTokenRoutes } from './payment-tokens/routes.ts';
import { registerPaymentRoutes } from './payments/routes.ts';
import { registerRecurringRoutes } from './recurring/routes.ts';
import { registerRefundRoutes } from './refunds/routes.ts';
import { registerSessionRoutes } from './sessions/routes.ts';
import type { SimContext } from './sim-context.ts';
import { registerSimRoutes } from './sim-routes.ts';

export type RateLimit = { max: number; windowSeconds: number };
export type Latency = { ms: number; jitterMs?: number };

export type AppOptions = {
  rateLimit: RateLimit;
  latency?: Latency;
  logger?: FastifyBaseLogger | boolean;
  /** See XenditSimulatorOptions.expireLiveSessions. */
  expireLiveSessions?: boolean;
};

const cardsSessionScript = readFileSync(
  new URL('../public/cards-session.min.js', import.meta.url),
  'utf8',
);

/** Paths of the provider's API, where latency applies (not the hosted pages or /_sim). */
const isApiPath = (url: string) =>
  url.startsWith('/v3/') ||
  url.startsWith('/refunds') ||
  url.startsWith('/sessions') ||
  url.startsWith('/recurring/') ||
  url.startsWith('/customers');

/** Paths the customer's browser calls from the store's origin. */
const isBrowserPath = (url: string) =>
  url.startsWith('/v3/payment_with_session') || url.startsWith('/js/');

export async function buildApp(ctx: SimContext, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'boolean' ? options.logger : undefined,
    genReqId: newRequestId,
    routerOptions: {
      // The provider's own Node SDK (xendit/xendit-node, src/recurring/manage_plans.js) creates a
      // plan by POST /recurring/plans/: a path with a trailing slash is the same path.
      ignoreTrailingSlash: true,
      // The router refuses a path it cannot decode (%ZZ) before any hook or handler runs, in a
      // shape of Fastify's own: answered here in the provider's error shape, as the store answers
      // it, with the request-id and date every answer has.
      onBadUrl: (_path, _req, res) => {
        const body = JSON.stringify({
          error_code: 'API_VALIDATION_ERROR',
          message: 'The URL is malformed',
        });
        res.writeHead(400, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'request-id': newRequestId(),
          date: new Date().toUTCString(),
        });
        res.end(body);
      },
    },
  });
  await app.register(formbody);
  // Many HTTP clients send Content-Type: application/json on every call, a bodiless cancel or
  // resend_otp included: such a request is read as having no body, as the provider reads it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweepAt = 0;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id);
    reply.header('date', new Date().toUTCString());
    const origin = request.headers.origin;
    if (origin && isBrowserPath(request.url)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    // A fixed window per API key the simulator issued, else per client address: a window per
    // key sent let a client make up a key per request, never be limited, and hold the memory of
    // every key it made up (each up to the size of a header).
    const issuedKey = ctx.keyring.issuedKeyOf(request.headers.authorization);
    const client = issuedKey === undefined ? `address:${request.ip}` : `key:${issuedKey}`;
    const now = Date.now();
    let window = windows.get(client);
    if (!window || window.resetAt <= now) {
      // Addresses come and go: the windows that have ended are forgotten once there are many, at
      // most once a window (many live windows would otherwise be read through on every new one).
      if (windows.size >= 10_000 && now >= nextSweepAt) {
        for (const [name, ended] of windows) if (ended.resetAt <= now) windows.delete(name);
        nextSweepAt = now + options.rateLimit.windowSeconds * 1000;
      }
      window = { count: 0, resetAt: now + options.rateLimit.windowSeconds * 1000 };
      windows.set(client, window);
    }
    window.count += 1;
    reply.header('rate-limit-limit', options.rateLimit.max);
    reply.header('rate-limit-remaining', Math.max(0, options.rateLimit.max - window.count));
    reply.header('rate-limit-reset', Math.ceil((window.resetAt - now) / 1000));
    if (window.count > options.rateLimit.max) {
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests; slow down and retry');
    }
    // v3 answers in the shape of the version asked for; the simulator speaks one, so any other is
    // refused rather than answered in a shape the caller did not ask for.
    const apiVersion = request.headers['api-version'];
    if (
      apiVersion !== undefined &&
      apiVersion !== API_VERSION &&
      request.url.startsWith('/v3/') &&
      !isBrowserPath(request.url)
    ) {
      throw validationError([
        { path: 'api-version', message: `must be ${API_VERSION}, the version this API speaks` },
      ]);
    }
    if (options.latency && isApiPath(request.url)) {
      const delay = options.latency.ms + Math.random() * (options.latency.jitterMs ?? 0);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.toBody());
    }
    const fastifyError = error as { statusCode?: number; code?: string; message?: string };
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      return reply.code(400).send({
        error_code: 'API_VALIDATION_ERROR',
        message: fastifyError.message ?? 'The request is malformed',
        errors: [{ path: '(body)', message: fastifyError.message ?? 'malformed request' }],
      });
    }
    request.log.error({ err: error }, 'simulator error');
    return reply.code(500).send({ error_code: 'SERVER_ERROR', message: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error_code: 'DATA_NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );

  app.options('/v3/payment_with_session', (request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'authorization, content-type',
      )
      .header('access-control-max-age', '600')
      .send(),
  );
  app.get('/js/cards-session.min.js', (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(cardsSessionScript),
  );

  registerPaymentRequestRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerPaymentTokenRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerRecurringRoutes(app, ctx);
  registerCustomerRoutes(app, ctx);
  registerHostedPages(app, ctx);
  registerCheckoutPages(app, ctx);
  registerSimRoutes(app, ctx, { expireLiveSessions: options.expireLiveSessions ?? false });
  return app;
}
