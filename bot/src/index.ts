export * from './notifier.ts';
