import { ConfigError, startStoreServer } from './index.ts';

try {
  await startStoreServer();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
