/**
 * Every route of the server, defined once: its method and path (the key, `METHOD path` as
 * Fastify registers it), who may call it, and how the request pipeline treats it. The server
 * registers its routes through these definitions (server/src/lib/serve.ts: a route missing here
 * fails at start-up), the client names the route it calls by the same key (ApiClient.call: the
 * path's parameters and the response schema are checked against it by the compiler), and the
 * attack suite (tests/security/attack-suite.test.ts) tries each route as each kind of caller its
 * access class refuses.
 *
 * A GET definition also covers the HEAD route Fastify adds for it. Access classes:
 * - public: works without a session (`why` says why);
 * - member: any signed-in member of the host's company;
 * - self: a member acting on their own account (the path's :id must be theirs);
 * - creator: content creators, managers and admins of the host's company (the admin console's
 *   content work: core's `posts.write` and `suggestions.review`);
 * - manager: managers and admins of the host's company;
 * - admin: admins of the host's company.
 *
 * Every route but these refuses a member who has not confirmed their e-mail address (490):
 * `unconfirmed` says why a route may be called before (the confirm-your-e-mail screen needs it).
 * State-changing routes (every method but GET and HEAD, and a GET marked `csrfProtected`) refuse
 * a cross-site request carrying only the session cookie; `crossSite` says why a route must accept
 * them (an identity provider's form post, a server calling).
 */
import type { z } from 'zod';
import { AdminSuggestion, AdminSuggestionListResponse, ApproveSuggestionResponse } from './admin-suggestions.ts';
import { CompanyFeaturesResponse } from './company-settings.ts';
import { AdminPost, AdminPostActionResponse, AdminPostAuthorsResponse, AdminPostListResponse, LinkPreviewResponse, PostImageResponse } from './admin-posts.ts';
import { AiCaptionResponse } from './ai-caption.ts';
import { AuditLogResponse } from './audit.ts';
import { SignOutResponse } from './auth.ts';
import { FollowTopicResponse, SortOrder, UserTopicListResponse } from './topic.ts';
import { CommentDeleteResponse, CommentListResponse, CommentSaveResponse } from './comment.ts';
import { ComplianceSettings, ComplianceValidateResponse } from './compliance.ts';
import { BrandedSettingsResponse, ConfigInfoResponse, TimezoneListResponse } from './config.ts';
import { EmailConfirmResponse } from './email-confirmation.ts';
import { InviteResponse, SignUpResponse } from './invite.ts';
import { MentionSearchResponse } from './mention-search.ts';
import { CsEventResponse, OnboardingEventsResponse } from './onboarding.ts';
import { BookmarkResponse, TopicListResponse, DismissResponse, FeedResponse, LastPostIdResponse, PostListResponse, PostResponse, SubscriptionResponse } from './post.ts';
import { DeactivateResponse, DeleteRequestResponse, DeletionConfirmedResponse, DeletionRejectedResponse, DeletionRequesterResponse, PersonalDataResponse, ReactivateResponse, SsoRemovalResponse } from './privacy.ts';
import { DeferredShareResponse, PushedEditResponse, TimelinePost, TimelineResponse } from './queue.ts';
import { ReactionResponse, ReactionUsersResponse, ShareUsersResponse } from './reaction.ts';
import { MagicLinkResponse, MailRequestedResponse, RecoverCheckResponse, ResetPasswordResponse } from './recovery.ts';
import { CopyLinkResponse, EditContentResponse, PostMetadataResponse, ShareIntentDoneResponse, ShareIntentResponse, ShareResponse, ShareSummary, SnippetResponse } from './share.ts';
import { CreateVerificationResponse, EmailVerificationResponse } from './social-sign-in.ts';
import { FacebookStatusResponse, LinkNetworkResponse, SocialNetworksResponse, UnlinkNetworkResponse, UsePageResponse } from './social.ts';
import { SsoDecryptTokenResponse } from './sso.ts';
import { SuggestImagesResponse } from './suggest.ts';
import { SwitchCompanyResponse, UpdateUserTimezoneResponse } from './top-bar.ts';
import { AnalyticsEventResponse, TrackClickResponse, TrackImpressionsResponse } from './track.ts';
import { AppLanguageResponse, ChangePasswordResponse, UserResponse } from './user.ts';

/** Who may call a route. */
export type RouteAccess = 'public' | 'member' | 'self' | 'creator' | 'manager' | 'admin';

