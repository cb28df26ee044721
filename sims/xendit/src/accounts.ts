import { ApiError } from './api-error.ts';

/** A merchant of the simulated provider: its keys for both modes and where its webhooks go. */
export type SimulatorAccount = {
  businessId: string;
  testSecretKey: string;
  testPublicKey: string;
  liveSecretKey: string;
  livePublicKey: string;
  /** The provider gives each mode its own callback token, so a test event cannot pass as live. */
  callbackToken: string;
  liveCallbackToken: string;
  webhookUrl: string;
};

export type Mode = 'test' | 'live';

/** Whose objects a call may see: one account in one mode. */
export type Owner = { businessId: string; mode: Mode };

export type Principal = Owner & { account: SimulatorAccount; keyKind: 'secret' | 'public' };

export const DEFAULT_BUSINESS_ID = '5f27a14a9bf05c73dd040bc8';

export function createDefaultAccount(
  overrides: Partial<
    Pick<SimulatorAccount, 'callbackToken' | 'liveCallbackToken' | 'webhookUrl'>
  > = {},
): SimulatorAccount {
  return {
    businessId: DEFAULT_BUSINESS_ID,
    testSecretKey: 'xnd_development_simulator',
    testPublicKey: 'xnd_public_development_simulator',
    liveSecretKey: 'xnd_production_simulator',
    livePublicKey: 'xnd_public_production_simulator',
    callbackToken: overrides.callbackToken ?? 'simulator-callback-token',
    liveCallbackToken: overrides.liveCallbackToken ?? 'simulator-live-callback-token',
    webhookUrl: overrides.webhookUrl ?? 'http://localhost:3000/api/webhooks/xendit',
  };
}

/** The callback token of one mode of an account. */
export const callbackTokenFor = (account: SimulatorAccount, mode: string): string =>
  mode === 'live' ? account.liveCallbackToken : account.callbackToken;

export type Keyring = {
  /** The principal of a `Basic base64(key:)` header, or a 401 INVALID_API_KEY. */
  authenticate(authorization: string | undefined, keyKind: Principal['keyKind']): Principal;
  /** The key of a Basic header when it is one the simulator issued (rate limits count per key). */
  issuedKeyOf(authorization: string | undefined): string | undefined;
  account(businessId: string): SimulatorAccount | undefined;
};

export function createKeyring(accounts: readonly SimulatorAccount[]): Keyring {
  const byKey = new Map<string, Principal>();
  for (const account of accounts) {
    const owner = (mode: Mode, keyKind: Principal['keyKind']): Principal => ({
      businessId: account.businessId,
      mode,
      account,
      keyKind,
    });
    byKey.set(account.testSecretKey, owner('test', 'secret'));
    byKey.set(account.testPublicKey, owner('test', 'public'));
    byKey.set(account.liveSecretKey, owner('live', 'secret'));
    byKey.set(account.livePublicKey, owner('live', 'public'));
  }
  const keyOf = (authorization: string | undefined) => {
    const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) return undefined;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? decoded : decoded.slice(0, colon);
  };
  return {
    issuedKeyOf(authorization) {
      const key = keyOf(authorization);
      return key !== undefined && byKey.has(key) ? key : undefined;
    },
    authenticate(authorization, keyKind) {
      const key = keyOf(authorization);
      const principal = key === undefined ? undefined : byKey.get(key);
      if (!principal || principal.keyKind !== keyKind) {
        throw new ApiError(
          401,
          'INVALID_API_KEY',
          keyKind === 'public'
            ? 'The public key in the Authorization header is missing or not valid'
            : 'The secret key in the Authorization header is missing or not valid',
        );
      }
      return principal;
    },
    account: (businessId) => accounts.find((account) => account.businessId === businessId),
  };
}
