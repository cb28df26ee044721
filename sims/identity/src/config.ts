/** Start-up fails with one line naming the variable, rather than later with a stack trace. */
export class ConfigError extends Error {}

export interface IdentitySimulatorConfig {
  port: number;
  publicUrl: string | undefined;
  dataDir: string;
}

/** The identity simulator's configuration, read and checked here only. */
export function loadConfig(env: NodeJS.ProcessEnv): IdentitySimulatorConfig {
  const port = Number(env.IDENTITY_SIM_PORT ?? 4020);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError('Invalid configuration: IDENTITY_SIM_PORT must be a port number');
  }
  const publicUrl = env.IDENTITY_SIM_PUBLIC_URL;
  if (publicUrl !== undefined && !/^https?:\/\/\S+$/.test(publicUrl)) {
    throw new ConfigError('Invalid configuration: IDENTITY_SIM_PUBLIC_URL must be an http(s) URL');
  }
  return { port, publicUrl, dataDir: env.IDENTITY_SIM_DATA_DIR || './data/identity-sim' };
}
