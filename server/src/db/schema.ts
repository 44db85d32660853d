/**
 * The Drizzle schema. Migrations in server/drizzle/ are generated from it (`npm run db:generate -w server`).
 * Every company-owned row carries company_id, and every query filters by it.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Attachment, EventKind, FeatureToggles, MediaImage, Mention, MediaVideo, ShareState, SnippetChoice, SuggestedCaptions, SuggestionRejectReason, UserSettings } from '@chorus/core';
import { DEFAULT_FEATURE_TOGGLES, DEFAULT_SOCIAL_SIGN_IN, DEFAULT_SSO_SETTINGS, DEFAULT_USER_SETTINGS } from './defaults.ts';

const created = () => timestamp('created', { withTimezone: true }).notNull().defaultNow();

/** SSO settings as the branded settings present them. */
export interface SsoSettingsColumn {
  saml_enabled: boolean;
  saml_url: string | null;
  google_enabled: boolean;
}

/** A company's SAML identity provider. Assertions must be signed by `idpCert`. */
export interface SamlConfigColumn {
  /** IdP single sign-on URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** IdP entity id, checked as the assertion issuer. */
  idpIssuer: string;
  /** IdP signing certificate, PEM or base64 body. */
  idpCert: string;
  /** IdP single logout URL, if it has one. */
  logoutUrl: string | null;
  /** Create users on first sign-in (just in time) when their e-mail domain is allowed. */
  jitProvisioning: boolean;
  /** E-mail domains allowed for just-in-time users, lower-case. */
  allowedDomains: string[];
}

/** What a SAML sign-in's assertion named, as a LogoutRequest must repeat it. */
export interface SamlSessionColumn {
  nameID: string;
  nameIDFormat: string;
  sessionIndex: string | null;
}

/**
 * How a session was authenticated. A hand-over (SSO exchange, company switch) carries the
 * method of the session or sign-in it came from, never a stronger one.
 */
export type AuthMethodColumn =
  | { kind: 'password' }
  | { kind: 'magic-link' }
  | { kind: 'verification-link' }
  | { kind: 'sign-up' }
  | { kind: 'google'; issuer: string; subject: string }
  | { kind: 'saml'; companyId: number }
  | { kind: 'social'; network: string }
  | { kind: 'teams-sso' };

