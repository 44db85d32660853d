export * from './api-error.ts';
export * from './token-store.ts';
export * from './api-client.ts';
export * from './sign-in.ts';
export * from './invite.ts';
export * from './recovery.ts';
export * from './sso.ts';
export * from './social-sign-in.ts';
