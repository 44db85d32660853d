import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, companyOrigin, loadConfig, testDatabaseUrl } from './config.ts';

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
      host: '0.0.0.0',
      databaseUrl: null,
      baseDomain: 'localhost',
      nodeEnv: 'development',
      logLevel: 'info',
      seed: 'auto',
      teams: { appId: '', tabEntityId: 'chorus-home' },
      bot: { appId: null, appPassword: null, tenantId: null },
      rateLimit: { authPerMinute: 20, apiPerMinute: 600 },
      networks: { twitter: null, linkedin: null, facebook: null },
      fetchAllowAddresses: [],
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
    { name: 'addresses the SSRF guard allows', env: { CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2, ::1' }, expected: { fetchAllowAddresses: ['127.0.0.2', '::1'] } },
    { name: 'rate limits', env: { CHORUS_RATE_LIMIT_AUTH_PER_MINUTE: '5', CHORUS_RATE_LIMIT_API_PER_MINUTE: '0' }, expected: { rateLimit: { authPerMinute: 5, apiPerMinute: 0 } } },
  ])('reads $name', ({ env, expected }) => {
    expect(loadConfig(env)).toMatchObject(expected);
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
    { env: { NODE_ENV: 'production', CHORUS_FETCH_ALLOW_ADDRESSES: '127.0.0.2' }, variable: 'CHORUS_FETCH_ALLOW_ADDRESSES' },
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
