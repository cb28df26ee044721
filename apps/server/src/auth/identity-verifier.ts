import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { errorCodes } from '@store/contract';
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
  email_verified: z.unknown().optional(),
});

/**
 * Google vouches for the email only where email_verified is true: its ID token reference gives the
 * claim as "True if the user's e-mail address has been verified; otherwise false"
 * (https://developers.google.com/identity/openid-connect/openid-connect), and its guide to verifying
 * the token on the server reads email with email_verified
 * (https://developers.google.com/identity/gsi/web/guides/verify-google-id-token). The email becomes
 * the customer's at the payments provider, so an unverified one is refused. The claim is a boolean
 * in the token, but Google's example of a checked token (its tokeninfo endpoint's answer,
 * https://developers.google.com/identity/sign-in/web/backend-auth) shows the string "true", so that
 * counts too; anything else, an absent claim included, does not.
 */
function isEmailVerified(claim: unknown): boolean {
  return claim === true || claim === 'true';
}

/** The longest lifetime of a Google ID token, and the clock skew allowed around it. */
const maxLifetimeSeconds = 3600;
const leewaySeconds = 30;

/**
 * Checks an ID token the way Google documents it (signature by a key of the JWKS, issuer, audience,
 * expiry, a verified email); the identity simulator publishes its own JWKS, so both providers take
 * this one path.
 */
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
      if (!isEmailVerified(claims.email_verified)) {
        throw new AppError(
          403,
          errorCodes.emailNotVerified,
          "Your Google account's email address is not verified yet. Verify it in your Google account, then sign in again.",
        );
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