/** A company's OpenID Connect client (Google sign-in). */
export interface OidcConfigColumn {
  /** Issuer URL; https://accounts.google.com for Google. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  jitProvisioning: boolean;
  allowedDomains: string[];
}

/** Media of a post: images in three sizes and videos with a poster. */
export interface PostMedia {
  images: MediaImage[];
  videos: MediaVideo[];
}

/** Companies (tenants), addressed by subdomain. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    subdomain: text('subdomain').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    logo: text('logo'),
    favicon: text('favicon'),
    backgroundImage: text('background_image'),
    explainer: text('explainer'),
    tintColor: text('tint_color').notNull().default('#1f6feb'),
    socialMediaPolicy: text('social_media_policy'),
    ssoSettings: jsonb('sso_settings').$type<SsoSettingsColumn>().notNull().default(DEFAULT_SSO_SETTINGS),
    socialSignIn: jsonb('social_sign_in').$type<boolean[]>().notNull().default(DEFAULT_SOCIAL_SIGN_IN),
    featureToggles: jsonb('feature_toggles').$type<FeatureToggles>().notNull().default(DEFAULT_FEATURE_TOGGLES),
    /** Language of the company's new users; null follows the spec (fr-CA for DEFAULT_FR_CA_COMPANY_IDS, else en-US). */
    defaultLanguage: text('default_language'),
    /** Whether onboarding is skipped; null follows the spec's list of company ids (DEFAULT_ONBOARDING_SKIP_COMPANY_IDS). */
    skipOnboarding: boolean('skip_onboarding'),
    /** Whether managers and content creators may switch to the admin dashboard; null follows the spec's list of company ids (DEFAULT_DASHBOARD_COMPANY_IDS). */
    dashboardEnabled: boolean('dashboard_enabled'),
    /** Whether /self-sign-up is open to anyone with an e-mail address. */
    selfSignUpEnabled: boolean('self_sign_up_enabled').notNull().default(false),
    /** The e-mail domains self sign-up accepts (lower case, e.g. `acme.example`); empty accepts none. */
    signUpDomains: text('sign_up_domains').array().notNull().default(sql`'{}'::text[]`),
    /** SAML identity provider of the company; null until configured (see SamlConfigColumn). */
    samlConfig: jsonb('saml_config').$type<SamlConfigColumn>(),
    /** Google (OpenID Connect) client of the company; null until configured. */
    googleConfig: jsonb('google_config').$type<OidcConfigColumn>(),
    /** Whether recovery may answer 305 for an unknown address (revealing which accounts exist). */
    revealUnknownEmails: boolean('reveal_unknown_emails').notNull().default(false),
    /** Who receives users' deletion requests; null means the company's first ADMIN. */
    dataRemovalEmail: text('data_removal_email'),
    teamsTenantId: uuid('teams_tenant_id'),
    /** Set by the operator (`chorus company suspend`): sign-in and every API request are refused until cleared. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    created: created(),
  },
  (t) => [
    uniqueIndex('companies_subdomain_key').on(t.subdomain),
    uniqueIndex('companies_teams_tenant_id_key').on(t.teamsTenantId),
    check('companies_subdomain_lower', sql`${t.subdomain} = lower(${t.subdomain})`),
  ],
);

/** People; the e-mail (their username) is stored lower-case and unique across companies. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    timezone: text('timezone').notNull().default('UTC'),
    avatar: text('avatar'),
    settings: jsonb('settings').$type<UserSettings>().notNull().default(DEFAULT_USER_SETTINGS),
    /** Set when the account is deactivated: the data is kept, sign-in is refused. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * When the address was proven by following a mailed link. Null only for self sign-ups (and
     * v1 group-invite sign-ups) that have not yet: they may read but not share, comment, suggest
     * or link networks, and are removed after 7 days. Every other way in sets it on insert.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    created: created(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** A user's role in one company. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('memberships_company_id_idx').on(t.companyId),
    check('memberships_role_range', sql`${t.role} between 1 and 4`),
  ],
);

/** Sessions: only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The company the session was started for. A token works only on that company's host, so a
     * company's identity provider or admin can never reach a shared user's other companies.
     */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    created: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
    /** The IdP session a SAML sign-in started, so sign-out can send the IdP a LogoutRequest. */
    samlSession: jsonb('saml_session').$type<SamlSessionColumn>(),
    /**
     * How the session was authenticated (see auth/auth-method.ts); the company switcher hands
     * over only to a company that accepts it. Null for sessions older than this column.
     */
    authMethod: jsonb('auth_method').$type<AuthMethodColumn>(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Topics of a company's library. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created: created(),
  },
  (t) => [uniqueIndex('categories_company_id_name_key').on(t.companyId, t.name)],
);

