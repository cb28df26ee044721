import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4010);
    expect(config.dataDir).toBe('./data/xendit-sim');
    expect(config.accounts[0]).toMatchObject({
      testSecretKey: 'xnd_development_simulator',
      callbackToken: 'simulator-callback-token',
      liveCallbackToken: 'simulator-live-callback-token',
      webhookUrl: 'http://localhost:3000/api/webhooks/xendit',
    });
    expect(config.webhookRetrySchedule).toBeUndefined();
  });

  it('reads the retry schedule, latency, token and URLs', () => {
    const config = loadConfig({
      XENDIT_SIM_WEBHOOK_RETRY_SECONDS: '2, 5,10',
      XENDIT_SIM_LATENCY_MS: '150',
      XENDIT_SIM_LATENCY_JITTER_MS: '50',
      XENDIT_SIM_CALLBACK_TOKEN: 'secret-token',
      XENDIT_SIM_LIVE_CALLBACK_TOKEN: 'live-secret-token',
      XENDIT_SIM_WEBHOOK_URL: 'http://store:3000/hooks',
      XENDIT_SIM_DATABASE_URL: 'postgres://sim@db/sim',
    });
    expect(config.webhookRetrySchedule).toEqual([2, 5, 10]);
    expect(config.latency).toEqual({ ms: 150, jitterMs: 50 });
    expect(config.accounts[0]).toMatchObject({
      callbackToken: 'secret-token',
      liveCallbackToken: 'live-secret-token',
      webhookUrl: 'http://store:3000/hooks',
    });
    expect(config.databaseUrl).toBe('postgres://sim@db/sim');
  });

  it.each([
    [{ XENDIT_SIM_PORT: 'abc' }, 'XENDIT_SIM_PORT'],
    [{ XENDIT_SIM_PORT: '70000' }, 'XENDIT_SIM_PORT'],
    [{ XENDIT_SIM_WEBHOOK_RETRY_SECONDS: '2,soon' }, 'XENDIT_SIM_WEBHOOK_RETRY_SECONDS'],
    // Counted from the first attempt, a later retry at an earlier time makes no sense.
    [{ XENDIT_SIM_WEBHOOK_RETRY_SECONDS: '10,5' }, 'XENDIT_SIM_WEBHOOK_RETRY_SECONDS'],
    [{ XENDIT_SIM_WEBHOOK_URL: 'not a url' }, 'XENDIT_SIM_WEBHOOK_URL'],
    [{ XENDIT_SIM_DATABASE_URL: 'mysql://x' }, 'XENDIT_SIM_DATABASE_URL'],
    [{ XENDIT_SIM_LATENCY_MS: '-5' }, 'XENDIT_SIM_LATENCY_MS'],
    [{ XENDIT_SIM_CALLBACK_TOKEN: ' ' }, 'XENDIT_SIM_CALLBACK_TOKEN'],
  ])('fails with one line naming the bad value: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name}`));
  });
});
