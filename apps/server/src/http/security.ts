import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries, for answers written without Fastify's reply. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

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

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The headers helmet would set, worked out once: they never change while the server runs, and
 * helmet derives them again on every request (a tenth of the CPU of a catalogue read).
 */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  const policy = Object.entries(contentSecurityPolicy(config))
    .map(([directive, sources]) => `${kebab(directive)} ${sources.join(' ')}`)
    .join('; ');
  return {
    'content-security-policy': policy,
    // The identity provider's popup flows need the opener kept.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Security headers on every answer. */
export function registerSecurity(app: FastifyInstance, config: ServerConfig): void {
  const headers = securityHeaders(config);
  app.decorate('securityHeaders', headers);
  // A callback hook: an async one costs a promise on every request for no waiting.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
