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
export function createIdentityVerifier(config: IdentityConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 });
  return async function verifyCredential(credential: string): Promise<VerifiedIdentity> {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        issuer: config.issuers,
        audience: config.clientId,
        algorithms: ['RS256'],
      });
      const claims = idTokenClaimsSchema.parse(payload);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email,
        name: claims.name ?? null,
      };
    } catch (error) {
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
