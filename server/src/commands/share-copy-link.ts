/**
 * Copy link and share by e-mail (content-library spec 5 "Copy link", issue 14): the person's
 * tracked link to a post. 667 when the library's sharing is off; 720 when the company turned
 * copy link off (or e-mail sharing, for the e-mail channel); 721 for internal content; 722 for
 * a post without a url.
 */
import { ErrorCode, ShareFlowType } from '@chorus/core';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { isInternalPost, requireSharingEnabled, sharablePost } from './share-checks.ts';
import { recordEvent } from './share-events.ts';
import { trackedLinkFor, trackedUrl } from './share-links.ts';

/** What copy link needs from the app. */
export interface CopyLinkDeps {
  db: Database;
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>;
}

/** The person's tracked link to the post, for the channel the copy was made from. */
export async function copyLink(deps: CopyLinkDeps, company: CompanyRow, userId: number, postId: number, channel: number): Promise<string> {
  const post = await sharablePost(deps.db, company, postId);
  requireSharingEnabled(company);
  const toggle = channel === ShareFlowType.email ? company.featureToggles.share_via_email_enabled : company.featureToggles.copy_link_enabled;
  if (!toggle) throw new ApiError(ErrorCode.COPY_LINK_FAILED);
  if (isInternalPost(post)) throw new ApiError(ErrorCode.COPY_LINK_INTERNAL);
  if (post.url === null) throw new ApiError(ErrorCode.COPY_LINK_NO_URL);
  return deps.db.transaction(async (tx) => {
    const link = await trackedLinkFor(tx, { companyId: company.id, userId, postId: post.id, channel, network: null });
    await recordEvent(tx, { companyId: company.id, userId, postId: post.id, network: null, kind: 'copy_link_created', data: { linkId: link.id, channel } });
    return trackedUrl(deps.config, company, link.code);
  });
}