/** Library posts. A post is live when status is 1, start has passed and it has not expired. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    additionalContent: text('additional_content'),
    url: text('url'),
    type: smallint('type').notNull(),
    status: smallint('status').notNull().default(1),
    attachment: jsonb('attachment').$type<Attachment>(),
    media: jsonb('media').$type<PostMedia>().notNull().default({ images: [], videos: [] }),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    twitter: boolean('twitter').notNull().default(true),
    facebook: boolean('facebook').notNull().default(true),
    linkedin: boolean('linkedin').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    reactionsEnabled: boolean('reactions_enabled').notNull().default(true),
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    start: timestamp('start', { withTimezone: true }).notNull().defaultNow(),
    expiration: timestamp('expiration', { withTimezone: true }),
    created: created(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
    suggestedBy: integer('suggested_by').references(() => users.id, { onDelete: 'set null' }),
    /** When Teams users were told the post went live; null until the announce job sees it. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** Who wrote the post in the admin console (null for seeded, suggested or older posts, or a removed author). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The suggested caption per network (null: the post's own text), where a member's share modal starts. */
    captions: jsonb('captions').$type<SuggestedCaptions>().notNull().default({ twitter: null, facebook: null, linkedin: null }),
    /** When the post was deleted in the console (status DELETED_STATUS); purged POST_RESTORE_DAYS later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The status a restore gives back (set with deletedAt). */
    deletedStatus: smallint('deleted_status'),
    /**
     * A draft (or unpublished post) to go live when it is published, with no start of its own
     * (the editor's "at once"): publishing sets `start` then; until then `start` is only a placeholder.
     */
    startsOnPublish: boolean('starts_on_publish').notNull().default(false),
    /** Who approved or rejected the member's suggestion, and when (null until reviewed). */
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** A rejected suggestion's reason (core's SUGGESTION_REJECT_REASONS) and the note its member reads. */
    reviewReason: text('review_reason').$type<SuggestionRejectReason>(),
    reviewNote: text('review_note'),
    /**
     * Published shares of the post per network and in total, kept by statement triggers on shares
     * (migrations 0004 and the shares migration) so that top performing and the presenter never aggregate the shares.
     */
    twitterShares: integer('twitter_shares').notNull().default(0),
    facebookShares: integer('facebook_shares').notNull().default(0),
    linkedinShares: integer('linkedin_shares').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
  },
  (t) => [
    // The feed and list sort by (created desc, id desc) within a company. Migration 0029 adds
    // INCLUDE (status, start, expiration), which drizzle cannot declare: the visibility test then
    // reads the index alone (counts and page ids as index-only scans).
    index('posts_company_created_idx').on(t.companyId, t.created.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Top performing: (share_count desc, created desc, id desc) within a company.
    index('posts_company_share_count_idx').on(t.companyId, t.shareCount.desc().nullsFirst(), t.created.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Library search uses the generated tsvector column "search_vector" and its GIN index
    // posts_search_vector_idx, both created in SQL (migration 0007) and deliberately not declared
    // here: a declared column would ride along in every `select().from(posts)`. So is "topics"
    // (migration 0030), the post's topics as presented, kept by triggers on post_categories.
    index('posts_company_featured_idx').on(t.companyId, t.created.desc().nullsFirst()).where(sql`${t.isFeatured}`),
    index('posts_unannounced_idx').on(t.start).where(sql`${t.announcedAt} is null`),
    // The purge of deleted posts reads only these.
    index('posts_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // The suggestions queue: pending (0) and rejected (6) suggestions of a company (migration 0035).
    index('posts_suggestions_idx').on(t.companyId, t.status, t.created).where(sql`${t.status} in (0, 6)`),
  ],
);

/** Topics of each post; position 0 is the main topic. */
export const postCategories = pgTable(
  'post_categories',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] }), index('post_categories_category_id_idx').on(t.categoryId, t.postId)],
);

/** The share states (ARCHITECTURE.md "Jobs and delivery guarantees"; SHARE_STATES of the contract). */
export type ShareStateColumn = ShareState;

/** How a share reaches the network: our API call, or the network's own share page (intent). */
export type ShareMethodColumn = 'api' | 'intent';

