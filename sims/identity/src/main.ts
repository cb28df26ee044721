import { startIdentitySimulator } from './index.ts';

const port = Number(process.env.IDENTITY_SIM_PORT ?? 4020);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid configuration: IDENTITY_SIM_PORT must be a port number`);
  process.exit(1);
}
const simulator = await startIdentitySimulator({
  port,
  publicUrl: process.env.IDENTITY_SIM_PUBLIC_URL,
  dataDir: process.env.IDENTITY_SIM_DATA_DIR ?? './data/identity-sim',
  logger: true,
});
console.log(`identity simulator on ${simulator.url}`);
