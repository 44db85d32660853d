/**
 * The server's one configuration module: every environment variable is read and validated
 * here, and start-up fails with every problem listed at once (STYLE rule 8).
 */
import type { OAuthEndpoints } from './auth/oauth-networks.ts';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Log levels understood by Fastify's logger (pino). */
export type LogLevel = (typeof LOG_LEVELS)[number];

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  CHORUS_DATA_DIR: z.string().min(1).default('./.chorus'),
  DATABASE_URL: postgresUrl,
  CHORUS_BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or chorus.example.com')
    .transform((v) => v.toLowerCase())
    .default('localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  CHORUS_SEED: z.enum(['auto', 'never']).default('auto'),
  TEAMS_APP_ID: z.string().default(''),
  TEAMS_TAB_ENTITY_ID: z.string().min(1).default('chorus-home'),
  BOT_APP_ID: z.string().optional(),
  BOT_APP_PASSWORD: z.string().optional(),
  BOT_TENANT_ID: z.string().optional(),
  CHORUS_WEB_DIST: z.string().min(1).default('web/dist'),
  CHORUS_TAB_DIST: z.string().min(1).default('tabs/dist'),
  CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(20),
  CHORUS_RATE_LIMIT_API_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(600),
  CHORUS_CACHE_TTL_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').max(60_000, 'must be at most 60000').default(5000),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Chorus <no-reply@chorus.localhost>'),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  CHORUS_FETCH_ALLOW_ADDRESSES: z
    .string()
    .transform((v) => v.split(',').map((a) => a.trim()).filter((a) => a !== ''))
    .refine((list) => list.every((a) => isIP(a) !== 0), 'must be a comma-separated list of IP addresses')
    .optional(),
});

/** The OAuth client of one network, configured when both its id and secret are set. */
export interface NetworkClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the network lives; the real services unless a test points at a local fake. */
  endpoints?: OAuthEndpoints;
}

/** The validated server configuration. */
export interface Config {
  port: number;
  host: string;
  /** Absolute data folder: PGlite data in `pgdata/`, media in `media/`. */
  dataDir: string;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  pgDataDir: string;
  mediaDir: string;
  /** PostgreSQL connection string; null selects the embedded PGlite database. */
  databaseUrl: string | null;
  baseDomain: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: LogLevel;
  seed: 'auto' | 'never';
  teams: { appId: string; tabEntityId: string };
  bot: { appId: string | null; appPassword: string | null; tenantId: string | null };
  webDist: string;
  tabDist: string;
  /** Requests per minute and client IP (error 425); 0 turns a limit off. */
  rateLimit: { authPerMinute: number; apiPerMinute: number };
  /**
   * How long the library's feed and list answers may be reused (ms) when no write has happened
   * since; 0 turns the read caches off.
   */
  cacheTtlMs: number;
  /** Outgoing mail: every mail is kept in the outbox; with an SMTP URL it is also sent. */
  mail: { smtpUrl: string | null; from: string };
  /** Real OAuth clients of the sharing networks; a network without one uses the sandbox. */
  networks: { twitter: NetworkClientConfig | null; linkedin: NetworkClientConfig | null; facebook: NetworkClientConfig | null };
  /**
   * Non-public addresses the SSRF guard lets the server fetch (suggested links and their
   * images). Empty except in the end-to-end suite, which serves a page on 127.0.0.2;
   * production refuses any.
   */
  fetchAllowAddresses: readonly string[];
}

function networkClient(names: [string, string], id: string | undefined, secret: string | undefined, problems: string[]): NetworkClientConfig | null {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret) problems.push(`${id ? names[1] : names[0]}: must be set together with ${id ? names[0] : names[1]}`);
  return null;
}

/** Thrown by loadConfig; its message lists every bad variable, one per line. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function fromRoot(value: string): string {
  return path.resolve(REPO_ROOT, value);
}

/**
 * Validates the environment and returns the typed configuration, or throws a ConfigError
 * naming every problem. Empty variables count as unset, as shells often export them empty.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const byVariable = new Map<string, string[]>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      byVariable.set(name, [...(byVariable.get(name) ?? []), issue.message]);
    }
    throw new ConfigError([...byVariable].map(([name, messages]) => `${name}: ${messages.join('; ')}`));
  }
  const e = parsed.data;
  const dataDir = fromRoot(e.CHORUS_DATA_DIR);
  const problems: string[] = [];
  const networks = {
    twitter: networkClient(['X_CLIENT_ID', 'X_CLIENT_SECRET'], e.X_CLIENT_ID, e.X_CLIENT_SECRET, problems),
    linkedin: networkClient(['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'], e.LINKEDIN_CLIENT_ID, e.LINKEDIN_CLIENT_SECRET, problems),
    facebook: networkClient(['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'], e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET, problems),
  };
  const fetchAllowAddresses = e.CHORUS_FETCH_ALLOW_ADDRESSES ?? [];
  if (fetchAllowAddresses.length > 0 && e.NODE_ENV === 'production') {
    problems.push('CHORUS_FETCH_ALLOW_ADDRESSES: must not be set in production (it opens the SSRF guard)');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgDataDir: path.join(dataDir, 'pgdata'),
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL ?? null,
    baseDomain: e.CHORUS_BASE_DOMAIN,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seed: e.CHORUS_SEED,
    teams: { appId: e.TEAMS_APP_ID, tabEntityId: e.TEAMS_TAB_ENTITY_ID },
    bot: { appId: e.BOT_APP_ID ?? null, appPassword: e.BOT_APP_PASSWORD ?? null, tenantId: e.BOT_TENANT_ID ?? null },
    webDist: fromRoot(e.CHORUS_WEB_DIST),
    tabDist: fromRoot(e.CHORUS_TAB_DIST),
    rateLimit: { authPerMinute: e.CHORUS_RATE_LIMIT_AUTH_PER_MINUTE, apiPerMinute: e.CHORUS_RATE_LIMIT_API_PER_MINUTE },
    cacheTtlMs: e.CHORUS_CACHE_TTL_MS,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    networks,
    fetchAllowAddresses,
  };
}

/** Reads the configuration from the process environment: the only place that touches it. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}

/**
 * The browser origin of a company's subdomain. Production sits behind TLS on the default
 * port; development serves plain HTTP on the configured port.
 */
export function companyOrigin(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>, subdomain: string): string {
  return config.nodeEnv === 'production'
    ? `https://${subdomain}.${config.baseDomain}`
    : `http://${subdomain}.${config.baseDomain}:${config.port}`;
}

/**
 * PostgreSQL server the test suite uses instead of PGlite when TEST_DATABASE_URL is set;
 * each test file creates and drops its own database there.
 */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string | null {
  const value = env.TEST_DATABASE_URL?.trim();
  if (!value) return null;
  const parsed = postgresUrl.safeParse(value);
  if (!parsed.success) throw new ConfigError([`TEST_DATABASE_URL: must be a postgres:// or postgresql:// URL`]);
  return value;
}
