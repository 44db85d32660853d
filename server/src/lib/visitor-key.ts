/**
 * The visitor key of a tracked-link click: an HMAC of the day, the client address and the user
 * agent under a key derived (HKDF) from CHORUS_SECRET_KEY. It tells whether the same visitor
 * came twice on one day without keeping who they are: no address is stored, the key cannot be
 * reversed without the secret, and a new day gives the same person a new key, so visits cannot
 * be linked across days.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { keyringOf, type SecretKeyConfig } from './secrets.ts';

const derived = new WeakMap<SecretKeyConfig, Buffer>();

function visitorSecret(config: SecretKeyConfig): Buffer {
  const known = derived.get(config);
  if (known) return known;
  const key = Buffer.from(hkdfSync('sha256', keyringOf(config).current.key, Buffer.alloc(0), 'chorus tracked link visitors', 32));
  derived.set(config, key);
  return key;
}

/** The visitor's key for `day` (YYYY-MM-DD, UTC): 22 base64url characters (128 bits). */
export function visitorKey(config: SecretKeyConfig, visit: { day: string; ip: string; userAgent: string }): string {
  return createHmac('sha256', visitorSecret(config)).update(`${visit.day}\n${visit.ip}\n${visit.userAgent}`).digest('base64url').slice(0, 22);
}