/**
 * Every share of a post to a network, whatever its way: share now, queued or scheduled (the
 * queue issue), and intents (Facebook's share dialog, X's web intent). One state machine:
 * `queued -> publishing -> published | failed | unconfirmed`. The row is committed in
 * `publishing` before the network is called, so a crash never re-sends blindly. An intent is
 * `unconfirmed` while open and `published` once the person completes it; an unconfirmed API
 * share becomes `published` when the person confirms it. Only `published` rows count: the
 * statement triggers of the shares migration keep posts.share_count and the per-network counts,
 * so top performing and the presenter never aggregate shares. The sharer is set null when
 * their personal data is deleted; the share still counts, anonymously.
 */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** 1 Twitter/X, 2 Facebook, 3 LinkedIn. */
    network: smallint('network').notNull(),
    state: text('state').$type<ShareStateColumn>().notNull(),
    method: text('method').$type<ShareMethodColumn>().notNull().default('api'),
    /**
     * Whether a published share counts (posts' share counters, points, analytics). An intent
     * share counts once per member, post and network per UTC day; more are kept, uncounted.
     */
    counted: boolean('counted').notNull().default(true),
    /** Share-flow type of where the share started (0 to 9). */
    channel: smallint('channel').notNull().default(9),
    /** The page posted as (Facebook page, LinkedIn organization); null for the personal account. */
    pageId: text('page_id'),
    /** The caption as the person wrote it (the tracked link is added when publishing). */
    content: text('content').notNull().default(''),
    mentions: jsonb('mentions').$type<Mention[]>().notNull().default([]),
    snippet: jsonb('snippet').$type<SnippetChoice>(),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    aiEfficacy: doublePrecision('ai_efficacy').notNull().default(1),
    /** The tracked link the caption carries (clickthroughs per share). */
    linkId: integer('link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    /** When the person asked for it to be published (queue and schedule); null for share now. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The person's IANA zone when it was scheduled, so slots keep their local time. */
    timezone: text('timezone'),
    /** When a worker should take a queued share next (the schedule, then any retry backoff). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Publish attempts made (the network was called this many times). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the row last moved to publishing: a row left there past a timeout is recovered, never
     * re-sent blindly. A row with poll_state is a native video the share-video-poll job follows:
     * recovery leaves it to that job.
     */
    publishingAt: timestamp('publishing_at', { withTimezone: true }),
    networkPostId: text('network_post_id'),
    networkUrl: text('network_url'),
    /** Our catalogue code of the failure (661, 664, 202, ...), null when none. */
    errorCode: integer('error_code'),
    /** Why it failed or is unconfirmed: an outcome kind or the network's words, for support and My Shares. */
    errorReason: text('error_reason'),
    /** Followers or connections of the account at share time (potential reach). */
    audience: integer('audience'),
    /** The connector's poll handle while a native video is processing on the network. */
    pollState: jsonb('poll_state').$type<Record<string, unknown>>(),
    /** The published post's numbers as the network last reported them (jobs/share-metrics); null until then. */
    likes: integer('likes'),
    comments: integer('comments'),
    reshares: integer('reshares'),
    impressions: integer('impressions'),
    /** When the network was last asked for those numbers. */
    metricsAt: timestamp('metrics_at', { withTimezone: true }),
    created: created(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('shares_post_network_idx').on(t.postId, t.network),
    // The unshared filter, My Shares and the sharer's own look-ups.
    index('shares_user_idx').on(t.companyId, t.userId, t.postId),
    // The queue's workers take due shares in order (issue 15).
    index('shares_due_idx').on(t.dueAt).where(sql`${t.state} = 'queued'`),
    // A post is queued once per network per person (spec 4 "Queue"): two requests cannot both win.
    uniqueIndex('shares_one_queued_key').on(t.userId, t.postId, t.network).where(sql`${t.state} = 'queued'`),
    // Recovery of shares left in publishing by a crashed worker.
    index('shares_publishing_idx').on(t.publishingAt).where(sql`${t.state} = 'publishing'`),
    // The metrics job asks for the published shares asked about longest ago.
    index('shares_metrics_idx').on(t.metricsAt).where(sql`${t.state} = 'published' and ${t.networkPostId} is not null`),
    check('shares_network_shareable', sql`${t.network} in (1, 2, 3)`),
    check('shares_state_known', sql`${t.state} in ('queued', 'publishing', 'published', 'failed', 'unconfirmed', 'cancelled')`),
    check('shares_method_known', sql`${t.method} in ('api', 'intent')`),
    check('shares_channel_share_flow', sql`${t.channel} between 0 and 9`),
  ],
);

/** A share row. */
export type ShareRow = typeof shares.$inferSelect;

/**
 * Edits an admin or manager pushed to a member's queued share (content-library spec 4 "Pushed
 * admin edits"): NEW (0) until the member accepts (1, the caption is replaced) or rejects (2) it.
 * A share has at most one NEW edit: a newer push replaces it.
 */
export const pushedEdits = pgTable(
  'pushed_edits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    /** Who pushed it; null once their personal data is deleted. */
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(0),
    created: created(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pushed_edits_one_new_key').on(t.shareId).where(sql`${t.status} = 0`),
    check('pushed_edits_status_known', sql`${t.status} in (0, 1, 2)`),
  ],
);

/** A pushed edit row. */
export type PushedEditRow = typeof pushedEdits.$inferSelect;

/**
 * The event log (ARCHITECTURE.md "Event log"): every share outcome, intent, tracked click and
 * relink need, written in the same transaction as the change it records. Notifications,
 * leaderboards and dashboards read it; later features add kinds, not tables.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    network: smallint('network'),
    kind: text('kind').$type<EventKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created: created(),
  },
  (t) => [
    index('events_company_created_idx').on(t.companyId, t.created),
    index('events_user_created_idx').on(t.userId, t.created),
    index('events_post_kind_idx').on(t.postId, t.kind),
  ],
);

/** An event row. */
export type EventRow = typeof events.$inferSelect;

