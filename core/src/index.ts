export * from './domain/enums.ts';
export * from './domain/constants.ts';
export * from './domain/errors.ts';
export * from './contract/index.ts';
export * from './client/index.ts';
export * from './validation/index.ts';
export * from './compliance/index.ts';
export * from './queue/index.ts';
