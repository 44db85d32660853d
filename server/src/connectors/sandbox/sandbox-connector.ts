/**
 * The embedded sandbox network (the default until a network's app is configured): publishing
 * puts the post on the company's sandbox wall (GET /sandbox/wall, routes/sandbox-wall), so a
 * new user sees the whole loop without any account. It is the one connector that touches the
 * database, because the wall is its "network". Audience and metrics are deterministic numbers
 * derived from the account and post, so tests and demos are repeatable.
 *
 * Like LinkedIn it issues no refresh token with a link: a link whose token has lapsed must be
 * relinked (which is how an expired-token flow can be seen without a real network).
 */
import { createHash, randomBytes } from 'node:crypto';
import { networkIdOfSlug, type LinkableNetwork } from '@chorus/core';
import { and, desc, eq, gte, like } from 'drizzle-orm';
import { companyOrigin, type Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { companies, sandboxPosts, type SandboxMediaColumn } from '../../db/schema.ts';
import type { Connector, ConnectorAccount, ConnectorMedia, PublishOutcome } from '../types.ts';

/** Sandbox access tokens last 60 days, like the links the sandbox consent gives. */
const SANDBOX_TOKEN_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** A sandbox video "processes" for this long before its first poll, like a real network's. */
export const SANDBOX_VIDEO_POLL_MS = 1000;

/** What the sandbox network needs: the database (its wall) and where companies' hosts are. */
export interface SandboxDeps {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>;
}

/** A number in [min, max] derived from the key: stable across runs. */
function stableNumber(key: string, min: number, max: number): number {
  const value = createHash('sha256').update(key).digest().readUInt32BE(0);
  return min + (value % (max - min + 1));
}

/** The path of the sandbox wall, optionally opened at one post. */
export function sandboxWallPath(network: LinkableNetwork, postId: number | null = null): string {
  return `/sandbox/wall?network=${network}${postId === null ? '' : `#sandbox-post-${postId}`}`;
}

function mediaColumn(kind: 'image' | 'video', media: ConnectorMedia): SandboxMediaColumn | null {
  const url = media.path ?? media.publicUrl;
  return url ? { kind, url, mimeType: media.mimeType } : null;
}

/** The sandbox connector standing in for one network. */
export function sandboxConnector(deps: SandboxDeps, network: LinkableNetwork): Connector {
  const networkId = networkIdOfSlug(network);

  async function wallUrl(companyId: number, postId: number): Promise<string | null> {
    const [company] = await deps.db.select({ subdomain: companies.subdomain }).from(companies).where(eq(companies.id, companyId)).limit(1);
    return company ? new URL(sandboxWallPath(network, postId), companyOrigin(deps.config, company.subdomain)).href : null;
  }

  async function published(companyId: number, postId: number): Promise<PublishOutcome> {
    return { kind: 'published', networkPostId: String(postId), url: await wallUrl(companyId, postId) };
  }

  const expired = (account: ConnectorAccount): boolean => account.tokenExpiresAt !== null && account.tokenExpiresAt.getTime() <= Date.now();

  return {
    network,
    sandbox: true,
    async publish(account, request) {
      if (!account.holder) return { kind: 'rejected', code: 202, detail: 'The sandbox network needs the account holder to choose the wall.' };
      if (expired(account)) return { kind: 'relink', detail: 'The sandbox token has expired.' };
      const media = [...request.images.map((image) => mediaColumn('image', image)), request.video ? mediaColumn('video', request.video) : null].filter((m): m is SandboxMediaColumn => m !== null);
      const [row] = await deps.db
        .insert(sandboxPosts)
        .values({
          companyId: account.holder.companyId,
          userId: account.holder.userId,
          network: networkId,
          externalId: account.externalId,
          authorName: account.holder.name,
          pageName: account.page ? (account.page.name ?? account.page.id) : null,
          text: request.text,
          link: request.link,
          media,
          shareId: request.shareId,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxPosts.id });
      if (!row) return { kind: 'duplicate', detail: 'This share is on the sandbox wall already.' };
      // A video "processes" first, so the native video path (669, then a poll) can be seen too.
      if (request.video) return { kind: 'processing', networkPostId: String(row.id), poll: { state: { sandboxPostId: row.id, companyId: account.holder.companyId }, afterMs: SANDBOX_VIDEO_POLL_MS } };
      return published(account.holder.companyId, row.id);
    },
    async poll(_account, handle) {
      const postId = Number(handle.state.sandboxPostId);
      const companyId = Number(handle.state.companyId);
      if (!Number.isInteger(postId) || !Number.isInteger(companyId)) return { kind: 'rejected', code: 202, detail: 'Unknown sandbox upload.' };
      const [row] = await deps.db.select({ id: sandboxPosts.id }).from(sandboxPosts).where(and(eq(sandboxPosts.id, postId), eq(sandboxPosts.companyId, companyId))).limit(1);
      return row ? published(companyId, row.id) : { kind: 'rejected', code: 664, detail: 'The sandbox video is gone.' };
    },
    async audience(account) {
      return stableNumber(`${network}\n${account.page?.id ?? account.externalId}`, 40, 2400);
    },
    async metrics(_account, networkPostId) {
      const key = `${network}\n${networkPostId}`;
      return { likes: stableNumber(`${key}\nlikes`, 0, 120), comments: stableNumber(`${key}\ncomments`, 0, 30), reshares: stableNumber(`${key}\nreshares`, 0, 20), impressions: stableNumber(`${key}\nimpressions`, 100, 5000) };
    },
    async findRecent(account, text, since) {
      const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
      const [row] = await deps.db
        .select({ id: sandboxPosts.id, companyId: sandboxPosts.companyId })
        .from(sandboxPosts)
        .where(and(eq(sandboxPosts.network, networkId), eq(sandboxPosts.externalId, account.externalId), gte(sandboxPosts.created, since), like(sandboxPosts.text, `${escaped}%`)))
        .orderBy(desc(sandboxPosts.created))
        .limit(1);
      return row ? { networkPostId: String(row.id), url: await wallUrl(row.companyId, row.id) } : null;
    },
    async refresh(account) {
      if (account.refreshToken === null) return null;
      return { accessToken: `sandbox-${randomBytes(32).toString('base64url')}`, refreshToken: `sandbox-refresh-${randomBytes(32).toString('base64url')}`, expiresAt: new Date(Date.now() + SANDBOX_TOKEN_TTL_MS) };
    },
  };
}
