import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { sessionClaimsSchema, type AppMode } from '@store/contract';
import { AppError } from '../http/app-error.ts';

export interface Session {
  appId: string;
  mode: AppMode;
  customerId: string;
}

/** A session as a verified token carries it: with when it ends, so long streams end with it. */
export interface VerifiedSession extends Session {
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** The token's own id (jti), which signing out revokes. */
  sessionId: string;
  /** Seconds since the epoch (iat), which signing out everywhere compares. */
  issuedAt: number;
}

const issuer = 'demo-store';
/** How long a verified token is trusted without checking its signature again (never past its expiry). */
const verifiedTtlMs = 30_000;
const maxVerified = 10_000;
/** An HS256 signature's length in a compact token: 32 bytes in unpadded base64url. */
const signatureLength = 43;
/**
 * Where a verified token is remembered: by its signature, its last characters. Hashing the whole
 * token (about 400 characters, a new string on every request) was 2% of the catalogue's CPU; an
 * entry keeps its token, and only that very token finds it.
 */
const rememberedBy = (token: string) => token.slice(-signatureLength);
/**
 * A compact HS256 token as this server signs them: three base64url parts, the last one the
 * signature. Checked before the signature, since jose's base64 decoding (atob) skips white space: a
 * token with a space inside would verify, and be remembered as it was sent.
 */
const compactToken = new RegExp(`^[\\w-]+\\.[\\w-]+\\.[\\w-]{${signatureLength}}$`);

/** Signs and checks the storefront's own session tokens (HS256 with the server's secret). */
export function createSessionTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // HS256 verification and claim parsing cost more than the simplest routes: remember the
  // outcome for valid tokens briefly. A token's claims cannot change, only its validity in time.
  const verified = new Map<string, { token: string; session: VerifiedSession; until: number }>();
  function remembered(token: string, now: number): VerifiedSession | undefined {
    const entry = verified.get(rememberedBy(token));
    return entry && entry.token === token && entry.until > now ? entry.session : undefined;
  }
  return {
    async sign(session: Session, now = Date.now()): Promise<string> {
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({
        app_id: session.appId,
        mode: session.mode,
        customer_id: session.customerId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(session.customerId)
        .setIssuedAt(issuedAt)
        .setJti(randomUUID())
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },

    /**
     * The session of a token verified a moment ago (within verifiedTtlMs, never past its expiry),
     * without a promise: the fast path of every signed-in request. Undefined: call `verify`.
     */
    known(token: string): VerifiedSession | undefined {
      return remembered(token, Date.now());
    },

    async verify(token: string): Promise<VerifiedSession> {
      const now = Date.now();
      const known = remembered(token, now);
      if (known) return known;
      try {
        if (!compactToken.test(token)) throw new Error('Not a compact HS256 token');
        // A token without an expiry would be a session for ever: refused, though this server
        // never signs one.
        const { payload } = await jwtVerify(token, key, {
          issuer,
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
        });
        const claims = sessionClaimsSchema.parse(payload);
        const session = {
          appId: claims.app_id,
          mode: claims.mode,
          customerId: claims.customer_id,
          expiresAt: (payload.exp ?? 0) * 1000,
          sessionId: payload.jti ?? '',
          issuedAt: payload.iat ?? 0,
        };
        if (verified.size >= maxVerified) verified.clear();
        verified.set(rememberedBy(token), {
          token,
          session,
          until: Math.min(now + verifiedTtlMs, session.expiresAt),
        });
        return session;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError(401, 'TOKEN_EXPIRED_ERROR', 'The session has expired; sign in again');
        }
        throw new AppError(401, 'UNAUTHORIZED', 'The session token is not valid');
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
