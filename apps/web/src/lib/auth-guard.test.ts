import { describe, expect, it } from 'vitest';
import { guardRedirect } from './auth-guard';

describe('guardRedirect', () => {
  it('lets a signed-in user through, with or without an app id', () => {
    expect(guardRedirect({ signedIn: true, appId: undefined })).toBeNull();
    expect(guardRedirect({ signedIn: true, appId: 'demo-id' })).toBeNull();
  });

  it('sends a signed-out user without an app id to /login', () => {
    expect(guardRedirect({ signedIn: false, appId: undefined })).toBe('/login');
    expect(guardRedirect({ signedIn: false, appId: '' })).toBe('/login');
  });

  it('sends a signed-out user with an app id to /{appId}/login (the second redirect wins)', () => {
    expect(guardRedirect({ signedIn: false, appId: 'demo-ph' })).toBe('/demo-ph/login');
  });

  it('sends a customer who chose Sign Out to /login, whatever the page', () => {
    expect(guardRedirect({ signedIn: false, appId: 'demo-ph', signedOut: true })).toBe('/login');
  });
});
