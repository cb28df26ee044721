import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every API answer carries, for answers written without Fastify's reply. */
    apiSecurityHeaders: Readonly<Record<string, string>>;
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

/**
 * The headers of the API's answers (JSON, or nothing): those OWASP's REST Security Cheat Sheet
 * asks of an API, with a policy that lets a JSON answer opened as a page load and run nothing and
 * be framed by no page. The others above govern what a page does (its scripts, its popups, its
 * links, its downloads) and do nothing for JSON; on the catalogue, the most frequent answer, they
 * were two thirds of its headers' bytes (README, Performance).
 */
export function apiSecurityHeaders(config: ServerConfig): Record<string, string> {
  const pageHeaders = securityHeaders(config);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': pageHeaders['cross-origin-resource-policy']!,
    'strict-transport-security': pageHeaders['strict-transport-security']!,
    'x-content-type-options': pageHeaders['x-content-type-options']!,
    'x-frame-options': 'DENY',
  };
}

/** Answers of the API; its documentation's page (Swagger UI) is a page like the store's. */
const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Security headers on every answer: a page's, or the API's. */
export function registerSecurity(app: FastifyInstance, config: ServerConfig): void {
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  app.decorate('apiSecurityHeaders', apiHeaders);
  // A callback hook: an async one costs a promise on every request for no waiting.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
