import { errors, jwtVerify, SignJWT } from 'jose';
import { sessionClaimsSchema, type AppMode } from '@store/contract';
import { AppError } from '../http/app-error.ts';

export interface Session {
  appId: string;
  mode: AppMode;
  customerId: string;
}

const issuer = 'demo-store';

/** Signs and checks the storefront's own session tokens (HS256 with the server's secret). */
export function createSessionTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },

    async verify(token: string): Promise<Session> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
        const claims = sessionClaimsSchema.parse(payload);
        return { appId: claims.app_id, mode: claims.mode, customerId: claims.customer_id };
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