/**
 * Tracked short links (`/r/{code}`): one per person, post, share-flow type and network (null
 * for copy link and e-mail). The code is random (not guessable from ids); a visit records a
 * click and redirects to the post's url. Links outlive their person's deletion (user set
 * null) so published captions keep working.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    network: smallint('network'),
    /** Every visit, crawlers, link previews, prefetches and repeats included (the reach ledger's raw figure). */
    rawClicks: integer('raw_clicks').notNull().default(0),
    /** Visits that count: a person's (no crawler or preview), once per visitor per UTC day. */
    clicks: integer('clicks').notNull().default(0),
    created: created(),
  },
  (t) => [
    uniqueIndex('share_links_code_key').on(t.code),
    uniqueIndex('share_links_owner_key')
      .on(t.userId, t.postId, t.channel, sql`coalesce(${t.network}, 0)`)
      .where(sql`${t.userId} is not null`),
    check('share_links_channel_share_flow', sql`${t.channel} between 0 and 9`),
  ],
);

/** The person's saved caption of a post for one network (POST /post/edit-content). */
export const shareDrafts = pgTable(
  'share_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    network: smallint('network').notNull(),
    content: text('content').notNull(),
    mentions: jsonb('mentions').$type<Mention[]>().notNull().default([]),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId, t.network] }), check('share_drafts_network_shareable', sql`${t.network} in (1, 2, 3)`)],
);

/** Likes (reaction type 1). */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(1),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_reactions_user_id_idx').on(t.userId)],
);

/** Teams conversation references stored when the app is installed, for proactive messages. */
export const teamsConversations = pgTable(
  'teams_conversations',
  {
    conversationId: text('conversation_id').primaryKey(),
    tenantId: text('tenant_id'),
    aadObjectId: text('aad_object_id'),
    serviceUrl: text('service_url').notNull(),
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull(),
    locale: text('locale'),
    created: created(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('teams_conversations_tenant_id_idx').on(t.tenantId)],
);

/** A company row. */
export type CompanyRow = typeof companies.$inferSelect;
/** A user row. */
export type UserRow = typeof users.$inferSelect;
/** A post row. */
export type PostRow = typeof posts.$inferSelect;

/** Password tries of an address in its throttle window (error 308): one counter row per address. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the address tried (see auth/login-throttle.ts): unknown addresses count too. */
    emailKey: text('email_key').notNull(),
    /** The account of the address, if any, so a password reset can clear its failures. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Tries counted since the window started; a right password deletes the row. */
    failures: integer('failures').notNull().default(1),
    /** When the window started (its first counted try). */
    created: created(),
  },
  (t) => [index('login_failures_user_id_created_idx').on(t.userId, t.created), uniqueIndex('login_failures_email_key_key').on(t.emailKey)],
);

/** Fixed-window request counters for rate limiting (error 425), shared by every process. */
export const requestCounters = pgTable(
  'request_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('request_counters_window_start_idx').on(t.windowStart)],
);

/**
 * Single-purpose tokens sent by mail: password recovery, magic sign-in links, e-mail
 * verification. Only the SHA-256 of the 256-bit token is kept; used_at makes them single use.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: created(),
  },
  (t) => [uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash), index('one_time_tokens_user_id_idx').on(t.userId)],
);

/**
 * Invitations to a company. Version 2 invites name the person; version 1 invites may be group
 * invites (no e-mail), usable by several people up to max_uses. The code is a 256-bit token
 * kept only as a hash.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: smallint('version').notNull(),
    codeHash: text('code_hash').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: smallint('role').notNull().default(3),
    maxUses: integer('max_uses'),
    useCount: integer('use_count').notNull().default(0),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    created: created(),
  },
  (t) => [
    uniqueIndex('invites_code_hash_key').on(t.codeHash),
    index('invites_company_id_idx').on(t.companyId),
    check('invites_version', sql`${t.version} in (1, 2)`),
  ],
);

/**
 * Every mail Chorus sends. Without SMTP configured this table is the outbox (shown at
 * /dev/outbox in development); with SMTP, sent_at and error record delivery.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    language: text('language').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created: created(),
  },
  (t) => [index('outbox_mails_created_idx').on(t.created)],
);

/**
 * Identities from outside sign-in providers (SAML name ids, OpenID subjects, social network
 * accounts) linked to a user. A social account is stored before it has a user: the
 * verify-email flow links it once the person proves a work e-mail.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    /** `saml:<companyId>`, `google`, or a social network slug (`twitter`, `linkedin`, ...). */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email'),
    displayName: text('display_name'),
    created: created(),
  },
  (t) => [uniqueIndex('external_identities_provider_subject_key').on(t.provider, t.subject), index('external_identities_user_id_idx').on(t.userId)],
);

