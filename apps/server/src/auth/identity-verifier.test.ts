import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { createIdentityVerifier, type IdentityVerifier } from './identity-verifier.ts';

// Google's own keys cannot sign a test token: a key of the test's stands at a JWKS of its own, and
// everything else is the configuration GOOGLE_CLIENT_ID selects.
const clientId = '1008719970978-hb24n2dstb40o45d4feuo2ukqmcc6381.apps.googleusercontent.com';
let jwks: Server;
let privateKey: CryptoKey;
let verifyCredential: IdentityVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'google-like', alg: 'RS256' };
  jwks = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  const google = loadConfig({
    GOOGLE_CLIENT_ID: clientId,
    SESSION_SECRET: 'x'.repeat(32),
  }).identity;
  verifyCredential = createIdentityVerifier({
    ...google,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
  });
});
afterAll(() => new Promise((resolve) => jwks?.close(resolve)));

/** An ID token with the claims Google documents for a sign-in with the email and profile scopes. */
function googleIdToken(emailVerified: unknown, issuer = 'https://accounts.google.com') {
  return new SignJWT({
    azp: clientId,
    email: 'testuser@gmail.com',
    ...(emailVerified === undefined ? {} : { email_verified: emailVerified }),
    name: 'Test User',
    picture: 'https://lh4.googleusercontent.com/photo.jpg',
    given_name: 'Test',
    family_name: 'User',
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-like', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(clientId)
    .setSubject('110169484474386276334')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

async function refusal(credential: string): Promise<AppError> {
  const error: unknown = await verifyCredential(credential).catch((caught: unknown) => caught);
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('a Google ID token', () => {
  it('signs in the account whose email Google verified, under either documented issuer', async () => {
    for (const issuer of ['https://accounts.google.com', 'accounts.google.com']) {
      await expect(verifyCredential(await googleIdToken(true, issuer))).resolves.toEqual({
        issuer,
        subject: '110169484474386276334',
        email: 'testuser@gmail.com',
        name: 'Test User',
      });
    }
  });

  it('takes the string "true" of Google\'s decoded-token example as verified', async () => {
    await expect(verifyCredential(await googleIdToken('true'))).resolves.toMatchObject({
      email: 'testuser@gmail.com',
    });
  });

  it('refuses an email Google has not verified, or does not say it has', async () => {
    for (const emailVerified of [false, 'false', undefined, 1]) {
      const error = await refusal(await googleIdToken(emailVerified));
      expect({ emailVerified, status: error.statusCode, body: error.toBody() }).toEqual({
        emailVerified,
        status: 403,
        body: {
          error_code: 'EMAIL_NOT_VERIFIED',
          message:
            "Your Google account's email address is not verified yet. Verify it in your Google account, then sign in again.",
        },
      });
    }
  });
});
