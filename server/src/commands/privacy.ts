/**
 * A user's own privacy actions (accounts spec 2, 4): the export of their personal data,
 * deactivation and the deletion request mailed to the company's data-removal contact.
 */
import { CONFIRM_PHRASE, ErrorCode, Role, type PersonalDataResponse } from '@chorus/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { issueOneTimeToken } from '../auth/one-time-tokens.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  bookmarks,
  categories,
  categoryFollows,
  comments,
  companies,
  events,
  externalIdentities,
  memberships,
  oneTimeTokens,
  postClicks,
  postDismissals,
  postImpressions,
  postReactions,
  posts,
  shares,
  postSubscriptions,
  sessions,
  socialAccounts,
  userEvents,
  users,
  type CompanyRow,
  type UserRow,
} from '../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../errors.ts';
import { sendMail } from '../mail/send-mail.ts';
import { ANALYTICS_EVENT_KINDS } from './analytics.ts';
import { isSsoOnly } from '../auth/sign-in-policy.ts';
import { companyDefaultLanguage } from '../presenters/company.ts';

/** Delete tokens stay usable for 30 days: GDPR asks for an answer within one month. */
export const DELETE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The web page where an admin confirms or rejects a deletion request. */
export const CONFIRM_DELETION_PATH = '/confirm-user-deletion';

/**
 * Checks the confirmation of a deactivation or deletion: CONFIRM in SSO-only companies
 * (201 'Please enter CONFIRM to confirm' otherwise), else the user's password (443).
 */
export async function verifyRemovalConfirmation(company: CompanyRow, user: UserRow, input: { password?: string | undefined; confirm?: string | undefined }): Promise<void> {
  if (isSsoOnly(company)) {
    const typed = input.confirm ?? input.password ?? '';
    if (typed !== CONFIRM_PHRASE) throw validationFailed([{ path: 'confirm', message: 'Please enter CONFIRM to confirm' }]);
    return;
  }
  const password = input.password ?? '';
  if (password.length === 0 || !(await verifyPassword(user.passwordHash, password))) throw new ApiError(ErrorCode.INCORRECT_PASSWORD);
}

/** Deactivates the account and ends all its sessions; the data is kept. */
export async function deactivateUser(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deactivatedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** Reactivates a member of the company (404 for anyone else). */
export async function reactivateMember(db: Database, company: CompanyRow, userId: number): Promise<void> {
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, company.id)))
    .limit(1);
  if (!member) throw notFound();
  await db.update(users).set({ deactivatedAt: null }).where(eq(users.id, userId));
}

/** Who receives a company's deletion requests: its data-removal address, else its first ADMIN. */
async function dataRemovalContact(db: Database, company: CompanyRow): Promise<{ email: string; name: string; language: string } | null> {
  if (company.dataRemovalEmail) return { email: company.dataRemovalEmail, name: company.name, language: companyDefaultLanguage(company) };
  const [admin] = await db
    .select({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, company.id), eq(memberships.role, Role.ADMIN)))
    .orderBy(asc(memberships.created), asc(users.id))
    .limit(1);
  if (!admin) return null;
  const name = `${admin.user.firstName} ${admin.user.lastName}`.trim();
  return { email: admin.user.email, name: name || admin.user.email, language: admin.user.language };
}

/**
 * Issues a delete token and mails the data-removal contact a link to confirm it. When the mail
 * cannot be delivered (or the company has nobody to send it to) the token is withdrawn and the
 * request fails with 854.
 */
