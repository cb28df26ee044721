import { ConfigError, loadConfig } from './config.ts';
import { startIdentitySimulator } from './index.ts';

try {
  const config = loadConfig(process.env);
  const simulator = await startIdentitySimulator({ ...config, logger: true });
  console.log(`identity simulator on ${simulator.url}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
