import { startStoreServer } from '../src/index.ts';

// The storefront as its own process, configured by the environment, for the crash test: it says
// where it listens on stdout once it is ready.
const store = await startStoreServer(process.env);
process.stdout.write(`READY ${store.url}\n`);
process.on('SIGTERM', () => {
  void store.close().then(() => process.exit(0));
});
