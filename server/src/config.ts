/**
 * The server's one configuration module: every environment variable is read and validated
 * here, and start-up fails with every problem listed at once (STYLE rule 8).
 */
import { oauthEndpoints, type OAuthEndpoints } from './auth/oauth-networks.ts';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSecretKey } from './lib/secrets.ts';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Log levels understood by Fastify's logger (pino). */
export type LogLevel = (typeof LOG_LEVELS)[number];

const postgresUrl = z
  .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
  .optional();

/** Bot Framework channel hosts a bot activity's `serviceUrl` may name (`*.` matches any subdomain). */
export const DEFAULT_BOT_SERVICE_URL_HOSTS = [
  'smba.trafficmanager.net',
  'smba.infra.gcc.teams.microsoft.com',
  'smba.infra.gov.teams.microsoft.us',
  'smba.infra.dod.teams.microsoft.us',
  '*.botframework.com',
  '*.botframework.azure.us',
] as const;

/** Names proxy-addr (Fastify's `trustProxy`) understands in place of an address range. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, an address/prefix range, or one of proxy-addr's named ranges. */
function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-* headers are believed: off (the default, `off`), the number of
 * proxy hops in front of the server, or a comma-separated list of proxy addresses and ranges.
 * Trusting every sender would let anyone choose the address that rate limits count.
 */
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim().toLowerCase();
    if (value === 'off' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((a) => a.trim()).filter((a) => a !== '');
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({ code: 'custom', message: 'must be off, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges' });
    return z.NEVER;
  })
  .optional();

const SECRET_KEY_FORMAT = 'must be 32 random bytes in base64 or hex (openssl rand -base64 32)';

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  // Unset: loopback outside production (the development tools stay on this machine), every
  // interface in production.
  HOST: z.string().min(1).optional(),
  CHORUS_DATA_DIR: z.string().min(1).default('./.chorus'),
  DATABASE_URL: postgresUrl,
  CHORUS_BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as localhost or chorus.example.com')
    .transform((v) => v.toLowerCase())
    .default('localhost'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  CHORUS_SEED: z.enum(['auto', 'never']).default('auto'),
  TEAMS_APP_ID: z.string().default(''),
  TEAMS_TAB_ENTITY_ID: z.string().min(1).default('chorus-home'),
  BOT_APP_ID: z.string().optional(),
  BOT_APP_PASSWORD: z.string().optional(),
  BOT_TENANT_ID: z.string().optional(),
  BOT_SERVICE_URL_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== ''))
    .refine((list) => list.length > 0 && list.every((h) => /^(\*\.)?[a-z0-9.-]+$/.test(h)), 'must be a comma-separated list of host names, each optionally starting with *.')
    .optional(),
  CHORUS_TRUST_PROXY: trustProxy,
  CHORUS_WEB_DIST: z.string().min(1).default('web/dist'),
  CHORUS_TAB_DIST: z.string().min(1).default('tabs/dist'),
  CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(20),
  CHORUS_RATE_LIMIT_API_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(600),
  CHORUS_CACHE_TTL_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').max(60_000, 'must be at most 60000').default(5000),
  CHORUS_DELIVERY_LEASE_SECONDS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').default(300),
  CHORUS_DELIVERY_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0.5, 'must be 0.5 or more').max(60, 'must be at most 60').default(5),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Chorus <no-reply@chorus.localhost>'),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  X_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.x.com'),
  LINKEDIN_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.linkedin.com'),
  LINKEDIN_API_VERSION: z.string().regex(/^\d{6}$/, 'must be a LinkedIn-Version, YYYYMM').default('202510'),
  FACEBOOK_GRAPH_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://graph.facebook.com'),
  FACEBOOK_GRAPH_VERSION: z.string().regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v24.0').default('v24.0'),
  CHORUS_SANDBOX_NETWORKS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  CHORUS_FETCH_ALLOW_ADDRESSES: z
    .string()
    .transform((v) => v.split(',').map((a) => a.trim()).filter((a) => a !== ''))
    .refine((list) => list.every((a) => isIP(a) !== 0), 'must be a comma-separated list of IP addresses')
    .optional(),
  CHORUS_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)').optional(),
  CHORUS_S3_REGION: z.string().min(1).default('us-east-1'),
  CHORUS_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  CHORUS_S3_FORCE_PATH_STYLE: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  CHORUS_S3_ACCESS_KEY_ID: z.string().optional(),
  CHORUS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  CHORUS_S3_PREFIX: z.string().regex(/^([\w.-]+\/)*$/, 'must be empty or end with / (e.g. chorus/)').default(''),
  CHORUS_METRICS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  CHORUS_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
  CHORUS_SECRET_KEY: z
    .string()
    .refine((v) => parseSecretKey(v) !== null, SECRET_KEY_FORMAT)
    .transform((v) => parseSecretKey(v) ?? Buffer.alloc(0))
    .optional(),
  CHORUS_SECRET_KEY_PREVIOUS: z
    .string()
    .transform((v) => v.split(',').map((k) => k.trim()).filter((k) => k !== ''))
    .refine((list) => list.every((k) => parseSecretKey(k) !== null), `must be a comma-separated list of keys, each ${SECRET_KEY_FORMAT.replace(/^must be /, '')}`)
    .transform((list) => list.map((k) => parseSecretKey(k) ?? Buffer.alloc(0)))
    .optional(),
});

