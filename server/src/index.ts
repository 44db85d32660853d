/** The server package's public surface. */
export { buildApp, type BuildAppOptions, type RoutePlugin } from './app.ts';
export { loadConfig, loadConfigFromProcess, companyOrigin, ConfigError, type Config } from './config.ts';
export { openDatabase, type Database, type DatabaseHandle } from './db/database.ts';
export { createConversationStore } from './db/conversation-store.ts';
export { startJobRunner, type JobRunner } from './jobs/job-runner.ts';
export type { AppContext, JobQueue } from './lib/context.ts';
export { seedDemoData } from './seed/seed.ts';
