export * from './api-error.ts';
export * from './token-store.ts';
export * from './api-client.ts';