/** The OAuth client of one network, configured when both its id and secret are set. */
export interface NetworkClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the network lives; the real services unless a test points at a local fake. */
  endpoints?: OAuthEndpoints;
  /** LinkedIn's API version (LINKEDIN_API_VERSION), for its REST calls. */
  apiVersion?: string;
}

/** The sharing networks' API base URLs (no trailing slash) and versions. */
export interface NetworkApis {
  xApiBaseUrl: string;
  linkedinApiBaseUrl: string;
  /** The `LinkedIn-Version` header (YYYYMM); LinkedIn serves each version for about a year. */
  linkedinApiVersion: string;
  facebookGraphBaseUrl: string;
  /** The Graph API version path segment, such as v24.0. */
  facebookGraphVersion: string;
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
  /**
   * How log lines are written: `pretty` (one coloured line per request and event, for a
   * developer's terminal; the default in development) or `json` (one JSON object a line, for log
   * collectors; the default in production and tests).
   */
  logFormat: 'json' | 'pretty';
  seed: 'auto' | 'never';
  teams: { appId: string; tabEntityId: string };
  bot: {
    appId: string | null;
    appPassword: string | null;
    tenantId: string | null;
    /** Hosts an activity's `serviceUrl` may name (`*.example.com` for subdomains). */
    serviceUrlHosts: readonly string[];
  };
  /** Fastify's `trustProxy`: false, a hop count, or proxy addresses and ranges. */
  trustProxy: false | number | readonly string[];
  webDist: string;
  tabDist: string;
  /** Requests per minute and client IP (error 425); 0 turns a limit off. */
  rateLimit: { authPerMinute: number; apiPerMinute: number };
  /**
   * How long the library's feed and list answers may be reused (ms) when no write has happened
   * since; 0 turns the read caches off.
   */
  cacheTtlMs: number;
  /**
   * Queued share delivery: a share left in `publishing` longer than `leaseSeconds` (a worker
   * died) is recovered, never re-sent; every `sweepSeconds` a worker hands due shares that no
   * job took to the queue.
   */
  delivery: { leaseSeconds: number; sweepSeconds: number };
  /** Outgoing mail: every mail is kept in the outbox; with an SMTP URL it is also sent. */
  mail: { smtpUrl: string | null; from: string };
  /**
   * Where the sharing networks' APIs live and which versions are spoken (connectors/): the real
   * services by default; tests point them at local fake servers.
   */
  networkApis: NetworkApis;
  /**
   * The OpenAI-compatible chat completions API that writes AI-assisted captions; null uses the
   * embedded offline writer.
   */
  ai: { baseUrl: string; apiKey: string; model: string } | null;
  /** Real OAuth clients of the sharing networks; a network without one uses the sandbox. */
  networks: { twitter: NetworkClientConfig | null; linkedin: NetworkClientConfig | null; facebook: NetworkClientConfig | null };
  /**
   * Whether a network without a real client falls back to the embedded sandbox (sign-in and
   * linking). A development and demo aid: on by default outside production, off in production
   * unless CHORUS_SANDBOX_NETWORKS=on.
   */
  sandboxNetworks: boolean;
  /**
   * Non-public addresses the SSRF guard lets the server fetch (suggested links and their
   * images). Empty except in the end-to-end suite, which serves a page on 127.0.0.2;
   * production refuses any.
   */
  fetchAllowAddresses: readonly string[];
  /**
   * Keys of the secrets at rest (lib/secrets.ts): the current one encrypts, previous ones
   * still decrypt. Without a current key (development and tests) one is generated into the
   * data folder; production refuses to start without it.
   */
  secretKeys: { current: Buffer | null; previous: readonly Buffer[] };
  /** The S3-compatible bucket media is kept in; null keeps media in `mediaDir` (lib/media-store.ts). */
  mediaStore: {
    bucket: string;
    region: string;
    endpoint: string | null;
    forcePathStyle: boolean;
    credentials: { accessKeyId: string; secretAccessKey: string } | null;
    prefix: string;
  } | null;
  /**
   * Prometheus metrics at /metrics: off (404) unless CHORUS_METRICS=on or a token is set; with
   * a token the scraper must send it as a bearer token.
   */
  metrics: { enabled: boolean; token: string | null };
}

function networkClient(
  names: [string, string],
  id: string | undefined,
  secret: string | undefined,
  problems: string[],
  where: Pick<NetworkClientConfig, 'endpoints' | 'apiVersion'>,
): NetworkClientConfig | null {
  if (id && secret) return { clientId: id, clientSecret: secret, ...where };
  if (id || secret) problems.push(`${id ? names[1] : names[0]}: must be set together with ${id ? names[0] : names[1]}`);
  return null;
}

/**
 * Settings production refuses to start with, one line each, listed with every other problem.
 * (The bot without credentials is not one: it is switched off and the start-up log says why.)
 */
function productionProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if ((e.CHORUS_FETCH_ALLOW_ADDRESSES ?? []).length > 0) {
    problems.push('CHORUS_FETCH_ALLOW_ADDRESSES: must not be set in production (it opens the SSRF guard)');
  }
  if (e.CHORUS_SECRET_KEY === undefined) {
    problems.push(`CHORUS_SECRET_KEY: must be set in production (it encrypts social tokens and OIDC client secrets); ${SECRET_KEY_FORMAT.replace(/^must be /, '')}`);
  }
  return problems;
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
  const trim = (url: string): string => url.replace(/\/+$/, '');
  const networkApis: NetworkApis = {
    xApiBaseUrl: trim(e.X_API_BASE_URL),
    linkedinApiBaseUrl: trim(e.LINKEDIN_API_BASE_URL),
    linkedinApiVersion: e.LINKEDIN_API_VERSION,
    facebookGraphBaseUrl: trim(e.FACEBOOK_GRAPH_BASE_URL),
    facebookGraphVersion: e.FACEBOOK_GRAPH_VERSION,
  };
  const networks = {
    twitter: networkClient(['X_CLIENT_ID', 'X_CLIENT_SECRET'], e.X_CLIENT_ID, e.X_CLIENT_SECRET, problems, { endpoints: oauthEndpoints('twitter', networkApis) }),
    linkedin: networkClient(['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'], e.LINKEDIN_CLIENT_ID, e.LINKEDIN_CLIENT_SECRET, problems, {
      endpoints: oauthEndpoints('linkedin', networkApis),
      apiVersion: networkApis.linkedinApiVersion,
    }),
    facebook: networkClient(['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'], e.FACEBOOK_APP_ID, e.FACEBOOK_APP_SECRET, problems, { endpoints: oauthEndpoints('facebook', networkApis) }),
  };
  const fetchAllowAddresses = e.CHORUS_FETCH_ALLOW_ADDRESSES ?? [];
  if ((e.CHORUS_S3_ACCESS_KEY_ID === undefined) !== (e.CHORUS_S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('CHORUS_S3_ACCESS_KEY_ID: must be set together with CHORUS_S3_SECRET_ACCESS_KEY');
  }
  if (e.NODE_ENV === 'production') problems.push(...productionProblems(e));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    pgDataDir: path.join(dataDir, 'pgdata'),
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL ?? null,
    baseDomain: e.CHORUS_BASE_DOMAIN,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    seed: e.CHORUS_SEED,
    teams: { appId: e.TEAMS_APP_ID, tabEntityId: e.TEAMS_TAB_ENTITY_ID },
    bot: {
      appId: e.BOT_APP_ID ?? null,
      appPassword: e.BOT_APP_PASSWORD ?? null,
      tenantId: e.BOT_TENANT_ID ?? null,
      serviceUrlHosts: e.BOT_SERVICE_URL_HOSTS ?? DEFAULT_BOT_SERVICE_URL_HOSTS,
    },
    trustProxy: e.CHORUS_TRUST_PROXY ?? false,
    webDist: fromRoot(e.CHORUS_WEB_DIST),
    tabDist: fromRoot(e.CHORUS_TAB_DIST),
    rateLimit: { authPerMinute: e.CHORUS_RATE_LIMIT_AUTH_PER_MINUTE, apiPerMinute: e.CHORUS_RATE_LIMIT_API_PER_MINUTE },
    cacheTtlMs: e.CHORUS_CACHE_TTL_MS,
    delivery: { leaseSeconds: e.CHORUS_DELIVERY_LEASE_SECONDS, sweepSeconds: e.CHORUS_DELIVERY_SWEEP_SECONDS },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    networkApis,
    networks,
    ai: e.AI_API_KEY ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL } : null,
    sandboxNetworks: e.CHORUS_SANDBOX_NETWORKS ? e.CHORUS_SANDBOX_NETWORKS === 'on' : e.NODE_ENV !== 'production',
    fetchAllowAddresses,
    secretKeys: { current: e.CHORUS_SECRET_KEY ?? null, previous: e.CHORUS_SECRET_KEY_PREVIOUS ?? [] },
    mediaStore:
      e.CHORUS_S3_BUCKET === undefined
        ? null
        : {
            bucket: e.CHORUS_S3_BUCKET,
            region: e.CHORUS_S3_REGION,
            endpoint: e.CHORUS_S3_ENDPOINT ?? null,
            forcePathStyle: e.CHORUS_S3_FORCE_PATH_STYLE === 'on',
            credentials:
              e.CHORUS_S3_ACCESS_KEY_ID !== undefined && e.CHORUS_S3_SECRET_ACCESS_KEY !== undefined
                ? { accessKeyId: e.CHORUS_S3_ACCESS_KEY_ID, secretAccessKey: e.CHORUS_S3_SECRET_ACCESS_KEY }
                : null,
            prefix: e.CHORUS_S3_PREFIX,
          },
    metrics: { enabled: e.CHORUS_METRICS === 'on' || e.CHORUS_METRICS_TOKEN !== undefined, token: e.CHORUS_METRICS_TOKEN ?? null },
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
