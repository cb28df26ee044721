import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, RateLimitedError } from '../http/rate-limits.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

const perAddress = 5;
const perApp = 20;
const perIdentity = 5;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_RATE_LIMIT_PER_MINUTE: String(perAddress),
    LOGIN_APP_RATE_LIMIT_PER_MINUTE: String(perApp),
    LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE: String(perIdentity),
    // The test stands in for a reverse proxy, so each request may come from its own address.
    TRUST_PROXY: '127.0.0.1',
  });
});
afterAll(() => server?.close());

/** A sign-in over real HTTP from `address` (as the trusted proxy reports it). */
async function signInFrom(address: string, credential: string, appId = 'demo-id') {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ credential, app_id: appId }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('one address flooding the sign-in', () => {
  it('is refused itself, and does not lock the app out for everyone else', async () => {
    const flood = await Promise.all(
      Array.from({ length: 4 * perApp }, () => signInFrom('203.0.113.7', 'junk')),
    );
    const refused = flood.filter((answer) => answer.status === 429);
    expect(flood.filter((answer) => answer.status === 401)).toHaveLength(perAddress);
    expect(refused).toHaveLength(4 * perApp - perAddress);
    for (const answer of refused) {
      expect(answer.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // A customer at another address signs in at once: the refused requests counted for nothing.
    const credential = await server.identity.issueCredential({
      email: 'bystander@example.com',
      audience: server.config.identity.clientId,
    });
    const bystander = await signInFrom('198.51.100.20', credential);
    expect(bystander.status).toBe(200);
    expect(typeof bystander.body.token).toBe('string');
  });
});

describe('many addresses flooding the sign-in', () => {
  it('with junk credentials spend only their own limits, not the app’s', async () => {
    // More junk than the app's limit, each address within its own.
    const junk = await Promise.all(
      Array.from({ length: perApp + perAddress }, (_, index) =>
        signInFrom(`192.0.2.${index + 1}`, 'junk'),
      ),
    );
    expect(junk.filter((answer) => answer.status === 401)).toHaveLength(perApp + perAddress);
    const credential = await server.identity.issueCredential({
      email: 'after-the-junk@example.com',
      audience: server.config.identity.clientId,
    });
    expect((await signInFrom('198.51.100.44', credential)).status).toBe(200);
  });

  it('replaying one real credential spend only that identity’s sign-ins', async () => {
    const credential = await server.identity.issueCredential({
      email: 'replayed@example.com',
      audience: server.config.identity.clientId,
    });
    const replays = [];
    for (let index = 0; index < perApp; index += 1) {
      replays.push(await signInFrom(`172.16.0.${index + 1}`, credential, 'demo-my'));
    }
    expect(replays.filter((answer) => answer.status === 200)).toHaveLength(perIdentity);
    expect(replays.filter((answer) => answer.status === 429)).toHaveLength(perApp - perIdentity);
    const other = await server.identity.issueCredential({
      email: 'not-replayed@example.com',
      audience: server.config.identity.clientId,
    });
    expect((await signInFrom('172.16.1.1', other, 'demo-my')).status).toBe(200);
  });

  it('with real credentials are held to the app’s limit', async () => {
    const answers = [];
    for (let index = 0; index < perApp + 1; index += 1) {
      const credential = await server.identity.issueCredential({
        email: `real-${index}@example.com`,
        audience: server.config.identity.clientId,
      });
      answers.push(await signInFrom(`100.64.0.${index + 1}`, credential, 'demo-ph'));
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(perApp);
    expect(answers.at(-1)?.status).toBe(429);
    expect(answers.at(-1)?.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
  });
});

describe('the sign-in window', () => {
  it('never lets more than the limit through in any window, across what a fixed window would reset', async () => {
    const limiter = createRateLimiter(server.db);
    const limit = { key: `window-test:${Date.now()}`, max: 3, windowSeconds: 2 };
    const accepted: number[] = [];
    const hit = async () => {
      try {
        await limiter.enforce([limit]);
        accepted.push(Date.now());
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
      }
    };
    // One hit opens a window, two more near its end, then a burst just after it would reset.
    const startedAt = Date.now();
    await hit();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await hit();
    await hit();
    while (Date.now() - startedAt < 2_200) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (let i = 0; i < 3; i += 1) await hit();
    const mostInOneWindow = Math.max(
      ...accepted.map((at) => accepted.filter((other) => other >= at && other < at + 2_000).length),
    );
    expect(mostInOneWindow).toBeLessThanOrEqual(limit.max);
  });

  it('counts only what each limit let through when several limits apply at once', async () => {
    const limiter = createRateLimiter(server.db);
    const stamp = Date.now();
    const narrow = { key: `narrow:${stamp}`, max: 1, windowSeconds: 60 };
    const wide = { key: `wide:${stamp}`, max: 2, windowSeconds: 60 };
    await limiter.enforce([narrow, wide]);
    for (let i = 0; i < 5; i += 1) {
      await expect(limiter.enforce([narrow, wide])).rejects.toBeInstanceOf(RateLimitedError);
    }
    // The refusals by the narrow limit took nothing from the wide one.
    await expect(limiter.enforce([wide])).resolves.toBeUndefined();
  });
});

describe('a full window', () => {
  it('refuses from memory until its oldest hit leaves it: no transaction a refusal', async () => {
    let transactions = 0;
    const counted = new Proxy(server.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
        return (...args: Parameters<typeof target.transaction>) => {
          transactions += 1;
          return target.transaction(...args);
        };
      },
    });
    const limiter = createRateLimiter(counted);
    const limit = { key: `memory-test:${Date.now()}`, max: 2, windowSeconds: 2 };
    await limiter.enforce([limit]);
    await limiter.enforce([limit]);
    await expect(limiter.enforce([limit])).rejects.toBeInstanceOf(RateLimitedError);
    const afterFirstRefusal = transactions;
    for (let i = 0; i < 20; i += 1) {
      const refusal = await limiter.enforce([limit]).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(RateLimitedError);
      expect((refusal as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((refusal as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(2);
    }
    expect(transactions).toBe(afterFirstRefusal);
    // Once the first hit has left the window, the database is asked again, and takes the hit.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(limiter.enforce([limit])).resolves.toBeUndefined();
    expect(transactions).toBe(afterFirstRefusal + 1);
  });
});

describe('an IPv6 client flooding the sign-in', () => {
  it('is counted by its /64, whichever of its addresses each sign-in comes from', async () => {
    // One subscriber's /64: every address in it is theirs to use.
    const flood = [];
    for (let i = 1; i <= perAddress + 1; i += 1) {
      flood.push(await signInFrom(`2001:db8:7:1::${i.toString(16)}`, 'junk'));
    }
    expect(flood.filter((answer) => answer.status === 401)).toHaveLength(perAddress);
    expect(flood.at(-1)?.status).toBe(429);
    expect(flood.at(-1)?.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
    // The same /64 written out in full is the same client; the next /64 is another one.
    expect((await signInFrom('2001:0db8:0007:0001:ffff:0:0:1', 'junk')).status).toBe(429);
    expect((await signInFrom('2001:db8:7:2::1', 'junk')).status).toBe(401);
  });
});
