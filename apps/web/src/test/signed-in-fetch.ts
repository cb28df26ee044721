import { afterEach, beforeEach, vi } from 'vitest';
import { clientConfigGlobalName } from '@store/contract/client';
import { setToken } from '@/lib/session';
import { demoClaims, makeToken } from './fixtures';

/**
 * For each test of the calling suite: the API at /api, a signed-in demo customer, and `fetchStub`
 * in place of fetch; all undone after it.
 */
export function stubSignedInFetch(fetchStub: ReturnType<typeof vi.fn<typeof fetch>>): void {
  beforeEach(() => {
    Object.assign(window, { [clientConfigGlobalName]: { api_base_url: '/api' } });
    setToken(makeToken(demoClaims));
    vi.stubGlobal('fetch', fetchStub);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchStub.mockReset();
    Reflect.deleteProperty(window, clientConfigGlobalName);
  });
}
