import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults and reads the port, URL and data directory', () => {
    expect(loadConfig({})).toEqual({
      port: 4020,
      publicUrl: undefined,
      dataDir: './data/identity-sim',
    });
    expect(
      loadConfig({
        IDENTITY_SIM_PORT: '5020',
        IDENTITY_SIM_PUBLIC_URL: 'https://id.example.com',
        IDENTITY_SIM_DATA_DIR: '/tmp/id',
      }),
    ).toEqual({ port: 5020, publicUrl: 'https://id.example.com', dataDir: '/tmp/id' });
  });

  it.each([
    [{ IDENTITY_SIM_PORT: 'abc' }, 'IDENTITY_SIM_PORT'],
    [{ IDENTITY_SIM_PORT: '70000' }, 'IDENTITY_SIM_PORT'],
    [{ IDENTITY_SIM_PUBLIC_URL: 'not a url' }, 'IDENTITY_SIM_PUBLIC_URL'],
  ])('fails with one line naming %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}`));
  });
});
