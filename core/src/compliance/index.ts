export * from './normalise.ts';
export * from './matcher.ts';
