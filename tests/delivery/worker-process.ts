/**
 * A worker process of the delivery tests and benchmark: the real job runner in the worker role
 * with the real connector publisher, configured from the environment like `--role=worker`. It
 * prints `ready` once its queues are worked and exits by itself once no share is left queued or
 * publishing, so a PGlite database can be read by the parent afterwards.
 */
import { pino } from 'pino';
import { loadConfigFromProcess } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { undeliveredShareCount } from '../../server/src/jobs/deliver-share.ts';
import { connectorPublisher } from '../../server/src/jobs/deliver-share-publisher.ts';
import { startJobRunner } from '../../server/src/jobs/job-runner.ts';
import { createMediaStore } from '../../server/src/lib/media-store.ts';

const config = loadConfigFromProcess();
const database = await openDatabase(config);
const log = pino({ level: config.logLevel });
const runner = await startJobRunner({ database, config, work: true, notifier: null, publisher: connectorPublisher({ db: database.db, config, media: createMediaStore(config) }), log });
process.stdout.write('ready\n');

for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  if ((await undeliveredShareCount(database.db)) === 0) break;
}
await runner.stop();
await database.close();
process.stdout.write('done\n');
process.exit(0);
