import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * The simulator's RS256 key, kept in its data directory when it has one, so that credentials and
 * the relying party's cached JWKS stay valid across restarts.
 */
export async function loadSigningKey(dataDir: string | null): Promise<SigningKey> {
  const path = dataDir ? join(dataDir, 'signing-key.json') : null;
  if (path && existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as StoredKey;
    const privateKey = (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey;
    return { kid: stored.kid, privateKey, publicJwk: stored.publicJwk };
  }
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `sim-${Date.now().toString(36)}`;
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  if (path && dataDir) {
    mkdirSync(dataDir, { recursive: true });
    const stored: StoredKey = { kid, privateJwk: await exportJWK(privateKey), publicJwk };
    writeFileSync(path, JSON.stringify(stored), { mode: 0o600 });
  }
  return { kid, privateKey, publicJwk };
}
