/** Test support of sharing: linking a person's network without the consent pages. */
import { networkIdOfSlug, type LinkableNetwork } from '@chorus/core';
import { storedTokens } from '../commands/social-link.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { socialAccounts, type UserRow } from '../db/schema.ts';

/** Links a network for a person as the sandbox consent would (encrypted tokens, optional page). */
export async function linkNetwork(
  db: Database,
  config: Config,
  user: UserRow,
  network: LinkableNetwork,
  options: { pageId?: string | null; expiresAt?: Date | null; active?: boolean; accessToken?: string; refreshToken?: string | null } = {},
): Promise<void> {
  const pages = [{ id: 'page-1', name: 'Acme Page', picture: null }];
  const tokens = storedTokens(config, { accessToken: options.accessToken ?? `sandbox-token-${user.id}`, refreshToken: options.refreshToken ?? null });
  const values = {
    externalId: `sandbox:user-${user.id}`,
    username: `${user.firstName} ${user.lastName}`,
    ...tokens,
    tokenExpiresAt: options.expiresAt === undefined ? new Date(Date.now() + 30 * 24 * 3600 * 1000) : options.expiresAt,
    isActive: options.active ?? true,
    pages,
    pageId: options.pageId ?? null,
  };
  await db
    .insert(socialAccounts)
    .values({ userId: user.id, network: networkIdOfSlug(network), ...values })
    .onConflictDoUpdate({ target: [socialAccounts.userId, socialAccounts.network], set: values });
}
