import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_BOT_SERVICE_URL_HOSTS, REPO_ROOT, companyOrigin, loadConfig, testDatabaseUrl } from './config.ts';

/** One key in both spellings the configuration accepts. */
const KEY = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
const KEY_HEX = KEY.toString('hex');
const KEY_BASE64 = KEY.toString('base64');

function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      baseDomain: 'localhost',
      nodeEnv: 'development',
      logLevel: 'info',
      logFormat: 'pretty',
      seed: 'auto',
      teams: { appId: '', tabEntityId: 'chorus-home' },
      bot: { appId: null, appPassword: null, tenantId: null, serviceUrlHosts: DEFAULT_BOT_SERVICE_URL_HOSTS },
      trustProxy: false,
      rateLimit: { authPerMinute: 20, apiPerMinute: 600 },
      networks: { twitter: null, linkedin: null, facebook: null },
      fetchAllowAddresses: [],
      secretKeys: { current: null, previous: [] },
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, '.chorus'));
    expect(config.pgDataDir).toBe(path.join(REPO_ROOT, '.chorus', 'pgdata'));
    expect(config.mediaDir).toBe(path.join(REPO_ROOT, '.chorus', 'media'));
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'web', 'dist'));
    expect(config.tabDist).toBe(path.join(REPO_ROOT, 'tabs', 'dist'));
  });

  it.each([
    { name: 'port', env: { PORT: '8080' }, expected: { port: 8080 } },
    { name: 'database url', env: { DATABASE_URL: 'postgres://root@127.0.0.1:5432/chorus' }, expected: { databaseUrl: 'postgres://root@127.0.0.1:5432/chorus' } },
    { name: 'postgresql scheme', env: { DATABASE_URL: 'postgresql://db/x' }, expected: { databaseUrl: 'postgresql://db/x' } },
    { name: 'base domain, lower-cased', env: { CHORUS_BASE_DOMAIN: 'Chorus.Example.com' }, expected: { baseDomain: 'chorus.example.com' } },
    { name: 'test log level', env: { NODE_ENV: 'test' }, expected: { nodeEnv: 'test', logLevel: 'silent' } },
    { name: 'explicit log level', env: { LOG_LEVEL: 'debug' }, expected: { logLevel: 'debug' } },
    { name: 'empty values as unset', env: { PORT: '', DATABASE_URL: ' ' }, expected: { port: 3000, databaseUrl: null } },
    { name: 'bot settings', env: { BOT_APP_ID: 'id', BOT_APP_PASSWORD: 'secret', BOT_TENANT_ID: 't' }, expected: { bot: { appId: 'id', appPassword: 'secret', tenantId: 't' } } },
    { name: 'seed never', env: { CHORUS_SEED: 'never' }, expected: { seed: 'never' } },
    {
      name: 'network OAuth clients',
      env: { X_CLIENT_ID: 'x', X_CLIENT_SECRET: 'xs', LINKEDIN_CLIENT_ID: 'l', LINKEDIN_CLIENT_SECRET: 'ls', FACEBOOK_APP_ID: 'f', FACEBOOK_APP_SECRET: 'fs' },
      expected: { networks: { twitter: { clientId: 'x', clientSecret: 'xs' }, linkedin: { clientId: 'l', clientSecret: 'ls' }, facebook: { clientId: 'f', clientSecret: 'fs' } } },
    },
    {
      name: 'network API bases and versions',
      env: { X_API_BASE_URL: 'http://127.0.0.1:4100/', LINKEDIN_API_BASE_URL: 'http://127.0.0.1:4101', LINKEDIN_API_VERSION: '202601', FACEBOOK_GRAPH_BASE_URL: 'http://127.0.0.1:4102//', FACEBOOK_GRAPH_VERSION: 'v25.0' },
      expected: { networkApis: { xApiBaseUrl: 'http://127.0.0.1:4100', linkedinApiBaseUrl: 'http://127.0.0.1:4101', linkedinApiVersion: '202601', facebookGraphBaseUrl: 'http://127.0.0.1:4102', facebookGraphVersion: 'v25.0' } },
    },
    { name: 'addresses the SSRF guard allows', env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2, ::1' }, expected: { fetchAllowAddresses: ['127.0.0.2', '::1'] } },
    { name: 'trust proxy off', env: { CHORUS_TRUST_PROXY: 'off' }, expected: { trustProxy: false } },
    { name: 'trust proxy hop count', env: { CHORUS_TRUST_PROXY: '2' }, expected: { trustProxy: 2 } },
    { name: 'trust proxy hop count zero as off', env: { CHORUS_TRUST_PROXY: '0' }, expected: { trustProxy: false } },
    {
      name: 'trusted proxy addresses and ranges',
      env: { CHORUS_TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, ::1, loopback' },
      expected: { trustProxy: ['10.0.0.1', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback'] },
    },
    {
      name: 'bot service url hosts',
      env: { BOT_SERVICE_URL_HOSTS: 'smba.trafficmanager.net, *.Botframework.com' },
      expected: { bot: { serviceUrlHosts: ['smba.trafficmanager.net', '*.botframework.com'] } },
    },
    { name: 'rate limits', env: { CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: '5', CHORUS_RATE_LIMIT_API_PER_MINUTE: '0' }, expected: { rateLimit: { authPerMinute: 5, apiPerMinute: 0 } } },
  ])('reads $name', ({ env, expected }) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it('reads the secret key in hex or base64, and the previous keys', () => {
    const previous = Buffer.alloc(32, 1);
    for (const value of [KEY_HEX, KEY_BASE64, KEY.toString('base64url')]) {
      const config = loadConfig({ CHORUS_SECRET_KEY: value, CHORUS_SECRET_KEY_PREVIOUS: ` ${previous.toString('base64')} , ${KEY_HEX}` });
      expect(config.secretKeys.current?.equals(KEY)).toBe(true);
      expect(config.secretKeys.previous.map((k) => k.toString('hex'))).toEqual([previous.toString('hex'), KEY_HEX]);
    }
  });

  it('refuses to start in production without a secret key, in one line that never echoes a key', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'CHORUS_SECRET_KEY: must be set in production (it encrypts social tokens and OIDC client secrets); 32 random bytes in base64 or hex (openssl rand -base64 32)',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', CHORUS_SECRET_KEY: KEY_BASE64 })).toEqual([]);
    const bad = `${KEY_HEX}00`;
    const problems = problemsOf({ CHORUS_SECRET_KEY: bad });
    expect(problems).toEqual(['CHORUS_SECRET_KEY: must be 32 random bytes in base64 or hex (openssl rand -base64 32)']);
  });

  it('keeps metrics off unless switched on or given a token', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: null });
    expect(loadConfig({ CHORUS_METRICS: 'on' }).metrics).toEqual({ enabled: true, token: null });
    expect(loadConfig({ CHORUS_METRICS_TOKEN: 'a'.repeat(32) }).metrics).toEqual({ enabled: true, token: 'a'.repeat(32) });
    expect(problemsOf({ CHORUS_METRICS: 'yes', CHORUS_METRICS_TOKEN: 'short' })).toEqual([
      'CHORUS_METRICS: must be on or off',
      'CHORUS_METRICS_TOKEN: must be at least 16 characters (openssl rand -hex 32)',
    ]);
  });

  it('keeps media in the folder unless a bucket is named, and checks the bucket settings', () => {
    expect(loadConfig({}).mediaStore).toBeNull();
    expect(
      loadConfig({ CHORUS_S3_BUCKET: 'chorus-media', CHORUS_S3_ENDPOINT: 'http://127.0.0.1:9000', CHORUS_S3_FORCE_PATH_STYLE: 'on', CHORUS_S3_ACCESS_KEY_ID: 'k', CHORUS_S3_SECRET_ACCESS_KEY: 's', CHORUS_S3_PREFIX: 'prod/' }).mediaStore,
    ).toEqual({ bucket: 'chorus-media', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' }, prefix: 'prod/' });
    expect(loadConfig({ CHORUS_S3_BUCKET: 'chorus-media' }).mediaStore).toMatchObject({ endpoint: null, forcePathStyle: false, credentials: null });
    expect(problemsOf({ CHORUS_S3_BUCKET: 'Bad_Bucket', CHORUS_S3_ENDPOINT: 'ftp://x', CHORUS_S3_PREFIX: 'prod' })).toEqual([
      'CHORUS_S3_BUCKET: must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
      'CHORUS_S3_ENDPOINT: must be an http:// or https:// URL',
      'CHORUS_S3_PREFIX: must be empty or end with / (e.g. chorus/)',
    ]);
    expect(problemsOf({ CHORUS_S3_BUCKET: 'chorus-media', CHORUS_S3_ACCESS_KEY_ID: 'k' })).toEqual(['CHORUS_S3_ACCESS_KEY_ID: must be set together with CHORUS_S3_SECRET_ACCESS_KEY']);
  });

  it('refuses a network client id without its secret, and the reverse', () => {
    expect(() => loadConfig({ X_CLIENT_ID: 'x', FACEBOOK_APP_SECRET: 'fs' })).toThrow(
      'Invalid configuration:\n  X_CLIENT_SECRET: must be set together with X_CLIENT_ID\n  FACEBOOK_APP_ID: must be set together with FACEBOOK_APP_SECRET',
    );
  });

  it('resolves a relative data folder against the repository root and keeps an absolute one', () => {
    expect(loadConfig({ CHORUS_DATA_DIR: 'tmp/data' }).dataDir).toBe(path.join(REPO_ROOT, 'tmp', 'data'));
    expect(loadConfig({ CHORUS_DATA_DIR: '/var/chorus' }).mediaDir).toBe('/var/chorus/media');
  });

  it.each([
    { env: { PORT: 'abc' }, variable: 'PORT' },
    { env: { PORT: '70000' }, variable: 'PORT' },
    { env: { PORT: '3.5' }, variable: 'PORT' },
    { env: { DATABASE_URL: 'not a url' }, variable: 'DATABASE_URL' },
    { env: { DATABASE_URL: 'mysql://db/x' }, variable: 'DATABASE_URL' },
    { env: { NODE_ENV: 'staging' }, variable: 'NODE_ENV' },
    { env: { CHORUS_SEED: 'always' }, variable: 'CHORUS_SEED' },
    { env: { LOG_LEVEL: 'loud' }, variable: 'LOG_LEVEL' },
    { env: { CHORUS_BASE_DOMAIN: 'bad domain' }, variable: 'CHORUS_BASE_DOMAIN' },
    { env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2,intranet.local' }, variable: 'CHORUS_FETCH_ALLOW_ADDRESSES' },
    { env: { NODE_ENV: 'production', CHORUS_SECRET_KEY: KEY_BASE64, CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2' }, variable: 'CHORUS_FETCH_ALLOW_ADDRESSES' },
    { env: { CHORUS_TRUST_PROXY: 'true' }, variable: 'CHORUS_TRUST_PROXY' },
    { env: { CHORUS_TRUST_PROXY: '10.0.0.0/33' }, variable: 'CHORUS_TRUST_PROXY' },
    { env: { CHORUS_TRUST_PROXY: '10.0.0.1, proxy.example' }, variable: 'CHORUS_TRUST_PROXY' },
    { env: { BOT_SERVICE_URL_HOSTS: 'https://smba.trafficmanager.net/' }, variable: 'BOT_SERVICE_URL_HOSTS' },
    { env: { CHORUS_SECRET_KEY: 'too-short' }, variable: 'CHORUS_SECRET_KEY' },
    { env: { CHORUS_SECRET_KEY: KEY_HEX.slice(2) }, variable: 'CHORUS_SECRET_KEY' },
    { env: { CHORUS_SECRET_KEY_PREVIOUS: `${KEY_HEX},not-a-key` }, variable: 'CHORUS_SECRET_KEY_PREVIOUS' },
    { env: { NODE_ENV: 'production' }, variable: 'CHORUS_SECRET_KEY' },
    { env: { X_API_BASE_URL: 'ftp://api.x.com' }, variable: 'X_API_BASE_URL' },
    { env: { LINKEDIN_API_VERSION: '2025-10' }, variable: 'LINKEDIN_API_VERSION' },
    { env: { FACEBOOK_GRAPH_VERSION: '24.0' }, variable: 'FACEBOOK_GRAPH_VERSION' },
  ])('rejects a bad $variable ($env)', ({ env, variable }) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${variable}: `));
  });

  it('lists every problem at once, one line per variable', () => {
    let message = '';
    try {
      loadConfig({ PORT: '-1', DATABASE_URL: 'nope', NODE_ENV: 'prod', CHORUS_SEED: 'x' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'NODE_ENV', 'CHORUS_SEED']);
  });
});

describe('companyOrigin', () => {
  it('uses http and the port in development, https without a port in production', () => {
    expect(companyOrigin({ baseDomain: 'localhost', nodeEnv: 'development', port: 3000 }, 'acme')).toBe('http://acme.localhost:3000');
    expect(companyOrigin({ baseDomain: 'chorus.example', nodeEnv: 'production', port: 8080 }, 'acme')).toBe('https://acme.chorus.example');
  });
});

describe('testDatabaseUrl', () => {
  it('is null when unset and checks the scheme when set', () => {
    expect(testDatabaseUrl({})).toBeNull();
    expect(testDatabaseUrl({ TEST_DATABASE_URL: 'postgres://root@127.0.0.1/test' })).toBe('postgres://root@127.0.0.1/test');
    expect(() => testDatabaseUrl({ TEST_DATABASE_URL: 'http://x' })).toThrow(ConfigError);
  });
});
