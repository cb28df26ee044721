import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadSigningKey } from './keys.ts';

export interface IdentitySimulatorOptions {
  port: number;
  host?: string;
  /** Base address the browser and the relying party use; it is also the tokens' issuer. */
  publicUrl?: string;
  /** Where the signing key is kept; null keeps it in memory. */
  dataDir?: string | null;
  logger?: boolean;
}

export interface IssueCredentialInput {
  email: string;
  name?: string;
  audience: string;
  expiresInSeconds?: number;
  /** False stands for a Google account whose address Google has not verified; true by default. */
  emailVerified?: boolean;
}

const buttonScript = readFileSync(new URL('../public/gsi-client.js', import.meta.url), 'utf8');

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseCredentialRequest(body: unknown, defaultAudience: string | null) {
  const input = (body ?? {}) as Record<string, unknown>;
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
  const audience = typeof input.client_id === 'string' ? input.client_id : defaultAudience;
  if (!emailPattern.test(email) || email.length > 254) return { error: 'email is required' };
  if (!audience) return { error: 'client_id is required' };
  const expiresIn = input.expires_in_seconds;
  if (input.email_verified !== undefined && typeof input.email_verified !== 'boolean') {
    return { error: 'email_verified must be true or false' };
  }
  return {
    value: {
      email,
      name: typeof input.name === 'string' && input.name.trim() ? input.name.trim() : undefined,
      audience,
      expiresInSeconds: typeof expiresIn === 'number' ? expiresIn : undefined,
      emailVerified: input.email_verified,
    },
  };
}

/**
 * A sign-in provider with the browser interface of Google Identity Services: a script exposing
 * google.accounts.id, ID tokens signed with its own RS256 key, and that key at a JWKS endpoint.
 */
export async function startIdentitySimulator(options: IdentitySimulatorOptions) {
  const key = await loadSigningKey(options.dataDir ?? null);
  const app = Fastify({ logger: options.logger ?? false });
  let issuer = options.publicUrl?.replace(/\/$/, '') ?? '';

  async function issueCredential(input: IssueCredentialInput): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    // Google's subject is stable per account; a hash of the address gives the same property.
    const subject = createHash('sha256').update(input.email).digest('hex').slice(0, 21);
    return new SignJWT({
      email: input.email,
      email_verified: input.emailVerified ?? true,
      name: input.name ?? input.email.split('@')[0],
      azp: input.audience,
    })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(input.audience)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + (input.expiresInSeconds ?? 3600))
      .sign(key.privateKey);
  }

  // The button script runs on the store's origin and asks this origin for the credential.
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    }
    if (request.method === 'OPTIONS') return reply.status(204).send();
  });

  app.get('/gsi/client', (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(buttonScript),
  );
  app.get('/oauth2/v3/certs', () => ({ keys: [key.publicJwk] }));
  app.get('/.well-known/openid-configuration', () => ({
    issuer,
    jwks_uri: `${issuer}/oauth2/v3/certs`,
    id_token_signing_alg_values_supported: ['RS256'],
  }));

  /** What the account chooser calls when the customer picks an account. */
  app.post('/gsi/credential', async (request, reply) => {
    const parsed = parseCredentialRequest(request.body, null);
    if ('error' in parsed) return reply.status(400).send({ error: parsed.error });
    const { email, name, audience, emailVerified } = parsed.value;
    return { credential: await issueCredential({ email, name, audience, emailVerified }) };
  });

  /**
   * Development and tests: a credential without the browser, optionally expired, for another
   * audience or for an account whose address is unverified.
   */
  app.post('/dev/credentials', async (request, reply) => {
    const parsed = parseCredentialRequest(request.body, defaultClientId);
    if ('error' in parsed) return reply.status(400).send({ error: parsed.error });
    return { credential: await issueCredential(parsed.value) };
  });

  const address = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const port = new URL(address).port;
  if (!issuer) issuer = `http://localhost:${port}`;
  return {
    url: issuer,
    issueCredential,
    close: () => app.close(),
  };
}

/** The client id the store uses with the simulator (the store's configuration names the same). */
export const defaultClientId = 'demo-store.apps.identity-simulator';
