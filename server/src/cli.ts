/**
 * The operator's command: `npm run chorus -- <command>` (or `node server/src/cli.ts <command>`
 * in a production image). It works on the configured database (DATABASE_URL, else the
 * embedded one in CHORUS_DATA_DIR, which no running server may hold open) and migrates it
 * first, so it also prepares an empty PostgreSQL database. Exit status: 0 done, 1 failure,
 * 2 bad input, 3 not found, 4 conflict, 64 usage.
 */
import './module-hooks.ts';

// Loaded after the module hooks, so that they see every module of the command.
const { runCli } = await import('./cli-process.ts');
const code = await runCli(process.argv.slice(2), undefined, process);
// Ended at once (as a usage or failure answer always was); a success ends when its work is done.
if (code !== 0) process.exit(code);