/** A page a linked account may post as: a Facebook business page or a LinkedIn company page. */
export interface SocialPageColumn {
  id: string;
  name: string;
  picture: string | null;
}

/**
 * Social network accounts a user linked for sharing (1 Twitter, 2 Facebook, 3 LinkedIn), one
 * per user and network. Tokens are kept for the publishing jobs; `pageId` names the page the
 * user posts as, null for the personal account. `isActive` turns false when the network
 * refuses the token, which asks the user to relink.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: smallint('network').notNull(),
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    picture: text('picture'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    pages: jsonb('pages').$type<SocialPageColumn[]>().notNull().default([]),
    pageId: text('page_id'),
    created: created(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_accounts_user_network_key').on(t.userId, t.network), check('social_accounts_network_shareable', sql`${t.network} in (1, 2, 3)`)],
);
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** Events a user's client reports (POST /cs/event), such as onboarding 'skipped' and 'finished'. */
export const userEvents = pgTable(
  'user_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    created: created(),
  },
  (t) => [index('user_events_user_company_idx').on(t.userId, t.companyId, t.event)],
);

/**
 * Topics a user follows, in the user's order. `locked` rows were added by an admin and cannot
 * be unfollowed by the user.
 */
export const categoryFollows = pgTable(
  'category_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] }), index('category_follows_company_user_idx').on(t.companyId, t.userId, t.position)],
);

/** Bookmarked posts. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('bookmarks_company_user_created_idx').on(t.companyId, t.userId, t.created)],
);

/** Posts a member dismissed from their feed ("Not interested"): kept out of their feed only. */
export const postDismissals = pgTable(
  'post_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** Users subscribed to a post's notifications (bookmarking subscribes, removing it unsubscribes). */
export const postSubscriptions = pgTable(
  'post_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_subscriptions_post_id_idx').on(t.postId)],
);

/** Comments on posts; `edited` is set when the author changes the text. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    created: created(),
    edited: timestamp('edited', { withTimezone: true }),
  },
  (t) => [index('comments_post_id_created_idx').on(t.postId, t.created), index('comments_user_id_idx').on(t.userId)],
);

/**
 * SAML AuthnRequest ids this server sent, so a response's InResponseTo must name one of them
 * (checked by node-saml through a cache provider on this table, shared by every process).
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    created: created(),
  },
  (t) => [index('saml_requests_created_idx').on(t.created)],
);

/** Binary column: Buffer in Node whichever driver (pg or PGlite) reads it. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Users' profile pictures, re-encoded on upload (never the bytes as sent). Kept in the
 * database rather than the media folder: they are served only to members of the user's
 * companies, and every API process can read them without a shared disk.
 */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  image: bytea('image').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Post cards a person saw (POST /track/post/impressions), one row per post, person, UTC day and
 * channel with a count: the feed sends them on every view, so the table grows with the people
 * and posts, not with the views. The person is set null when their personal data is deleted,
 * keeping the post's totals.
 */
