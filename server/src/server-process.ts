/**
 * The server process, started by `node server/src/main.ts [--role=api|worker|all]`. It opens and
 * migrates the database, seeds the demo data on a first embedded start, starts the job
 * system and, unless it is a worker, serves HTTP. SIGTERM and SIGINT shut it down cleanly.
 */
import { parseArgs } from 'node:util';
import { createChorusBot } from '@chorus/bot';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, companyOrigin, loadConfigFromProcess, type Config } from './config.ts';
import { createConversationStore } from './db/conversation-store.ts';
import { DataFolderError } from './db/data-folder.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { encryptSecretsAtRest } from './db/secrets-at-rest.ts';
import { createMediaStore, publishLocalFolder } from './lib/media-store.ts';
import { REDACTED, REDACT_PATHS } from './plugins/log-redaction.ts';
import { logDestination } from './lib/log-output.ts';
import { startJobRunner } from './jobs/job-runner.ts';
import { connectorPublisher } from './jobs/deliver-share-publisher.ts';
import { botRoutes, botServiceUrlRule } from './routes/bot/routes.ts';
import { seedDemoData } from './seed/seed.ts';
import { demoInviteLinks, mailDemoInvites, readDemoInviteLinks, writeDemoInviteLinks } from './seed/demo-invites.ts';
import { demoSignInsTable } from './seed/sign-ins.ts';

const ROLES = ['api', 'worker', 'all'] as const;
type ProcessRole = (typeof ROLES)[number];

function readRole(): ProcessRole {
  const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } }, allowPositionals: true });
  const role = ROLES.find((r) => r === values.role);
  if (!role) {
    process.stderr.write(`--role must be one of ${ROLES.join(', ')}\n`);
    process.exit(1);
  }
  return role;
}

function readConfig(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Opens the database; a data folder that is held or unusable ends start-up with one line. */
async function openOrExplain(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DataFolderError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const role = readRole();
  const config = readConfig();
  const destination = logDestination(config);
  const options = { level: config.logLevel, redact: { paths: REDACT_PATHS, censor: REDACTED } };
  const log = destination === undefined ? pino(options) : pino(options, destination);

  const database = await openOrExplain(config);
  log.info({ database: database.driver.kind }, 'database ready');
  // The worker's store (queued shares read their media through it); the app opens its own.
  const media = createMediaStore(config);
  if (config.seed === 'auto' && database.driver.kind === 'pglite') {
    const started = Date.now();
    const result = await seedDemoData(database.db, { mediaDir: config.mediaDir });
    if (result.seeded) {
      // The seed renders its media into the local folder; a bucket gets a copy.
      await publishLocalFolder(media, config.mediaDir, 'demo');
      log.info({ ms: Date.now() - started, posts: result.posts }, 'demo data seeded');
      await writeDemoInviteLinks(config, demoInviteLinks(config, result.invites));
      await mailDemoInvites({ db: database.db, config }, config, result.invites);
    }
  }

  // Secrets at rest: plain ones from before encryption, and old-key ones, move to the current key.
  const secrets = await encryptSecretsAtRest(database.db, config);
  if (secrets.encrypted > 0) log.info({ encrypted: secrets.encrypted }, 'secrets at rest encrypted under the current key');
  if (secrets.unreadable > 0) log.error({ unreadable: secrets.unreadable }, `secrets at rest under an unknown key: ${secrets.problem ?? ''}`);

  const bot = createChorusBot({
    ...(config.bot.appId === null ? {} : { appId: config.bot.appId }),
    ...(config.bot.appPassword === null ? {} : { appPassword: config.bot.appPassword }),
    ...(config.bot.tenantId === null ? {} : { appTenantId: config.bot.tenantId }),
    store: createConversationStore(database.db),
    serviceUrlAllowed: botServiceUrlRule(config),
    teamsAppId: config.teams.appId,
    tabEntityId: config.teams.tabEntityId,
  });
  const jobs = await startJobRunner({ database, config, work: role !== 'api', notifier: bot.notifier, publisher: connectorPublisher({ db: database.db, config, media }), log });
  const app =
    role === 'worker' ? null : await buildApp({ config, database, jobs, notifier: bot.notifier, plugins: [botRoutes(bot)] });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      if (app) await app.close();
      await jobs.stop();
      media.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  if (app) {
    await app.listen({ port: config.port, host: config.host });
    log.info(`Chorus is running at ${companyOrigin(config, 'acme')}`);
    if (database.driver.kind === 'pglite') process.stdout.write(`\n${demoSignInsTable(config, await readDemoInviteLinks(config))}\n\n`);
  } else {
    log.info('worker running');
  }
}

await main();
