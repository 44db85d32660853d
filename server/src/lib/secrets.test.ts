import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createKeyring,
  decryptSecret,
  encryptSecret,
  isEncryptedSecret,
  keyringOf,
  needsReencryption,
  parseSecretKey,
  reencryptSecret,
  SECRET_KEY_FILE,
  SecretKeyError,
  secretKeyId,
} from './secrets.ts';

const KEY_A = Buffer.alloc(32, 0xa1);
const KEY_B = Buffer.alloc(32, 0xb2);
const TOKEN = 'EAAB-a-very-secret-access-token';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-secrets-'));
  dirs.push(dir);
  return dir;
}

describe('encryptSecret and decryptSecret', () => {
  const keyring = createKeyring(KEY_A);

  it('round-trips, never contains the plain value, and differs each time (random IV)', () => {
    const first = encryptSecret(keyring, TOKEN, 'social_accounts.access_token');
    const second = encryptSecret(keyring, TOKEN, 'social_accounts.access_token');
    expect(first).toMatch(new RegExp(`^v1:${secretKeyId(KEY_A)}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$`));
    expect(first).not.toContain(TOKEN);
    expect(first).not.toBe(second);
    expect(decryptSecret(keyring, first, 'social_accounts.access_token')).toBe(TOKEN);
    expect(isEncryptedSecret(first)).toBe(true);
    expect(decryptSecret(keyring, encryptSecret(keyring, '', 'social_accounts.refresh_token'), 'social_accounts.refresh_token')).toBe('');
  });

  it('binds a value to its purpose: copied into another column it does not decrypt', () => {
    const stored = encryptSecret(keyring, TOKEN, 'social_accounts.refresh_token');
    expect(() => decryptSecret(keyring, stored, 'social_accounts.access_token')).toThrow(SecretKeyError);
  });

  it('refuses an altered value', () => {
    const stored = encryptSecret(keyring, TOKEN, 'social_accounts.access_token');
    // The first character of the ciphertext carries six bits of it (the last may be padding).
    const parts = stored.split(':');
    const ciphertext = parts[4] ?? '';
    parts[4] = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => decryptSecret(keyring, parts.join(':'), 'social_accounts.access_token')).toThrow(/does not decrypt/);
  });

  it('reads a legacy plain value as it is, and marks it for encryption', () => {
    expect(isEncryptedSecret(TOKEN)).toBe(false);
    expect(decryptSecret(keyring, TOKEN, 'social_accounts.access_token')).toBe(TOKEN);
    expect(needsReencryption(keyring, TOKEN)).toBe(true);
  });

  it('fails clearly with a wrong key, naming key ids and the variables, never the value', () => {
    const stored = encryptSecret(keyring, TOKEN, 'social_accounts.access_token');
    let message = '';
    try {
      decryptSecret(createKeyring(KEY_B), stored, 'social_accounts.access_token');
    } catch (error) {
      expect(error).toBeInstanceOf(SecretKeyError);
      message = (error as Error).message;
    }
    expect(message).toBe(
      `A stored secret (social_accounts.access_token) is encrypted with key ${secretKeyId(KEY_A)}, which is neither CHORUS_SECRET_KEY (${secretKeyId(KEY_B)}) nor in CHORUS_SECRET_KEY_PREVIOUS.`,
    );
    expect(message).not.toContain(TOKEN);
  });
});

describe('rotation', () => {
  it('decrypts under a previous key, writes under the current one, and then needs the old key no more', () => {
    const old = createKeyring(KEY_A);
    const stored = encryptSecret(old, TOKEN, 'companies.google_config.client_secret');
    const rotated = createKeyring(KEY_B, [KEY_A]);
    expect(decryptSecret(rotated, stored, 'companies.google_config.client_secret')).toBe(TOKEN);
    expect(needsReencryption(rotated, stored)).toBe(true);
    const again = reencryptSecret(rotated, stored, 'companies.google_config.client_secret');
    expect(needsReencryption(rotated, again)).toBe(false);
    expect(again.split(':')[1]).toBe(secretKeyId(KEY_B));
    expect(decryptSecret(createKeyring(KEY_B), again, 'companies.google_config.client_secret')).toBe(TOKEN);
  });
});

describe('parseSecretKey', () => {
  it('reads 32 bytes as hex, base64 or base64url, and nothing else', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => 255 - i * 3));
    for (const text of [key.toString('hex'), key.toString('hex').toUpperCase(), key.toString('base64'), key.toString('base64').replace(/=$/, ''), key.toString('base64url'), ` ${key.toString('base64')}\n`]) {
      expect(parseSecretKey(text)?.equals(key)).toBe(true);
    }
    for (const text of ['', 'short', key.subarray(0, 31).toString('hex'), Buffer.alloc(33).toString('base64'), `${key.toString('hex')}00`, 'g'.repeat(64)]) {
      expect(parseSecretKey(text)).toBeNull();
    }
  });
});

describe('keyringOf', () => {
  it('uses the configured key, with the previous ones', () => {
    const keyring = keyringOf({ secretKeys: { current: KEY_B, previous: [KEY_A] }, dataDir: '/nonexistent', nodeEnv: 'production' });
    expect(keyring.current.id).toBe(secretKeyId(KEY_B));
    expect(keyring.previous.map((k) => k.id)).toEqual([secretKeyId(KEY_A)]);
  });

  it('generates a key into the data folder on first use (mode 0600) and reads the same one afterwards', async () => {
    const dataDir = path.join(await scratch(), 'data');
    const first = keyringOf({ secretKeys: { current: null, previous: [] }, dataDir, nodeEnv: 'development' });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(await readFile(file, 'utf8'))?.toString('hex')).toBe(first.current.key.toString('hex'));
    const second = keyringOf({ secretKeys: { current: null, previous: [] }, dataDir, nodeEnv: 'development' });
    expect(second.current.id).toBe(first.current.id);
  });

  it('refuses production without a key, and a data folder key file that holds none', async () => {
    const empty = await scratch();
    expect(() => keyringOf({ secretKeys: { current: null, previous: [] }, dataDir: empty, nodeEnv: 'production' })).toThrow('CHORUS_SECRET_KEY must be set in production.');
    const dataDir = await scratch();
    await writeFile(path.join(dataDir, SECRET_KEY_FILE), 'not a key\n');
    expect(() => keyringOf({ secretKeys: { current: null, previous: [] }, dataDir, nodeEnv: 'test' })).toThrow(/does not hold a secret key/);
  });
});