export const postImpressions = pgTable(
  'post_impressions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The UTC day of the views. */
    day: date('day', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'UTC')::date`),
    /** Share-flow type of where the cards were shown (9 feed or topic, 2 recommendations, 4 Teams). */
    channel: smallint('channel').notNull(),
    count: integer('count').notNull().default(1),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The upsert's conflict target, and per-post look-ups.
    uniqueIndex('post_impressions_post_user_day_channel_key').on(t.postId, t.userId, t.day, t.channel),
    index('post_impressions_company_user_idx').on(t.companyId, t.userId),
    check('post_impressions_channel_share_flow', sql`${t.channel} between 0 and 9`),
  ],
);

/**
 * Who followed a tracked link on a day, as visitor keys (lib/visitor-key.ts: an HMAC of the
 * day, address and user agent, never the address), so a click counts once per visitor per link
 * per UTC day.
 */
export const linkVisits = pgTable(
  'link_visits',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.visitor] }), index('link_visits_day_idx').on(t.day)],
);

/**
 * Posts opened, or followed to their source (POST /track/post/{id}/clicks), one row per click
 * with the share-flow type of how the person got there.
 */
export const postClicks = pgTable(
  'post_clicks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: smallint('channel').notNull(),
    /** The network of a tracked link's click (`/r/{code}`), null for clicks inside the product. */
    network: smallint('network'),
    /** The tracked link followed; its person is the sharer, not the (outside) visitor. */
    linkId: integer('link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    created: created(),
  },
  (t) => [
    index('post_clicks_post_created_idx').on(t.postId, t.created),
    index('post_clicks_company_user_idx').on(t.companyId, t.userId),
    check('post_clicks_channel_share_flow', sql`${t.channel} between 0 and 9`),
  ],
);

/** A picture or video on a sandbox wall post: where members see it (our /media path or a signed URL). */
export interface SandboxMediaColumn {
  kind: 'image' | 'video';
  url: string;
  mimeType: string;
}

/**
 * What the embedded sandbox network "published" (connectors/sandbox): the sandbox wall of a
 * company shows these, each network styled like itself, so the whole sharing loop can be seen
 * without any real account.
 */
export const sandboxPosts = pgTable(
  'sandbox_posts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: smallint('network').notNull(),
    /** The account's sandbox id (`sandbox:{name}`), as the link stores it. */
    externalId: text('external_id').notNull(),
    authorName: text('author_name').notNull(),
    /** The page or company page posted as; null for the person. */
    pageName: text('page_name'),
    text: text('text').notNull(),
    link: text('link'),
    media: jsonb('media').$type<SandboxMediaColumn[]>().notNull().default([]),
    /** Our share id, so a repeat of the same share is the network's "duplicate". */
    shareId: integer('share_id').notNull(),
    created: created(),
  },
  (t) => [
    index('sandbox_posts_company_created_idx').on(t.companyId, t.created),
    uniqueIndex('sandbox_posts_network_share_key').on(t.network, t.shareId),
    check('sandbox_posts_network_shareable', sql`${t.network} in (1, 2, 3)`),
  ],
);

/**
 * Posts published through the X API, app-wide: X allows an app 10,000 posts per 24 hours
 * across every company and a person 100 per 15 minutes, and charges per post. A row is taken
 * (connectors/x/budget.ts) before each post; rows older than a day are pruned.
 */
export const xPostBudget = pgTable(
  'x_post_budget',
  {
    id: serial('id').primaryKey(),
    /** Null once the person is deleted: the post still counted toward the app's day. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created: created(),
  },
  (t) => [index('x_post_budget_created_idx').on(t.created), index('x_post_budget_user_created_idx').on(t.userId, t.created)],
);
/**
 * A company's compliance lists (content-library spec 5 "Compliance"): prohibited terms, limited
 * terms and the threshold, the most limited-term uses one caption may hold. Whether they are
 * checked is the `compliance_enabled` feature toggle. `version` grows with every change, so
 * each process knows when its compiled matcher is out of date. No row: empty lists.
 */
export const companyCompliance = pgTable('company_compliance', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  prohibited: text('prohibited').array().notNull().default(sql`'{}'::text[]`),
  limited: text('limited').array().notNull().default(sql`'{}'::text[]`),
  threshold: integer('threshold').notNull().default(3),
  version: integer('version').notNull().default(1),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
/**
 * What operators and admins did, for the admin screens: every provisioning command writes one
 * row in the same transaction as its change. The company is kept by id, not referenced, so a
 * deleted company's history stays.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** `cli:<os user>` for the provisioning command, `user:<id>` for a signed-in person. */
    actor: text('actor').notNull(),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    /** What the action was about (a subdomain, an e-mail address), or null. */
    target: text('target'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created: created(),
  },
  (t) => [index('audit_log_company_created_idx').on(t.companyId, t.created)],
);
