export * from './api-error.ts';
export * from './token-store.ts';
export * from './api-client.ts';
export * from './sign-in.ts';
export * from './invite.ts';
export * from './recovery.ts';