/** One route's definition. */
export interface RouteDefinition {
  access: RouteAccess;
  /** Why the route is public (public routes only). */
  why?: string;
  /** Why a member who has not confirmed their e-mail address may call the route. */
  unconfirmed?: string;
  /** Why the route accepts cross-site requests (state-changing routes only). */
  crossSite?: string;
  /** The route works without a company, on any host (the bot endpoint, metrics, the dev outbox). */
  tenantOptional?: true;
  /** A GET that changes data: cached reads are retired when it answers. */
  writesData?: true;
  /** A GET that changes state (sign-out, dismiss): guarded against cross-site requests like a POST. */
  csrfProtected?: true;
  /** A write that no cached answer reads (tracking): it keeps the caches. */
  retiresCaches?: false;
  /** The answer's schema, where a client of ours calls the route (ApiClient.call checks it). */
  response?: z.ZodType;
}

export const ROUTES = {
  // Infrastructure and static files.
  'GET /health': { access: 'public', why: 'load balancer probe' },
  'GET /health/live': { access: 'public', why: 'liveness probe of orchestrators: says only that the process answers' },
  'GET /health/ready': { access: 'public', why: 'readiness probe of load balancers: ok or which dependency is down, nothing else' },
  'GET /metrics': { access: 'public', why: 'Prometheus scrape: 404 unless CHORUS_METRICS=on or a token, then the bearer token guards it (routes/metrics tests)', tenantOptional: true },
  'GET /media/link-image': { access: 'member' },
  'GET /media/*': { access: 'public', why: 'post media that social networks fetch (finding 14 narrows it)' },
  'GET /dev/outbox': { access: 'public', why: 'development outbox: not registered in production', tenantOptional: true },
  'GET /dev/outbox.html': { access: 'public', why: 'development outbox page: not registered in production', tenantOptional: true },
  'POST /api/messages': { access: 'public', why: 'Teams bot endpoint: Bot Framework authenticates itself with its own token', crossSite: 'called server to server by Bot Framework, never by a browser with our cookie', tenantOptional: true },

  // Company and configuration.
  'GET /api/v1/company/settings/branded-settings': { access: 'public', why: 'styles the sign-in page', response: BrandedSettingsResponse },
  'GET /api/v1/common/timezone': { access: 'public', why: 'the fixed time-zone list of sign-up', response: TimezoneListResponse },
  'GET /api/v1/config/info': { access: 'member', unconfirmed: 'the confirm-your-e-mail screen is branded and translated from it', response: ConfigInfoResponse },

  // Sign-in, sign-out, sign-up, recovery.
  'POST /api/v1/auth/sign-in': { access: 'public', why: 'signs in' },
  'GET /api/v1/auth/sign-out': { access: 'member', unconfirmed: 'anyone may sign out', csrfProtected: true, response: SignOutResponse },
  'POST /api/v1/auth/email/verification': { access: 'public', why: 'the verify-email page confirms a typed address with its mailed code' },
  'POST /api/v1/auth/sign-up': { access: 'public', why: 'self sign-up', response: SignUpResponse },
  'POST /api/v1/auth/sign-up/invite/:code': { access: 'public', why: 'sign-up through an invite code', response: SignUpResponse },
  'GET /api/v1/invite/code/:code': { access: 'public', why: 'the sign-up page reads its invite', response: InviteResponse },
  'GET /api/v1/invite/check/:code': { access: 'public', why: 'the sign-up page reads its invite', response: InviteResponse },
  'POST /api/v1/auth/recover': { access: 'public', why: 'forgotten password', response: MailRequestedResponse },
  'GET /api/v1/auth/recover-check/:code': { access: 'public', why: 'the reset page checks its code', response: RecoverCheckResponse },
  'POST /api/v1/auth/reset': { access: 'public', why: 'reset with a recovery code', response: ResetPasswordResponse },
  'POST /api/v1/auth/email/magic-link': { access: 'public', why: 'asks for a sign-in link', response: MailRequestedResponse },
  'GET /api/v1/auth/email/magic-link': { access: 'public', why: 'signs in with a mailed code', response: MagicLinkResponse },
  'POST /api/v1/auth/login-assistance': { access: 'public', why: 'find your team (mails the address)', response: MailRequestedResponse },
  'POST /api/v1/auth/sign-up/join': { access: 'public', why: 'an account of another company joins this one with the mailed join code', response: SignUpResponse },
  'POST /api/v1/auth/email/confirm': { access: 'public', why: 'the mailed confirmation code confirms the address', response: EmailConfirmResponse },
  'POST /api/v1/auth/email/confirmation': { access: 'member', unconfirmed: 'mails the confirmation link again', response: MailRequestedResponse },
  'POST /api/v1/auth/sso/decrypt-token': { access: 'public', why: 'redeems an SSO exchange token', response: SsoDecryptTokenResponse },
  'POST /api/v1/auth/switch-company': { access: 'member', response: SwitchCompanyResponse },

  // SAML and Google (browser navigations to and from the identity provider).
  'GET /api/v1/auth/saml/sign-in': { access: 'public', why: 'starts SAML sign-in' },
  'GET /api/v1/auth/saml/sign-up': { access: 'public', why: 'starts SAML sign-up' },
  'POST /api/v1/auth/saml/callback': { access: 'public', why: 'SAML assertion consumer service', crossSite: 'the identity provider\'s page posts the signed assertion as a cross-site form' },
  'GET /api/v1/auth/saml/metadata': { access: 'public', why: 'service provider metadata for the IdP' },
  'GET /api/v1/auth/saml/logout': { access: 'public', why: 'single logout round trip through the IdP' },
  'GET /api/v1/auth/google/sign-in': { access: 'public', why: 'starts Google sign-in' },
  'GET /api/v1/auth/google/sign-up': { access: 'public', why: 'starts Google sign-up' },
  'GET /api/v1/auth/google/callback': { access: 'public', why: 'Google\'s redirect back (OAuth callback)' },

  // Social sign-in and e-mail verification.
  'POST /api/v1/auth/sign-in/create-verification': { access: 'public', why: 'mails a verification link after social sign-in (bound to the pending cookie)', response: CreateVerificationResponse },
  'GET /api/v1/auth/email/verification': { access: 'public', why: 'the mailed verification link signs in', response: EmailVerificationResponse },
  'GET /api/v1/auth/sign-in/:network': { access: 'public', why: 'starts social sign-in' },
  'GET /api/v1/auth/sign-in/:network/callback': { access: 'public', why: 'the network\'s redirect back (OAuth callback)' },
  'GET /api/v1/auth/sandbox/:network/authorize': { access: 'public', why: 'sandbox network consent page (stands in for the network)' },
  'GET /api/v1/auth/sandbox/:network/decide': { access: 'public', why: 'sandbox network consent answer (stands in for the network)' },

  // Users.
  'GET /api/v1/user/:id': { access: 'member', unconfirmed: 'the member\'s own profile only (another\'s answers 490: finding-39)', response: UserResponse },
  'POST /api/v1/user/:id': { access: 'self', response: UserResponse },
  'POST /api/v1/user/password': { access: 'member', response: ChangePasswordResponse },
  'POST /api/v1/user/:id/picture': { access: 'self' },
  'DELETE /api/v1/user/:id/picture': { access: 'self', response: UserResponse },
  'GET /api/v1/user/:id/avatar': { access: 'member' },
  'POST /api/v1/user/app/language': { access: 'member', response: AppLanguageResponse },
  'PATCH /api/v4/user': { access: 'member', response: UpdateUserTimezoneResponse },

  // Privacy and deletion.
  'GET /api/v1/user/personal-data': { access: 'member', response: PersonalDataResponse },
  'POST /api/v1/user/deactivate': { access: 'member', response: DeactivateResponse },
  'POST /api/v1/user/delete-request': { access: 'member', response: DeleteRequestResponse },
  'DELETE /api/v1/auth/sso/validate': { access: 'member', response: SsoRemovalResponse },
  'DELETE /api/v1/auth/google/validate': { access: 'member', response: SsoRemovalResponse },
  'POST /api/v1/user/:id/reactivate': { access: 'admin', response: ReactivateResponse },
  'GET /api/v1/user/confirm/:delete_token': { access: 'admin', response: DeletionRequesterResponse },
  'DELETE /api/v1/user/confirm/:delete_token': { access: 'admin', response: DeletionConfirmedResponse },
  'POST /api/v1/user/reject': { access: 'admin', response: DeletionRejectedResponse },

  // Company single sign-on settings.
  'GET /api/v1/company/settings/sso': { access: 'admin' },
  'PUT /api/v1/company/settings/sso/saml': { access: 'admin' },
  'DELETE /api/v1/company/settings/sso/saml': { access: 'admin' },
  'PUT /api/v1/company/settings/sso/google': { access: 'admin' },
  'DELETE /api/v1/company/settings/sso/google': { access: 'admin' },
  'GET /api/v1/company/settings/features': { access: 'admin', response: CompanyFeaturesResponse },
  'PUT /api/v1/company/settings/features': { access: 'admin', response: CompanyFeaturesResponse },
  'GET /api/v1/company/settings/compliance': { access: 'admin', response: ComplianceSettings },
  'PUT /api/v1/company/settings/compliance': { access: 'admin', response: ComplianceSettings },

  // The admin console: posts (content creators up; status changes managers up) and the audit log.
  'GET /api/v1/admin/posts': { access: 'creator', response: AdminPostListResponse },
  'GET /api/v1/admin/posts/authors': { access: 'creator', response: AdminPostAuthorsResponse },
  'GET /api/v1/admin/posts/:id': { access: 'creator', response: AdminPost },
  'POST /api/v1/admin/posts': { access: 'creator', response: AdminPost },
  'PUT /api/v1/admin/posts/:id': { access: 'creator', response: AdminPost },
  'POST /api/v1/admin/posts/images': { access: 'creator', response: PostImageResponse },
  'POST /api/v1/admin/posts/link-preview': { access: 'creator', response: LinkPreviewResponse },
  'POST /api/v1/admin/posts/actions': { access: 'manager', response: AdminPostActionResponse },
  'GET /api/v1/admin/audit': { access: 'manager', response: AuditLogResponse },
  // The admin console's suggestions queue (content creators up: `suggestions.review`).
  'GET /api/v1/admin/suggestions': { access: 'creator', response: AdminSuggestionListResponse },
  'POST /api/v1/admin/suggestions/:id/approve': { access: 'creator', response: ApproveSuggestionResponse },
  'POST /api/v1/admin/suggestions/:id/reject': { access: 'creator', response: AdminSuggestion },

  // Topics.
  'GET /api/v1/category': { access: 'member', response: TopicListResponse },
  'GET /api/v2/user/category': { access: 'member', response: UserTopicListResponse },
  'GET /api/v2/user/category/search': { access: 'member', response: UserTopicListResponse },
  'POST /api/v2/user/category': { access: 'member', response: FollowTopicResponse },
  'DELETE /api/v2/user/category': { access: 'member', response: FollowTopicResponse },
  'GET /api/v2/user/category/sort-order': { access: 'member', response: SortOrder },
  'POST /api/v2/user/category/sort-order': { access: 'member', response: SortOrder },

  // Posts.
  'GET /api/v4/post/feed': { access: 'member', response: FeedResponse },
  'GET /api/v4/post/': { access: 'member', response: PostListResponse },
  'GET /api/v4/post/last-post-id': { access: 'member', response: LastPostIdResponse },
  'GET /api/v4/post/:id': { access: 'member', response: PostResponse },
  'GET /api/v1/post/dismiss/:id': { access: 'member', writesData: true, csrfProtected: true, response: DismissResponse },
  'DELETE /api/v1/post/dismiss/:id': { access: 'member', response: DismissResponse },
  'POST /api/v2/post/:id/bookmark': { access: 'member', response: BookmarkResponse },
  'DELETE /api/v2/post/:id/bookmark': { access: 'member', response: BookmarkResponse },
  'POST /api/v2/post/:id/notification/subscribe': { access: 'member', response: SubscriptionResponse },
  'POST /api/v2/post/:id/notification/unsubscribe': { access: 'member', response: SubscriptionResponse },
  'POST /api/v2/post/:postId/reaction/type/:typeId': { access: 'member', response: ReactionResponse },
  'DELETE /api/v2/post/:postId/reaction/type/:typeId': { access: 'member', response: ReactionResponse },
  'GET /api/v2/post/:postId/reaction/type/:typeId/users': { access: 'member', response: ReactionUsersResponse },
  'GET /api/v2/post/:postId/shares/users': { access: 'member', response: ShareUsersResponse },
  'GET /api/v2/post/:postId/comment': { access: 'member', response: CommentListResponse },
  'POST /api/v2/post/:postId/comment/:id': { access: 'member', response: CommentSaveResponse },
  'DELETE /api/v2/post/:postId/comment/:id': { access: 'member', response: CommentDeleteResponse },
  'DELETE /api/v2/manager/post/:postId/comment/:id': { access: 'manager', response: CommentDeleteResponse },
  'POST /api/v1/post/suggest-images': { access: 'member', response: SuggestImagesResponse },
  'POST /api/v1/post/suggestion/mobile': { access: 'member' },
  'POST /api/v1/track/post/impressions': { access: 'member', retiresCaches: false, response: TrackImpressionsResponse },
  'POST /api/v1/track/post/:id/clicks': { access: 'member', retiresCaches: false, response: TrackClickResponse },
  'POST /api/v1/track/analytics': { access: 'member', retiresCaches: false, response: AnalyticsEventResponse },

  // Captions: compliance check, mention search, AI captions.
  'POST /api/v2/compliance/validate': { access: 'member', response: ComplianceValidateResponse },
  'GET /api/v2/social/:networkId/search': { access: 'member', response: MentionSearchResponse },
  'POST /api/v4/ai/user/post/caption': { access: 'member', response: AiCaptionResponse },

  // Onboarding events.
  'POST /api/v1/cs/event': { access: 'member', response: CsEventResponse },
  'GET /api/v1/cs/onboarding': { access: 'member', response: OnboardingEventsResponse },

  // Linked social networks.
  'GET /api/v1/social/networks': { access: 'member', response: SocialNetworksResponse },
  'GET /api/v1/social/networks/facebook': { access: 'member', response: FacebookStatusResponse },
  'POST /api/v1/social/link-:network': { access: 'member', response: LinkNetworkResponse },
  'POST /api/v1/social/unlink-:network': { access: 'member', response: UnlinkNetworkResponse },
  'POST /api/v1/social/use-page': { access: 'member', response: UsePageResponse },
  'GET /api/v1/social/sandbox/:network/authorize': { access: 'public', why: 'sandbox network consent page (stands in for the network)' },
  'GET /sandbox/wall': { access: 'member' },
  'GET /api/v1/social/sandbox/:network/decide': { access: 'public', why: 'sandbox network consent answer (stands in for the network)', writesData: true },
  'GET /api/v1/social/callback/:network': { access: 'public', why: 'the network\'s redirect back (OAuth callback, bound to the link\'s state)', writesData: true },

  // Sharing (share now, intents, copy link, tracked links, the share modal's reads and drafts).
  'POST /api/v3/share/:network/:postId': { access: 'member', response: ShareResponse },
  'POST /api/v3/share/copy-link': { access: 'member', response: CopyLinkResponse },
  'POST /api/v3/share/intent': { access: 'member', response: ShareIntentResponse },
  'POST /api/v3/share/intent/:id': { access: 'member', response: ShareIntentDoneResponse },
  'GET /manifest.webmanifest': { access: 'public', why: 'web app manifest the browser reads before sign-in (the company\'s public name and colour)' },
  'GET /app-icon/:file': { access: 'public', why: 'the installable app\'s icon (the company\'s initial and colour)' },
  'GET /sw.js': { access: 'public', why: 'the service worker script, fetched by the browser at the site\'s root' },
  'GET /r/:code': { access: 'public', why: 'tracked short link in published captions, followed by anyone on the network' },
  'GET /api/v3/post/:postId/snippet': { access: 'member', response: SnippetResponse },
  'GET /api/v5/post/:postId/metadata': { access: 'member', response: PostMetadataResponse },
  'POST /api/v1/post/edit-content': { access: 'member', response: EditContentResponse },

  // Queue, schedule and My Shares (issue 15): the person's own shares only.
  'POST /api/v4/post/deferred': { access: 'member', response: DeferredShareResponse },
  'POST /api/v4/post/deferred/queue': { access: 'member', response: DeferredShareResponse },
  'PUT /api/v4/post/deferred/:id': { access: 'member', response: DeferredShareResponse },
  'DELETE /api/v4/post/deferred/:id': { access: 'member' },
  'PATCH /api/v4/post/deferred/:id/pushed-edit': { access: 'member', response: PushedEditResponse },
  'POST /api/v4/admin/post/deferred/:id/pushed-edit': { access: 'manager' },
  'POST /api/v4/admin/post/:postId/auto-queue': { access: 'manager' },
  'GET /api/v5/post/timeline/shared': { access: 'member', response: TimelineResponse },
  'GET /api/v5/post/timeline/queued': { access: 'member', response: TimelineResponse },
  'GET /api/v5/post/timeline/queued/:id': { access: 'member', response: TimelinePost },
  'POST /api/v5/post/share/:id/retry': { access: 'member', response: ShareSummary },
  'POST /api/v5/post/share/:id/resolve': { access: 'member', response: ShareSummary },
} as const satisfies Record<string, RouteDefinition>;

/** A route's key: `METHOD path`. */
export type RouteKey = keyof typeof ROUTES;

export type { RouteMethod } from './route-paths.ts';

type PathOf<K extends string> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** The values of a route's path parameters (`:postId` and the like), by name. */
export type RouteParams<K extends string> = { [Name in ParamNames<PathOf<K>>]: string | number };

/** The response schema a route's definition names (ZodType where it names none). */
export type RouteResponse<K extends RouteKey> = (typeof ROUTES)[K] extends { response: infer R extends z.ZodType } ? R : z.ZodType;

export { routeParts, routePath } from './route-paths.ts';
