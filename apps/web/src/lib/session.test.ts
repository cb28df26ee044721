import { beforeEach, describe, expect, it } from 'vitest';
import { demoClaims, makeToken } from '@/test/fixtures';
import {
  clearSession,
  decodeSessionToken,
  endSession,
  getSession,
  sessionEndedBecause,
  setToken,
  tokenStorageKey,
} from './session';

describe('session token', () => {
  beforeEach(() => localStorage.clear());

  it('decodes app id, mode and customer id without verifying the signature', () => {
    expect(decodeSessionToken(makeToken(demoClaims))).toEqual(demoClaims);
  });

  it('rejects malformed tokens and claims outside the schema', () => {
    expect(decodeSessionToken('not-a-jwt')).toBeNull();
    expect(decodeSessionToken('a.%%%.c')).toBeNull();
    expect(decodeSessionToken(makeToken({ ...demoClaims, mode: 'staging' }))).toBeNull();
    expect(decodeSessionToken(makeToken({ app_id: 'demo-id' }))).toBeNull();
  });

  it('treats an expired token as no session', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = makeToken({ ...demoClaims, exp: now / 1000 - 1 });
    expect(decodeSessionToken(token, now)).toBeNull();
    expect(decodeSessionToken(token, now - 10_000)).not.toBeNull();
  });

  it('stores the token under key token and clears it on sign out', () => {
    const token = makeToken(demoClaims);
    setToken(token);
    expect(localStorage.getItem(tokenStorageKey)).toBe(token);
    expect(getSession()).toEqual({ token, claims: demoClaims });
    clearSession();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('keeps why the store ended a session only until another session or a sign-out', () => {
    setToken(makeToken(demoClaims));
    getSession();
    endSession('TOKEN_EXPIRED_ERROR');
    expect(getSession()).toBeNull();
    expect(sessionEndedBecause()).toBe('TOKEN_EXPIRED_ERROR');
    // Signed in again in another tab: this tab reads the new token from storage.
    localStorage.setItem(tokenStorageKey, makeToken({ ...demoClaims, customer_id: 'cus-2' }));
    expect(getSession()).not.toBeNull();
    expect(sessionEndedBecause()).toBeNull();

    endSession('CUSTOMER_NOT_FOUND');
    expect(sessionEndedBecause()).toBe('CUSTOMER_NOT_FOUND');
    clearSession();
    expect(sessionEndedBecause()).toBeNull();
  });
});
