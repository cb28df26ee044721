import { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import { registerStatusEventRoutes } from './events/routes.ts';
import { createStatusFeed, type StatusFeed } from './events/status-feed.ts';
import { authenticatePlugin } from './auth/authenticate.ts';
import { createIdentityVerifier, type IdentityVerifier } from './auth/identity-verifier.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { createSessionTokens } from './auth/session-token.ts';
import { registerCatalogRoutes } from './catalog/routes.ts';
import { createPaymentService } from './payments/payment-service.ts';
import { createReconciler, type Reconciler } from './reconciler/reconciler.ts';
import { registerPaymentRoutes } from './payments/routes.ts';
import { registerWebhookRoute } from './webhooks/receiver.ts';
import { createProvider } from './provider/adapter.ts';
import { createCardService } from './cards/card-service.ts';
import { registerCardRoutes } from './cards/routes.ts';
import { createPaymentMethodService } from './payment-methods/payment-method-service.ts';
import { registerPaymentMethodRoutes } from './payment-methods/routes.ts';
import { createRefundService } from './refunds/refund-service.ts';
import { registerRefundRoutes } from './refunds/routes.ts';
import { createSubscriptionService } from './subscriptions/subscription-service.ts';
import { registerSubscriptionRoutes } from './subscriptions/routes.ts';
import { clientErrorHandler, rawRouterErrors, registerErrorHandler } from './http/error-handler.ts';
import { createAddressCreateLimit } from './http/address-creates.ts';
import { createRequestsInFlight } from './http/requests-in-flight.ts';
import { createCreateBudget } from './http/create-budget.ts';
import { createRateLimiter } from './http/rate-limits.ts';
import { limitConnections } from './http/connection-limits.ts';
import { apiSecurityHeaders, registerSecurity } from './http/security.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { serializerCompiler } from './http/response-serializer.ts';
import { buildClientConfig, renderClientConfigScript } from './web/client-config.ts';
import { registerWebApp } from './web/static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles payments and refunds left open by lost answers or lost webhooks. */
    reconciler: Reconciler;
    /** This instance's end of the live-status feed (GET /api/events). */
    statusFeed: StatusFeed;
  }
}

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  /** LISTEN on the database, for the live-status feed. */
  listen: DatabaseHandle['listen'];
  /** Replaces the JWKS-backed verifier; only the tests of other parts pass one. */
  verifyCredential?: IdentityVerifier;
  /** Tests pass a stream to read what the server logs. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
}

export async function buildApp({
  config,
  db,
  listen,
  verifyCredential = createIdentityVerifier(config.identity),
  logger = { level: config.logLevel },
}: AppDependencies): Promise<FastifyInstance> {
  // The API's security headers for the answers Node writes before any hook runs.
  const apiHeaders = apiSecurityHeaders(config);
  const app = Fastify({
    logger: logger && {
      ...(typeof logger === 'object' ? logger : {}),
      redact: ['req.headers.authorization', 'req.headers["x-callback-token"]'],
    },
    // Per-request lines only when debugging: at load they cost more than the routes themselves.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 256 * 1024,
    // A client sending its request slowly (a byte at a time, or never the last one) is dropped
    // once its time is up, rather than holding a socket for ever; Node checks every second.
    requestTimeout: config.connections.requestTimeoutMs,
    http: {
      headersTimeout: Math.floor((config.connections.requestTimeoutMs * 2) / 3),
      connectionsCheckingInterval: 1_000,
    },
    routerOptions: rawRouterErrors(apiHeaders),
    clientErrorHandler: clientErrorHandler(apiHeaders),
    // Behind the configured proxies only, a client's address is read from X-Forwarded-For.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
  });
  // Beyond this, new sockets are closed at once: the descriptors left serve the rest of the process.
  app.server.maxConnections = config.connections.maxConnections;
  limitConnections(app.server, {
    perAddress: config.connections.connectionsPerAddress,
    firstRequestMs: config.connections.requestTimeoutMs,
    trustedProxies: config.trustProxy,
  });
  // The body's own deadline, from the moment its headers are in: Node's check of requestTimeout
  // runs on a timer of its own and was seen to miss held bodies under load.
  // A request already whole needs none, nor one without a body (no Content-Length or
  // Transfer-Encoding: HTTP/1.1 gives it none, so its end is already parsed); and an injected one
  // (app.inject) has no socket to drop.
  app.addHook('onRequest', (request, _reply, done) => {
    const { socket, headers } = request.raw;
    if (
      request.raw.complete ||
      (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) ||
      !(socket instanceof Socket)
    ) {
      done();
      return;
    }
    const deadline = setTimeout(() => {
      if (!request.raw.complete) socket.destroy();
    }, config.connections.requestTimeoutMs);
    deadline.unref();
    request.raw.once('end', () => clearTimeout(deadline));
    request.raw.once('close', () => clearTimeout(deadline));
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurity(app, config);
  const spaIndexHtml = await registerWebApp(app, config.webDistDir);
  registerErrorHandler(app, { spaIndexHtml });

  const clientConfigScript = renderClientConfigScript(buildClientConfig(config));
  app.get('/config.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(clientConfigScript),
  );

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Demo store API',
        description:
          'The storefront API the web app calls. Errors: {error_code, message, response?}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const limiter = createRateLimiter(db);
  const limits = config.rateLimits;
  const budget = createCreateBudget(db, limits.paymentCreatesPerMinute);
  const creates = createAddressCreateLimit(limits.createsPerAddressPerMinute);
  app.decorate('requestsInFlight', createRequestsInFlight(limits.requestsInFlight));
  const sessionTokens = createSessionTokens(config.sessionSecret, config.sessionTtlSeconds);
  const provider = createProvider(config, db);
  const subscriptions = createSubscriptionService({ db, provider, config, budget });
  // Unlinking a method ends the subscriptions it pays first, through their own cancel.
  const paymentMethods = createPaymentMethodService({
    db,
    provider,
    config,
    limiter,
    budget,
    endSubscriptionsPaidBy: subscriptions.endPaidBy,
  });
  const payments = createPaymentService({
    db,
    provider,
    config,
    limiter,
    budget,
    saveMethod: paymentMethods.saveFromCheckout,
  });
  app.addHook('onReady', () => payments.orderCatalogue.listen(listen));
  app.addHook('onClose', () => payments.orderCatalogue.close());
  // Changes committed by the last requests are announced before the database closes.
  app.addHook('onClose', () => payments.sendAnnouncements());
  const refunds = createRefundService({ db, provider, payments, budget });
  const cards = createCardService({ db, provider, payments, paymentMethods, budget });
  const reconciler = createReconciler({
    db,
    config,
    provider,
    payments,
    refunds,
    subscriptions,
    log: app.log,
  });
  app.decorate('reconciler', reconciler);
  app.addHook('onReady', async () => reconciler.start());
  app.addHook('onClose', async () => reconciler.stop());
  const statusFeed = createStatusFeed(listen);
  app.decorate('statusFeed', statusFeed);
  app.addHook('onReady', async () => statusFeed.start());
  app.addHook('onClose', async () => statusFeed.stop());
  await app.register(
    async (api) => {
      await api.register(authenticatePlugin, { db, sessionTokens, listen });
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      registerAuthRoutes(api, { db, verifyCredential, sessionTokens, limiter, limits });
      registerCatalogRoutes(api, { db, listen });
      registerStatusEventRoutes(api, { feed: statusFeed, limits: config.connections });
      registerPaymentRoutes(api, { payments, limiter, limits, creates });
      registerCardRoutes(api, { cards, limiter, limits, creates });
      registerRefundRoutes(api, { refunds, creates });
      registerPaymentMethodRoutes(api, { paymentMethods, cards, limiter, limits, creates });
      registerSubscriptionRoutes(api, { subscriptions, limiter, limits, creates });
      registerWebhookRoute(api, {
        provider,
        payments,
        refunds,
        paymentMethods,
        cards,
        subscriptions,
      });
    },
    { prefix: '/api' },
  );
  return app;
}
