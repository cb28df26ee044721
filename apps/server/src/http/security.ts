import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { errorCodes, type ApiErrorBody } from '@store/contract';
import type { ServerConfig } from '../config.ts';

const originOf = (url: string) => new URL(url).origin;

/**
 * The page may run only the store's own code, the sign-in provider's script and the payments
 * provider's cards script, and talk only to those three origins.
 */
export function contentSecurityPolicy(config: ServerConfig) {
  const identity = originOf(config.identity.scriptUrl);
  const cards = originOf(config.xenditCardsScriptUrl);
  const provider = originOf(config.xenditBaseUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", identity, cards],
    connectSrc: ["'self'", identity, cards, provider],
    frameSrc: [identity, cards],
    imgSrc: ["'self'", 'data:'],
    // Mantine sets element styles; Google's button loads its own stylesheet.
    styleSrc: ["'self'", "'unsafe-inline'", identity],
    fontSrc: ["'self'", 'data:'],
    formAction: ["'self'", provider],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}

/** Security headers on every answer, and the rate limiter that chosen routes opt into. */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // The identity provider's popup flows need the opener kept.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context): ApiErrorBody & { statusCode: number } => ({
      statusCode: context.statusCode,
      error_code: errorCodes.rateLimited,
      message: `Too many requests: try again in ${context.after}`,
    }),
  });
}
