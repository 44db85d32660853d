/**
 * Secrets at rest (social access and refresh tokens, OIDC client secrets): AES-256-GCM with
 * the key from CHORUS_SECRET_KEY. A stored value reads `v1:<keyId>:<iv>:<tag>:<ciphertext>`
 * (base64url parts; the key id is derived from the key, so it names a key without revealing
 * it), and is bound to its purpose (the column it lives in) as additional data, so a value
 * copied into another column does not decrypt.
 *
 * Rotation: the new key goes into CHORUS_SECRET_KEY and the old one into
 * CHORUS_SECRET_KEY_PREVIOUS (a comma list); values under a previous key still decrypt, every
 * write encrypts under the current key, and the start-up pass (db/secrets-at-rest.ts)
 * re-encrypts what is left, after which the previous key can go.
 *
 * Without CHORUS_SECRET_KEY (never in production, which refuses to start) a key is generated
 * into the data folder on first use (`secret-key`, mode 0600) and read from there afterwards.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** What a secret is for: its column, bound into the ciphertext. */
export type SecretPurpose = 'social_accounts.access_token' | 'social_accounts.refresh_token' | 'companies.google_config.client_secret';

/** Bytes in a key (AES-256). */
export const SECRET_KEY_BYTES = 32;
/** The file the embedded default keeps its generated key in, inside the data folder. */
export const SECRET_KEY_FILE = 'secret-key';

const VERSION = 'v1';
const ENCRYPTED = /^v1:([0-9a-f]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

/** A stored secret cannot be read (unknown key, wrong key, altered data), or no key is usable. */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

/** One key and the id stored values name it by. */
interface Key {
  id: string;
  key: Buffer;
}

/** The current key (encrypts) and the previous ones (still decrypt). */
export interface Keyring {
  readonly current: Key;
  readonly previous: readonly Key[];
}

/** A key's id: 8 hex digits of a hash of it (names the key in stored values and messages). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('chorus-secret-key-id\0').update(key).digest('hex').slice(0, 8);
}

/** Reads a key written as 64 hex digits or as base64 / base64url of 32 bytes; null when it is not one. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    return key.length === SECRET_KEY_BYTES ? key : null;
  }
  return null;
}

/** A keyring of the current key and the previous ones. */
export function createKeyring(current: Buffer, previous: readonly Buffer[] = []): Keyring {
  const key = (k: Buffer): Key => {
    if (k.length !== SECRET_KEY_BYTES) throw new SecretKeyError(`A secret key must be ${SECRET_KEY_BYTES} bytes.`);
    return { id: secretKeyId(k), key: Buffer.from(k) };
  };
  return { current: key(current), previous: previous.map(key) };
}

/** Whether a stored value is in the encrypted format (else it is a legacy plain value). */
export function isEncryptedSecret(stored: string): boolean {
  return ENCRYPTED.test(stored);
}

/** Whether a stored value should be written again: plain, or under a key that is not the current one. */
export function needsReencryption(keyring: Keyring, stored: string): boolean {
  return ENCRYPTED.exec(stored)?.[1] !== keyring.current.id;
}

/** Encrypts a secret for one purpose under the current key. */
export function encryptSecret(keyring: Keyring, plain: string, purpose: SecretPurpose): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, keyring.current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/**
 * The plain secret of a stored value. A legacy plain value (written before encryption, and
 * encrypted by the start-up pass) is returned as it is. Throws SecretKeyError, naming the key
 * id but never the value, when the value cannot be decrypted.
 */
export function decryptSecret(keyring: Keyring, stored: string, purpose: SecretPurpose): string {
  const match = ENCRYPTED.exec(stored);
  if (!match) return stored;
  const [, id = '', iv = '', tag = '', ciphertext = ''] = match;
  const key = [keyring.current, ...keyring.previous].find((k) => k.id === id);
  if (!key) {
    throw new SecretKeyError(`A stored secret (${purpose}) is encrypted with key ${id}, which is neither CHORUS_SECRET_KEY (${keyring.current.id}) nor in CHORUS_SECRET_KEY_PREVIOUS.`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError(`A stored secret (${purpose}) does not decrypt with key ${id}: it was altered, or belongs elsewhere.`);
  }
}

/** Decrypts (plain legacy values included) and encrypts again under the current key. */
export function reencryptSecret(keyring: Keyring, stored: string, purpose: SecretPurpose): string {
  return encryptSecret(keyring, decryptSecret(keyring, stored, purpose), purpose);
}

/** What the keyring is made from: the configured keys, or the data folder's generated one. */
export type SecretKeyConfig = Pick<Config, 'secretKeys' | 'dataDir' | 'nodeEnv'>;

/** The key generated into the data folder on first use, or the one generated earlier. */
function dataFolderKey(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: whoever comes first writes it; a second process reads the first one's key.
    writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (key === null) throw new SecretKeyError(`${file} does not hold a secret key (32 bytes, base64 or hex).`);
  return key;
}

const keyrings = new WeakMap<object, Keyring>();

/** The keyring of a configuration (made once per configuration object). */
export function keyringOf(config: SecretKeyConfig): Keyring {
  const known = keyrings.get(config);
  if (known) return known;
  const { current, previous } = config.secretKeys;
  if (current === null && config.nodeEnv === 'production') throw new SecretKeyError('CHORUS_SECRET_KEY must be set in production.');
  const keyring = createKeyring(current ?? dataFolderKey(config.dataDir), previous);
  keyrings.set(config, keyring);
  return keyring;
}
