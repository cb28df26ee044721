export { ConfigError, loadConfig, type ServerConfig } from './config.ts';
export { startStoreServer } from './store-server.ts';
export { isStoreInstance, runStoreInstance, startStore } from './instances.ts';
