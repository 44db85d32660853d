/**
 * The server process: `node server/src/main.ts [--role=api|worker|all]`. It opens and
 * migrates the database, seeds the demo data on a first embedded start, starts the job
 * system and, unless it is a worker, serves HTTP. SIGTERM and SIGINT shut it down cleanly.
 */
import './module-hooks.ts';

// Loaded after the module hooks, so that they see every module of the process.
await import('./server-process.ts');