export async function requestDeletion(ctx: { db: Database; config: Config }, company: CompanyRow, user: UserRow): Promise<void> {
  const contact = await dataRemovalContact(ctx.db, company);
  if (contact === null) throw new ApiError(ErrorCode.GDPR_NOTIFICATION_FAILED);
  const token = await issueOneTimeToken(ctx.db, { kind: 'delete-request', userId: user.id, companyId: company.id, email: user.email, ttlMs: DELETE_TOKEN_TTL_MS });
  const url = new URL(CONFIRM_DELETION_PATH, companyOrigin(ctx.config, company.subdomain));
  url.searchParams.set('delete_code', token);
  const requesterName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const mail = await sendMail(ctx, {
    kind: 'deletion-request',
    to: contact.email,
    language: contact.language,
    companyId: company.id,
    name: contact.name,
    companyName: company.name,
    requesterName,
    requesterEmail: user.email,
    requesterId: user.id,
    url: url.href,
  });
  if (mail.error !== null) {
    await ctx.db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeTokens.kind, 'delete-request'), eq(oneTimeTokens.userId, user.id), isNull(oneTimeTokens.usedAt)));
    throw new ApiError(ErrorCode.GDPR_NOTIFICATION_FAILED);
  }
}

const iso = (date: Date): string => date.toISOString();

