/**
 * The start-up pass over secrets at rest: encrypts values still stored in plain text (written
 * before encryption existed) and re-encrypts values under a previous key with the current one.
 * A migration cannot do this (it has no key), so the server runs it on every start; it is
 * idempotent (a value under the current key is left alone) and safe beside a running server
 * (each update applies only while the row still holds the value that was read).
 */
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { companies, socialAccounts } from './schema.ts';
import { keyringOf, needsReencryption, reencryptSecret, SecretKeyError, type Keyring, type SecretKeyConfig } from '../lib/secrets.ts';

/** What the pass did. */
export interface SecretsAtRestResult {
  /** Values written under the current key (plain ones and ones under a previous key). */
  encrypted: number;
  /** Values under a key this server does not have: left as they are, and reported. */
  unreadable: number;
  /** The first unreadable value's reason (names key ids and a column, never a value). */
  problem: string | null;
}

const BATCH = 200;

/** Encrypts plain secrets and moves old-key ones to the current key. */
export async function encryptSecretsAtRest(db: Database, config: SecretKeyConfig): Promise<SecretsAtRestResult> {
  const keyring = keyringOf(config);
  const result: SecretsAtRestResult = { encrypted: 0, unreadable: 0, problem: null };
  const rewrite = (stored: string, purpose: Parameters<typeof reencryptSecret>[2]): string | null => {
    try {
      return reencryptSecret(keyring, stored, purpose);
    } catch (error) {
      if (!(error instanceof SecretKeyError)) throw error;
      result.unreadable += 1;
      result.problem ??= error.message;
      return null;
    }
  };
  await socialTokens(db, keyring, rewrite, result);
  await googleClientSecrets(db, keyring, rewrite, result);
  return result;
}

type Rewrite = (stored: string, purpose: Parameters<typeof reencryptSecret>[2]) => string | null;

async function socialTokens(db: Database, keyring: Keyring, rewrite: Rewrite, result: SecretsAtRestResult): Promise<void> {
  const current = `v1:${keyring.current.id}:%`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: socialAccounts.id, accessToken: socialAccounts.accessToken, refreshToken: socialAccounts.refreshToken })
      .from(socialAccounts)
      .where(and(gt(socialAccounts.id, after), sql`(${socialAccounts.accessToken} not like ${current} or ${socialAccounts.refreshToken} not like ${current})`))
      .orderBy(socialAccounts.id)
      .limit(BATCH);
    for (const row of rows) {
      after = row.id;
      const accessToken = needsReencryption(keyring, row.accessToken) ? rewrite(row.accessToken, 'social_accounts.access_token') : row.accessToken;
      const refreshToken = row.refreshToken !== null && needsReencryption(keyring, row.refreshToken) ? rewrite(row.refreshToken, 'social_accounts.refresh_token') : row.refreshToken;
      if (accessToken === null || (row.refreshToken !== null && refreshToken === null)) continue;
      const updated = await db
        .update(socialAccounts)
        .set({ accessToken, refreshToken })
        .where(
          and(
            eq(socialAccounts.id, row.id),
            eq(socialAccounts.accessToken, row.accessToken),
            row.refreshToken === null ? sql`${socialAccounts.refreshToken} is null` : eq(socialAccounts.refreshToken, row.refreshToken),
          ),
        )
        .returning({ id: socialAccounts.id });
      if (updated.length > 0) result.encrypted += (accessToken !== row.accessToken ? 1 : 0) + (refreshToken !== row.refreshToken ? 1 : 0);
    }
    if (rows.length < BATCH) return;
  }
}

async function googleClientSecrets(db: Database, keyring: Keyring, rewrite: Rewrite, result: SecretsAtRestResult): Promise<void> {
  const rows = await db.select({ id: companies.id, googleConfig: companies.googleConfig }).from(companies).where(isNotNull(companies.googleConfig));
  for (const row of rows) {
    const config = row.googleConfig;
    if (!config || !needsReencryption(keyring, config.clientSecret)) continue;
    const clientSecret = rewrite(config.clientSecret, 'companies.google_config.client_secret');
    if (clientSecret === null) continue;
    const updated = await db
      .update(companies)
      .set({ googleConfig: { ...config, clientSecret } })
      .where(and(eq(companies.id, row.id), sql`${companies.googleConfig}->>'clientSecret' = ${config.clientSecret}`))
      .returning({ id: companies.id });
    result.encrypted += updated.length;
  }
}
