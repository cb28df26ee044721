import { ConfigError, loadConfig } from './config.ts';
import { startXenditSimulator } from './index.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`xendit simulator: ${error.message}`);
  process.exit(1);
}

const simulator = await startXenditSimulator({
  ...config,
  logger: true,
});
const account = config.accounts[0];
console.log(`Payments provider simulator on ${simulator.url}`);
if (account) {
  console.log(`  test secret key ${account.testSecretKey}, public key ${account.testPublicKey}`);
  console.log(`  webhooks to ${account.webhookUrl}, one x-callback-token per mode`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