/** Everything stored about the user in the company, without secrets (tokens, password hash). */
export async function personalData(db: Database, company: CompanyRow, user: UserRow): Promise<PersonalDataResponse> {
  const [companyRows, socialRows, shareRows, commentRows, likeRows, bookmarkRows, followRows, eventRows, analyticsRows, suggestionRows, subscriptionRows, identityRows, impressionRows, clickRows, dismissalRows] = await Promise.all([
    db
      .select({ company: companies, role: memberships.role, joined: memberships.created })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(memberships.created), asc(companies.id)),
    db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id)).orderBy(asc(socialAccounts.network)),
    db
      .select({ postId: shares.postId, network: shares.network, created: shares.created })
      .from(shares)
      .where(and(eq(shares.companyId, company.id), eq(shares.userId, user.id), eq(shares.state, 'published')))
      .orderBy(asc(shares.created), asc(shares.id)),
    db
      .select()
      .from(comments)
      .where(and(eq(comments.companyId, company.id), eq(comments.userId, user.id)))
      .orderBy(asc(comments.created), asc(comments.id)),
    db
      .select({ postId: postReactions.postId, type: postReactions.type, created: postReactions.created })
      .from(postReactions)
      .innerJoin(posts, eq(posts.id, postReactions.postId))
      .where(and(eq(posts.companyId, company.id), eq(postReactions.userId, user.id)))
      .orderBy(asc(postReactions.created)),
    db
      .select({ postId: bookmarks.postId, created: bookmarks.created })
      .from(bookmarks)
      .where(and(eq(bookmarks.companyId, company.id), eq(bookmarks.userId, user.id)))
      .orderBy(asc(bookmarks.created)),
    db
      .select({ categoryId: categoryFollows.categoryId, name: categories.name, locked: categoryFollows.locked, created: categoryFollows.created })
      .from(categoryFollows)
      .innerJoin(categories, eq(categories.id, categoryFollows.categoryId))
      .where(and(eq(categoryFollows.companyId, company.id), eq(categoryFollows.userId, user.id)))
      .orderBy(asc(categoryFollows.position), asc(categoryFollows.categoryId)),
    db
      .select({ event: userEvents.event, created: userEvents.created })
      .from(userEvents)
      .where(and(eq(userEvents.companyId, company.id), eq(userEvents.userId, user.id)))
      .orderBy(asc(userEvents.created), asc(userEvents.id)),
    // Product analytics of the person (pages, tracked actions, SSO sign-ins), from the event log.
    db
      .select({ event: events.kind, created: events.created })
      .from(events)
      .where(and(eq(events.companyId, company.id), eq(events.userId, user.id), inArray(events.kind, [...ANALYTICS_EVENT_KINDS])))
      .orderBy(asc(events.created), asc(events.id)),
    db
      .select({ id: posts.id, title: posts.title, content: posts.content, url: posts.url, status: posts.status, created: posts.created })
      .from(posts)
      .where(and(eq(posts.companyId, company.id), eq(posts.suggestedBy, user.id)))
      .orderBy(asc(posts.created), asc(posts.id)),
    db
      .select({ postId: postSubscriptions.postId, created: postSubscriptions.created })
      .from(postSubscriptions)
      .innerJoin(posts, eq(posts.id, postSubscriptions.postId))
      .where(and(eq(posts.companyId, company.id), eq(postSubscriptions.userId, user.id)))
      .orderBy(asc(postSubscriptions.created), asc(postSubscriptions.postId)),
    // Sign-in identities (SAML, Google, social sign-in) linked to the account: who the provider says the person is.
    db
      .select({ provider: externalIdentities.provider, subject: externalIdentities.subject, email: externalIdentities.email, displayName: externalIdentities.displayName, created: externalIdentities.created })
      .from(externalIdentities)
      .where(and(eq(externalIdentities.userId, user.id), eq(externalIdentities.companyId, company.id)))
      .orderBy(asc(externalIdentities.created), asc(externalIdentities.id)),
    db
      .select({ postId: postImpressions.postId, day: postImpressions.day, channel: postImpressions.channel, count: postImpressions.count })
      .from(postImpressions)
      .where(and(eq(postImpressions.companyId, company.id), eq(postImpressions.userId, user.id)))
      .orderBy(asc(postImpressions.day), asc(postImpressions.postId), asc(postImpressions.channel)),
    db
      .select({ postId: postClicks.postId, channel: postClicks.channel, created: postClicks.created })
      .from(postClicks)
      .where(and(eq(postClicks.companyId, company.id), eq(postClicks.userId, user.id)))
      .orderBy(asc(postClicks.created), asc(postClicks.id)),
    db
      .select({ postId: postDismissals.postId, created: postDismissals.created })
      .from(postDismissals)
      .where(and(eq(postDismissals.companyId, company.id), eq(postDismissals.userId, user.id)))
      .orderBy(asc(postDismissals.created), asc(postDismissals.postId)),
  ]);
  return {
    generated: new Date().toISOString(),
    profile: {
      id: user.id,
      username: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      language: user.language,
      timezone: user.timezone,
      avatar: user.avatar,
      created: iso(user.created),
    },
    settings: user.settings,
    companies: companyRows.map((row) => ({
      company_id: row.company.id,
      company_name: row.company.name,
      subdomain: row.company.subdomain,
      role: row.role as Role,
      joined: iso(row.joined),
    })),
    social_accounts: socialRows.map((row) => ({
      network: row.network,
      external_id: row.externalId,
      username: row.username,
      picture: row.picture,
      is_active: row.isActive,
      page_id: row.pageId,
      pages: row.pages,
      created: iso(row.created),
    })),
    shares: shareRows.map((row) => ({ post_id: row.postId, network: row.network, created: iso(row.created) })),
    // Queued shares have no table yet: the export carries the queue settings and no items.
    queue: { settings: user.settings.post_queue, items: [] },
    comments: commentRows.map((row) => ({ id: row.id, post_id: row.postId, content: row.content, created: iso(row.created), edited: row.edited ? iso(row.edited) : null })),
    likes: likeRows.map((row) => ({ post_id: row.postId, type: row.type, created: iso(row.created) })),
    bookmarks: bookmarkRows.map((row) => ({ post_id: row.postId, created: iso(row.created) })),
    followed_topics: followRows.map((row) => ({ category_id: row.categoryId, name: row.name, locked: row.locked, created: iso(row.created) })),
    events: [...eventRows, ...analyticsRows].sort((a, b) => a.created.getTime() - b.created.getTime()).map((row) => ({ event: row.event, created: iso(row.created) })),
    suggestions: suggestionRows.map((row) => ({ post_id: row.id, title: row.title, content: row.content, url: row.url, status: row.status, created: iso(row.created) })),
    dismissed_posts: dismissalRows.map((row) => ({ post_id: row.postId, created: iso(row.created) })),
    post_subscriptions: subscriptionRows.map((row) => ({ post_id: row.postId, created: iso(row.created) })),
    post_impressions: impressionRows.map((row) => ({ post_id: row.postId, day: row.day, channel: row.channel, count: row.count })),
    post_clicks: clickRows.map((row) => ({ post_id: row.postId, channel: row.channel, created: iso(row.created) })),
    sign_in_identities: identityRows.map((row) => ({ provider: row.provider, subject: row.subject, email: row.email, display_name: row.displayName, created: iso(row.created) })),
  };
}

