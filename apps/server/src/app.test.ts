import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { startTestServer, type TestServer } from './test/test-server.ts';

describe('configuration', () => {
  it('fails with one line naming a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      new ConfigError('Invalid configuration: PORT Invalid input: expected number, received NaN'),
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
  });

  it('refuses the simulator callback tokens with the real provider or live keys, naming the variable', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...secret, XENDIT_BASE_URL: 'https://api.xendit.co' })).toThrow(
      /^Invalid configuration: XENDIT_CALLBACK_TOKEN must be set/,
    );
    expect(() =>
      loadConfig({
        ...secret,
        XENDIT_BASE_URL: 'https://api.xendit.co',
        XENDIT_CALLBACK_TOKEN: 'a-test-mode-token-from-the-dashboard',
      }),
    ).toThrow(/^Invalid configuration: XENDIT_LIVE_CALLBACK_TOKEN must be set/);
    expect(() =>
      loadConfig({ ...secret, XENDIT_LIVE_SECRET_KEY: 'xnd_production_realkey' }),
    ).toThrow(/XENDIT_LIVE_CALLBACK_TOKEN must be set/);
    const real = loadConfig({
      ...secret,
      XENDIT_BASE_URL: 'https://api.xendit.co',
      XENDIT_CALLBACK_TOKEN: 'a-test-mode-token-from-the-dashboard',
      XENDIT_LIVE_CALLBACK_TOKEN: 'a-live-mode-token-from-the-dashboard',
    });
    expect(real.xendit.callbackTokens).toEqual({
      development: 'a-test-mode-token-from-the-dashboard',
      live: 'a-live-mode-token-from-the-dashboard',
    });
    // The simulator on this machine keeps its defaults.
    expect(() => loadConfig({ ...secret, XENDIT_BASE_URL: 'http://127.0.0.1:4010' })).not.toThrow();
  });

  it("lets one address hold a quarter of an instance's sockets unless told otherwise", () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret, MAX_CONNECTIONS: '2000' }).connections).toMatchObject({
      maxConnections: 2000,
      connectionsPerAddress: 500,
    });
    expect(
      loadConfig({ ...secret, MAX_CONNECTIONS: '2000', CONNECTIONS_PER_ADDRESS: '64' }).connections
        .connectionsPerAddress,
    ).toBe(64);
  });

  it('keeps the embedded database to one instance, and runs several on a PostgreSQL server', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...secret, STORE_INSTANCES: '3' })).toThrow(
      new ConfigError(
        'Invalid configuration: STORE_INSTANCES 3 needs DATABASE_URL: the embedded database is single-instance',
      ),
    );
    const config = loadConfig({
      ...secret,
      STORE_INSTANCES: '3',
      DATABASE_URL: 'postgres://store@db.internal/store',
    });
    expect(config.instances).toBe(3);
    expect(loadConfig(secret).instances).toBe(1);
  });

  it('runs the provider simulator as several processes only on a PostgreSQL server', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...secret, XENDIT_SIM_INSTANCES: '2' })).toThrow(
      new ConfigError(
        "Invalid configuration: XENDIT_SIM_INSTANCES 2 needs XENDIT_SIM_DATABASE_URL: the simulator's embedded database is single-process",
      ),
    );
    const config = loadConfig({
      ...secret,
      XENDIT_SIM_INSTANCES: '2',
      XENDIT_SIM_DATABASE_URL: 'postgres://sim@db.internal/sim',
    });
    expect(config.simulators.xendit).toMatchObject({
      instances: 2,
      databaseUrl: 'postgres://sim@db.internal/sim',
    });
    expect(loadConfig(secret).simulators.xendit).toMatchObject({
      instances: 1,
      databaseUrl: undefined,
    });
  });

  it('points sign-in at Google when GOOGLE_CLIENT_ID is set', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(config.identity).toMatchObject({
      clientId: 'abc.apps.googleusercontent.com',
      scriptUrl: 'https://accounts.google.com/gsi/client',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  });
});

describe('the web app and its documents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    mkdirSync(server.config.webDistDir, { recursive: true });
    writeFileSync(`${server.config.webDistDir}/index.html`, '<!doctype html><title>store</title>');
    await server.close();
    server = await startTestServer({ WEB_DIST_DIR: server.config.webDistDir });
  });
  afterAll(() => server?.close());

  it('serves the OpenAPI description at /api/docs', async () => {
    const response = await server.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/products',
        '/api/products/{productId}',
        '/api/subscriptions',
        '/api/subscriptions/{subscriptionId}/run_next_cycle',
      ]),
    );
  });

  it('answers client-side routes with the app and unknown API routes with JSON', async () => {
    const page = await server.app.inject({
      url: '/products/id-ceramic-mug',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>store</title>');
    const api = await server.app.inject({
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json().error_code).toBe('NOT_FOUND');
  });

  it('hands the browser its run-time configuration without secrets', async () => {
    const response = await server.app.inject({ url: '/config.js' });
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain(server.config.identity.clientId);
    expect(response.body).not.toContain(server.config.sessionSecret);
  });
});
