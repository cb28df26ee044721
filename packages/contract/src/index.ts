export * from './client.ts';
export * from './endpoint.ts';
export * from './requests.ts';
export * from './api.ts';
export * from './events.ts';
