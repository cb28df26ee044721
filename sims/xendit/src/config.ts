import { createDefaultAccount, type SimulatorAccount } from './accounts.ts';
import type { Latency } from './app.ts';

/** The simulator's configuration from the environment: the only place that reads it. */
export type SimulatorConfig = {
  port: number;
  publicUrl?: string;
  databaseUrl?: string;
  dataDir: string;
  accounts: SimulatorAccount[];
  webhookRetrySchedule?: number[];
  latency?: Latency;
  expireLiveSessions?: boolean;
};

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name}="${raw}" must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name}="${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name}="${raw}" must start with ${protocols.join(' or ')}//`);
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv): SimulatorConfig {
  const port = integer(env, 'XENDIT_SIM_PORT', 4010, 0, 65_535);
  const retries = env.XENDIT_SIM_WEBHOOK_RETRY_SECONDS;
  let webhookRetrySchedule: number[] | undefined;
  if (retries !== undefined && retries !== '') {
    webhookRetrySchedule = retries.split(',').map((part) => Number(part.trim()));
    // Each is counted from the first attempt, as the provider counts them: each comes after the last.
    const increasing = webhookRetrySchedule.every(
      (seconds, index, all) => index === 0 || seconds > (all[index - 1] ?? 0),
    );
    if (
      webhookRetrySchedule.some((seconds) => !Number.isFinite(seconds) || seconds < 0) ||
      !increasing
    ) {
      throw new ConfigError(
        `XENDIT_SIM_WEBHOOK_RETRY_SECONDS="${retries}" must be increasing seconds after the first attempt, separated by commas, e.g. 2,5,10`,
      );
    }
  }
  const latencyMs = integer(env, 'XENDIT_SIM_LATENCY_MS', 0, 0, 60_000);
  const jitterMs = integer(env, 'XENDIT_SIM_LATENCY_JITTER_MS', 0, 0, 60_000);
  const token = (name: string) => {
    const value = env[name];
    if (value !== undefined && value.trim() === '') {
      throw new ConfigError(`${name} must not be blank`);
    }
    return value;
  };
  const callbackToken = token('XENDIT_SIM_CALLBACK_TOKEN');
  const liveCallbackToken = token('XENDIT_SIM_LIVE_CALLBACK_TOKEN');
  return {
    port,
    publicUrl: url(env, 'XENDIT_SIM_PUBLIC_URL', ['http:', 'https:']),
    databaseUrl: url(env, 'XENDIT_SIM_DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: env.XENDIT_SIM_DATA_DIR || './data/xendit-sim',
    accounts: [
      createDefaultAccount({
        webhookUrl: url(env, 'XENDIT_SIM_WEBHOOK_URL', ['http:', 'https:']),
        callbackToken,
        liveCallbackToken,
      }),
    ],
    webhookRetrySchedule,
    latency: latencyMs || jitterMs ? { ms: latencyMs, jitterMs } : undefined,
    expireLiveSessions: env.XENDIT_SIM_EXPIRE_LIVE_SESSIONS === '1',
  };
}
