import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { IdentityConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
}

const idTokenClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1),
  email: z.string().email(),
  name: z.string().optional(),
});

/**
 * Checks an ID token the way Google documents it (signature by a key of the JWKS, issuer, audience,
 * expiry); the identity simulator publishes its own JWKS, so both providers take this one path.
 */
/** The longest lifetime of a Google ID token, and the clock skew allowed around it. */
const maxLifetimeSeconds = 3600;
const leewaySeconds = 30;

export function createIdentityVerifier(config: IdentityConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  return async function verifyCredential(credential: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        issuer: config.issuers,
        audience: config.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat'],
        clockTolerance: leewaySeconds,
      });
      const claims = idTokenClaimsSchema.parse(payload);
      // Google's ID tokens live an hour: a longer-lived credential is not one of its.
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > maxLifetimeSeconds + leewaySeconds) {
        throw new AppError(401, 'INVALID_CREDENTIAL', 'The sign-in credential lives too long');
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email,
        name: claims.name ?? null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) {
        throw new AppError(401, 'INVALID_CREDENTIAL', 'The sign-in credential has expired');
      }
      const isVerdictOnToken = error instanceof errors.JOSEError || error instanceof z.ZodError;
      if (error instanceof errors.JWKSTimeout || !isVerdictOnToken) {
        throw new AppError(
          502,
          'IDENTITY_PROVIDER_UNAVAILABLE',
          "The sign-in provider's keys could not be fetched",
        );
      }
      throw new AppError(401, 'INVALID_CREDENTIAL', 'The sign-in credential is not valid');
    }
  };
}
export type IdentityVerifier = ReturnType<typeof createIdentityVerifier>;
