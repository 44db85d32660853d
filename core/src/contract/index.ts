export * from './common.ts';
export * from './config.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './post.ts';
