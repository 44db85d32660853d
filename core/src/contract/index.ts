export * from './common.ts';
export * from './config.ts';
export * from './auth.ts';
export * from './recovery.ts';
export * from './sign-in.ts';
export * from './user.ts';
export * from './post.ts';
export * from './invite.ts';
