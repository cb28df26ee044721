import { describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { apiResponses } from './responses.ts';
import { apiRoutes, type ApiName } from './routes.ts';

describe('api', () => {
  it.each(Object.keys(apiRoutes) as ApiName[])(
    '%s is built from its route and its response schema',
    (name) => {
      expect(api[name]).toMatchObject(apiRoutes[name]);
      expect(api[name].response).toBe(apiResponses[name]);
    },
  );

  it('has no call without a route', () => {
    expect(Object.keys(api).sort()).toEqual(Object.keys(apiRoutes).sort());
  });
});
