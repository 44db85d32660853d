/**
 * A request to each route of the server that only the access check should refuse, by the key of
 * the route's definition in core (contract/routes.ts), where who may call it is declared. The
 * attack suite (attack-suite.test.ts) fails for a defined route missing here, and the compiler
 * for an entry whose route is no longer defined.
 */
import { CONFIRM_PHRASE, NEW_COMMENT_ID, OnboardingEvent, ShareFlowType, type RouteKey } from '@chorus/core';
import type { CompanyRow, UserRow } from '../../server/src/db/schema.ts';
import { TEST_PASSWORD } from '../../server/src/test/factories.ts';

/** The shared fixture the requests name (ids of real rows). */
export interface Fixture {
  acme: CompanyRow;
  globex: CompanyRow;
  acmeUser: UserRow;
  acmeAdmin: UserRow;
  /** A live Acme post with likes and comments on. */
  postId: number;
  /** A comment of acmeUser on that post. */
  commentId: number;
  /** An Acme topic. */
  categoryId: number;
}

/** The caller of a request: a user, and rows prepared for them by the entry's `setup`. */
export interface Caller {
  user: UserRow;
  /** A comment of the caller's own, where the entry's setup made one. */
  ownCommentId?: number;
}

/** A request as the suite sends it (method from the key, host and headers from the case). */
export interface RouteRequest {
  url: string;
  /** JSON body. */
  body?: unknown;
  /** Multipart form fields (sent instead of a JSON body). */
  form?: Record<string, string>;
}

/** One route's request. */
export interface RouteEntry {
  /** Why the signed-in control is not run (the route refuses the fixture's honest request for another reason). */
  noControl?: string;
  /** Rows the caller needs for an honest request (their own comment, ...). */
  setup?: 'own-comment';
  /** A request that passes validation, so the access check is what answers. */
  request: (f: Fixture, me: Caller) => RouteRequest;
}

const path = (url: string) => () => ({ url });

/** An honest draft of the admin console's editor. */
const ADMIN_POST_DRAFT = {
  title: 'Drafted from the attack suite',
  content: 'A caption',
  hashtags: [],
  url: null,
  images: [],
  networks: { twitter: true, facebook: true, linkedin: true },
  topic_ids: [],
  is_featured: false,
  is_reactions_enabled: true,
  is_comments_enabled: true,
  start: null,
  expiration: null,
  captions: { twitter: null, facebook: null, linkedin: null },
};

/** Every route of the server. */
export const ROUTE_TABLE: Record<RouteKey, RouteEntry> = {
  // Infrastructure and static files.
  'GET /health': { request: path('/health') },
  'GET /health/live': { request: path('/health/live') },
  'GET /health/ready': { request: path('/health/ready') },
  'GET /metrics': { request: path('/metrics') },
  'GET /media/link-image': {
    noControl: 'answers only urls the server signed for the company (suggest-images, the snippet); the suite cannot sign one, so a member is answered 404',
    request: path('/media/link-image?url=https%3A%2F%2Fexample.com%2Fa.png&sig=unsigned'),
  },
  'GET /media/*': { request: path('/media/none.jpg') },
  'GET /dev/outbox': { request: path('/dev/outbox') },
  'GET /dev/outbox.html': { request: path('/dev/outbox.html') },
  'POST /api/messages': {
    request: () => ({ url: '/api/messages', body: {} }),
  },

  // Company and configuration.
  'GET /api/v1/company/settings/branded-settings': { request: path('/api/v1/company/settings/branded-settings') },
  'GET /api/v1/common/timezone': { request: path('/api/v1/common/timezone') },
  'GET /api/v1/config/info': { request: path('/api/v1/config/info') },

  // Sign-in, sign-out, sign-up, recovery.
  'POST /api/v1/auth/sign-in': {
    request: (f) => ({ url: '/api/v1/auth/sign-in', body: { email: f.acmeUser.email, password: TEST_PASSWORD } }),
  },
  'GET /api/v1/auth/sign-out': { request: path('/api/v1/auth/sign-out') },
  'POST /api/v1/auth/email/verification': { request: () => ({ url: '/api/v1/auth/email/verification', body: { code: 'nocode' } }) },
  'POST /api/v1/auth/sign-up': {
    request: () => ({
      url: '/api/v1/auth/sign-up',
      body: { first_name: 'Eve', last_name: 'Attacker', username: 'eve.csrf@acme.example', password: TEST_PASSWORD, timezone: 'Europe/Paris', agree: true, company_name: 'Acme' },
    }),
  },
  'POST /api/v1/auth/sign-up/invite/:code': {
    request: () => ({ url: '/api/v1/auth/sign-up/invite/nocode', body: { first_name: 'Eve', last_name: 'Attacker', password: TEST_PASSWORD, confirm_password: TEST_PASSWORD } }),
  },
  'GET /api/v1/invite/code/:code': { request: path('/api/v1/invite/code/nocode') },
  'GET /api/v1/invite/check/:code': { request: path('/api/v1/invite/check/nocode') },
  'POST /api/v1/auth/recover': { request: (f) => ({ url: '/api/v1/auth/recover', body: { username: f.acmeUser.email } }) },
  'GET /api/v1/auth/recover-check/:code': { request: path('/api/v1/auth/recover-check/nocode') },
  'POST /api/v1/auth/reset': {
    request: () => ({ url: '/api/v1/auth/reset', body: { recover_code: 'nocode', password_1: 'New!pass12', password_2: 'New!pass12' } }),
  },
  'POST /api/v1/auth/email/magic-link': { request: (f) => ({ url: '/api/v1/auth/email/magic-link', body: { username: f.acmeUser.email } }) },
  'GET /api/v1/auth/email/magic-link': { request: path('/api/v1/auth/email/magic-link?code=nocode') },
  'POST /api/v1/auth/login-assistance': { request: (f) => ({ url: '/api/v1/auth/login-assistance', body: { email: f.acmeUser.email } }) },
  'POST /api/v1/auth/sign-up/join': {
    request: () => ({ url: '/api/v1/auth/sign-up/join', body: { code: 'nocode', password: TEST_PASSWORD } }),
  },
  'POST /api/v1/auth/email/confirm': { request: () => ({ url: '/api/v1/auth/email/confirm', body: { code: 'nocode' } }) },
  'POST /api/v1/auth/email/confirmation': { request: path('/api/v1/auth/email/confirmation') },
  'POST /api/v1/auth/sso/decrypt-token': { request: () => ({ url: '/api/v1/auth/sso/decrypt-token', body: { encrypted_token: 'nocode' } }) },
  'POST /api/v1/auth/switch-company': { request: (f) => ({ url: '/api/v1/auth/switch-company', body: { company_id: f.acme.id } }) },

  // SAML and Google (browser navigations to and from the identity provider).
  'GET /api/v1/auth/saml/sign-in': { request: path('/api/v1/auth/saml/sign-in') },
  'GET /api/v1/auth/saml/sign-up': { request: path('/api/v1/auth/saml/sign-up?code=nocode') },
  'POST /api/v1/auth/saml/callback': {
    request: () => ({ url: '/api/v1/auth/saml/callback', body: { SAMLResponse: 'none' } }),
  },
  'GET /api/v1/auth/saml/metadata': { request: path('/api/v1/auth/saml/metadata') },
  'GET /api/v1/auth/saml/logout': { request: path('/api/v1/auth/saml/logout') },
  'GET /api/v1/auth/google/sign-in': { request: path('/api/v1/auth/google/sign-in') },
  'GET /api/v1/auth/google/sign-up': { request: path('/api/v1/auth/google/sign-up?code=nocode') },
  'GET /api/v1/auth/google/callback': { request: path('/api/v1/auth/google/callback') },

  // Social sign-in and e-mail verification.
  'POST /api/v1/auth/sign-in/create-verification': {
    request: () => ({ url: '/api/v1/auth/sign-in/create-verification', body: { usa_id: 1, email: 'eve@acme.example' } }),
  },
  'GET /api/v1/auth/email/verification': { request: path('/api/v1/auth/email/verification?code=nocode') },
  'GET /api/v1/auth/sign-in/:network': { request: path('/api/v1/auth/sign-in/linkedin') },
  'GET /api/v1/auth/sign-in/:network/callback': { request: path('/api/v1/auth/sign-in/linkedin/callback?state=none&code=none') },
  'GET /api/v1/auth/sandbox/:network/authorize': { request: path('/api/v1/auth/sandbox/linkedin/authorize?state=none') },
  'GET /api/v1/auth/sandbox/:network/decide': { request: path('/api/v1/auth/sandbox/linkedin/decide?state=none') },

  // Users.
  'GET /api/v1/user/:id': {
    request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}` }),
  },
  'POST /api/v1/user/:id': { request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}`, body: { first_name: 'Mallory' } }) },
  'POST /api/v1/user/password': {
    request: () => ({ url: '/api/v1/user/password', body: { current_password: TEST_PASSWORD, new_password: 'New!pass12', confirm_new_password: 'New!pass12' } }),
  },
  'POST /api/v1/user/:id/picture': { request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}/picture`, form: { note: 'no file' } }) },
  'DELETE /api/v1/user/:id/picture': { request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}/picture` }) },
  'GET /api/v1/user/:id/avatar': { request: (f) => ({ url: `/api/v1/user/${f.acmeAdmin.id}/avatar` }) },
  'POST /api/v1/user/app/language': { request: () => ({ url: '/api/v1/user/app/language', body: { language: 'fr-CA' } }) },
  'PATCH /api/v4/user': { request: () => ({ url: '/api/v4/user', body: { timezone: 'Europe/Paris' } }) },

  // Privacy and deletion.
  'GET /api/v1/user/personal-data': { request: path('/api/v1/user/personal-data') },
  'POST /api/v1/user/deactivate': { request: () => ({ url: '/api/v1/user/deactivate', body: { password: TEST_PASSWORD } }) },
  'POST /api/v1/user/delete-request': { request: () => ({ url: '/api/v1/user/delete-request', body: { password: TEST_PASSWORD } }) },
  'DELETE /api/v1/auth/sso/validate': {
    noControl: 'Acme signs in with a password, so removal through SAML answers 403 to everyone there',
    request: () => ({ url: '/api/v1/auth/sso/validate', body: { do_delete: false, password: CONFIRM_PHRASE } }),
  },
  'DELETE /api/v1/auth/google/validate': {
    noControl: 'Acme signs in with a password, so removal through Google answers 403 to everyone there',
    request: () => ({ url: '/api/v1/auth/google/validate', body: { do_delete: false, password: CONFIRM_PHRASE } }),
  },
  'POST /api/v1/user/:id/reactivate': { request: (f) => ({ url: `/api/v1/user/${f.acmeUser.id}/reactivate` }) },
  'GET /api/v1/user/confirm/:delete_token': { request: path('/api/v1/user/confirm/notatoken') },
  'DELETE /api/v1/user/confirm/:delete_token': { request: path('/api/v1/user/confirm/notatoken') },
  'POST /api/v1/user/reject': { request: () => ({ url: '/api/v1/user/reject', body: { delete_token: 'notatoken' } }) },

  // Company single sign-on settings.
  'GET /api/v1/company/settings/sso': { request: path('/api/v1/company/settings/sso') },
  'PUT /api/v1/company/settings/sso/saml': {
    request: () => ({ url: '/api/v1/company/settings/sso/saml', body: { entry_point: 'https://idp.evil.example/sso', idp_issuer: 'https://idp.evil.example', idp_cert: 'not-a-certificate' } }),
  },
  'DELETE /api/v1/company/settings/sso/saml': { request: path('/api/v1/company/settings/sso/saml') },
  'PUT /api/v1/company/settings/sso/google': {
    request: () => ({ url: '/api/v1/company/settings/sso/google', body: { issuer: 'https://idp.evil.example', client_id: 'evil', client_secret: 'evil' } }),
  },
  'DELETE /api/v1/company/settings/sso/google': { request: path('/api/v1/company/settings/sso/google') },
  'GET /api/v1/company/settings/compliance': { request: path('/api/v1/company/settings/compliance') },
  'PUT /api/v1/company/settings/compliance': {
    request: () => ({ url: '/api/v1/company/settings/compliance', body: { enabled: false, prohibited: ['set from another site'], limited: [], threshold: 0 } }),
  },

  // Topics.
  'GET /api/v1/category': { request: path('/api/v1/category') },
  'GET /api/v2/user/category': { request: path('/api/v2/user/category') },
  'GET /api/v2/user/category/search': { request: path('/api/v2/user/category/search?q=topic') },
  'POST /api/v2/user/category': { request: (f) => ({ url: '/api/v2/user/category', body: { category_id: f.categoryId } }) },
  'DELETE /api/v2/user/category': { request: (f) => ({ url: `/api/v2/user/category?category_id=${f.categoryId}` }) },
  'GET /api/v2/user/category/sort-order': { request: path('/api/v2/user/category/sort-order') },
  'POST /api/v2/user/category/sort-order': { request: (f) => ({ url: '/api/v2/user/category/sort-order', body: { sort_order: [f.categoryId] } }) },

  // Posts.
  'GET /api/v4/post/feed': { request: path('/api/v4/post/feed') },
  'GET /api/v4/post/': { request: path('/api/v4/post/') },
  'GET /api/v4/post/last-post-id': { request: path('/api/v4/post/last-post-id') },
  'GET /api/v4/post/:id': { request: (f) => ({ url: `/api/v4/post/${f.postId}` }) },
  'GET /api/v1/post/dismiss/:id': { request: (f) => ({ url: `/api/v1/post/dismiss/${f.postId}` }) },
  'DELETE /api/v1/post/dismiss/:id': { request: (f) => ({ url: `/api/v1/post/dismiss/${f.postId}` }) },
  'POST /api/v2/post/:id/bookmark': { request: (f) => ({ url: `/api/v2/post/${f.postId}/bookmark` }) },
  'DELETE /api/v2/post/:id/bookmark': { request: (f) => ({ url: `/api/v2/post/${f.postId}/bookmark` }) },
  'POST /api/v2/post/:id/notification/subscribe': { request: (f) => ({ url: `/api/v2/post/${f.postId}/notification/subscribe` }) },
  'POST /api/v2/post/:id/notification/unsubscribe': { request: (f) => ({ url: `/api/v2/post/${f.postId}/notification/unsubscribe` }) },
  'POST /api/v2/post/:postId/reaction/type/:typeId': { request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1` }) },
  'DELETE /api/v2/post/:postId/reaction/type/:typeId': { request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1` }) },
  'GET /api/v2/post/:postId/reaction/type/:typeId/users': { request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1/users` }) },
  'GET /api/v2/post/:postId/shares/users': { request: (f) => ({ url: `/api/v2/post/${f.postId}/shares/users` }) },
  'GET /api/v2/post/:postId/comment': { request: (f) => ({ url: `/api/v2/post/${f.postId}/comment` }) },
  'POST /api/v2/post/:postId/comment/:id': { request: (f) => ({ url: `/api/v2/post/${f.postId}/comment/${NEW_COMMENT_ID}`, body: { content: 'Posted from another site' } }) },
  'DELETE /api/v2/post/:postId/comment/:id': {
    setup: 'own-comment',
    request: (f, me) => ({ url: `/api/v2/post/${f.postId}/comment/${me.ownCommentId ?? f.commentId}` }),
  },
  'DELETE /api/v2/manager/post/:postId/comment/:id': { request: (f) => ({ url: `/api/v2/manager/post/${f.postId}/comment/${f.commentId}` }) },
  'POST /api/v1/post/suggest-images': { request: () => ({ url: '/api/v1/post/suggest-images', body: { url: 'http://127.0.0.1:9/' } }) },
  'POST /api/v1/post/suggestion/mobile': { request: () => ({ url: '/api/v1/post/suggestion/mobile', form: { content: 'Suggested from another site' } }) },
  'POST /api/v1/track/post/impressions': { request: (f) => ({ url: '/api/v1/track/post/impressions', body: { post_ids: [f.postId] } }) },
  'POST /api/v1/track/post/:id/clicks': { request: (f) => ({ url: `/api/v1/track/post/${f.postId}/clicks`, body: { channel: ShareFlowType.feedOrTopic } }) },
  'POST /api/v1/track/analytics': { request: () => ({ url: '/api/v1/track/analytics', body: { type: 'page', name: '/' } }) },

  // Captions: compliance check, mention search, AI captions.
  'POST /api/v2/compliance/validate': { request: (f) => ({ url: '/api/v2/compliance/validate', body: { post_id: f.postId, network_id: 3, content: 'A caption', session_index: 'attack' } }) },
  'GET /api/v2/social/:networkId/search': { request: path('/api/v2/social/3/search?q=contoso') },
  'POST /api/v4/ai/user/post/caption': {
    noControl: 'the fixture company has AI captions off and a new member has given no AI consent (403)',
    request: (f) => ({ url: '/api/v4/ai/user/post/caption', body: { target_social_network: 3, tones: ['Friendly'], post_id: f.postId, caption: '', title: '' } }),
  },

  // Onboarding events.
  'POST /api/v1/cs/event': { request: () => ({ url: '/api/v1/cs/event', body: { event: OnboardingEvent.SKIPPED } }) },
  'GET /api/v1/cs/onboarding': { request: path('/api/v1/cs/onboarding') },

  // Linked social networks.
  'GET /api/v1/social/networks': { request: path('/api/v1/social/networks') },
  'GET /api/v1/social/networks/facebook': { request: path('/api/v1/social/networks/facebook') },
  'POST /api/v1/social/link-:network': { request: () => ({ url: '/api/v1/social/link-linkedin', body: {} }) },
  'POST /api/v1/social/unlink-:network': { request: () => ({ url: '/api/v1/social/unlink-linkedin' }) },
  'POST /api/v1/social/use-page': { request: () => ({ url: '/api/v1/social/use-page', body: { action: 'use-page', page: 'page-1' } }) },
  'GET /api/v1/social/sandbox/:network/authorize': { request: path('/api/v1/social/sandbox/linkedin/authorize?state=none') },
  'GET /sandbox/wall': { request: path('/sandbox/wall?network=twitter') },
  'GET /api/v1/social/sandbox/:network/decide': { request: path('/api/v1/social/sandbox/linkedin/decide?state=none') },
  'GET /api/v1/social/callback/:network': { request: path('/api/v1/social/callback/linkedin?state=none&code=none') },

  // Sharing (share now, intents, copy link, tracked links, the share modal's reads and drafts).
  'POST /api/v3/share/:network/:postId': { request: (f) => ({ url: `/api/v3/share/linkedin/${f.postId}`, body: { content: 'Attack share' } }) },
  'POST /api/v3/share/copy-link': { request: (f) => ({ url: '/api/v3/share/copy-link', body: { post_id: f.postId } }) },
  'POST /api/v3/share/intent': { request: (f) => ({ url: '/api/v3/share/intent', body: { post_id: f.postId, network_id: 1, content: 'Attack intent' } }) },
  'POST /api/v3/share/intent/:id': { request: () => ({ url: '/api/v3/share/intent/999999', body: { network_id: 2 } }) },
  'GET /manifest.webmanifest': { request: path('/manifest.webmanifest') },
  'GET /app-icon/:file': { request: path('/app-icon/192.png') },
  'GET /sw.js': { request: path('/sw.js') },
  'GET /r/:code': { request: path('/r/AAAAAAAAAA') },
  'GET /api/v3/post/:postId/snippet': { request: (f) => path(`/api/v3/post/${f.postId}/snippet`)() },
  'GET /api/v5/post/:postId/metadata': { request: (f) => path(`/api/v5/post/${f.postId}/metadata`)() },
  'POST /api/v1/post/edit-content': { request: (f) => ({ url: '/api/v1/post/edit-content', body: { post_id: f.postId, network_id: 3, content: 'Attack draft' } }) },
  // Queue, schedule and My Shares (issue 15): the person's own shares only.
  'POST /api/v4/post/deferred': { request: (f) => ({ url: '/api/v4/post/deferred', body: { network: 3, post: f.postId, time: '2030-01-01T09:00:00Z', content: 'Attack schedule' } }) },
  'POST /api/v4/post/deferred/queue': { request: (f) => ({ url: '/api/v4/post/deferred/queue', body: { network_id: 3, post_id: f.postId, content: 'Attack queue' } }) },
  'PUT /api/v4/post/deferred/:id': { request: () => ({ url: '/api/v4/post/deferred/999999', body: { date: '2030-01-01T09:00:00Z' } }) },
  'DELETE /api/v4/post/deferred/:id': { request: path('/api/v4/post/deferred/999999') },
  'PATCH /api/v4/post/deferred/:id/pushed-edit': { request: () => ({ url: '/api/v4/post/deferred/999999/pushed-edit', body: { status: 1 } }) },
  'POST /api/v4/admin/post/deferred/:id/pushed-edit': {
    request: () => ({ url: '/api/v4/admin/post/deferred/999999/pushed-edit', body: { content: 'Attack edit', reason: 'Attack reason' } }),
  },
  'POST /api/v4/admin/post/:postId/auto-queue': { request: (f) => ({ url: `/api/v4/admin/post/${f.postId}/auto-queue`, body: { network_id: 3, user_ids: [f.acmeUser.id] } }) },
  // The admin console's posts (content creators up; the actions managers up).
  'GET /api/v1/admin/posts': { request: path('/api/v1/admin/posts?state=live&query=post&sort=title') },
  'GET /api/v1/admin/posts/authors': { request: path('/api/v1/admin/posts/authors') },
  'GET /api/v1/admin/posts/:id': { request: (f) => ({ url: `/api/v1/admin/posts/${f.postId}` }) },
  'POST /api/v1/admin/posts': { request: () => ({ url: '/api/v1/admin/posts', body: ADMIN_POST_DRAFT }) },
  // An unknown id (404 to the admitted): an edit of the fixture's post would change it for the other cases.
  'PUT /api/v1/admin/posts/:id': { request: () => ({ url: '/api/v1/admin/posts/999999', body: ADMIN_POST_DRAFT }) },
  // A form without a file (201 to the admitted): the access check answers before the upload is read.
  'POST /api/v1/admin/posts/images': { request: () => ({ url: '/api/v1/admin/posts/images', form: { note: 'no file' } }) },
  // A loopback link the SSRF guard refuses (484 to the admitted), so the suite reaches no network.
  'POST /api/v1/admin/posts/link-preview': { request: () => ({ url: '/api/v1/admin/posts/link-preview', body: { url: 'http://127.0.0.1/attack' } }) },
  'POST /api/v1/admin/posts/actions': { request: () => ({ url: '/api/v1/admin/posts/actions', body: { action: 'delete', ids: [999999] } }) },
  // The admin console's audit log.
  'GET /api/v1/admin/audit': { request: path('/api/v1/admin/audit?action=compliance&query=threshold') },
  // The admin console's company settings: a switch set to what it is, so no case changes Acme.
  'GET /api/v1/company/settings/features': { request: path('/api/v1/company/settings/features') },
  'PUT /api/v1/company/settings/features': { request: () => ({ url: '/api/v1/company/settings/features', body: { feature_toggles: { sharing_enabled: true } } }) },
  // The admin console's suggestions queue; unknown ids (404 to the admitted), so no case decides the fixture's rows.
  'GET /api/v1/admin/suggestions': { request: path('/api/v1/admin/suggestions?state=rejected') },
  'POST /api/v1/admin/suggestions/:id/approve': { request: () => ({ url: '/api/v1/admin/suggestions/999999/approve', body: {} }) },
  'POST /api/v1/admin/suggestions/:id/reject': { request: () => ({ url: '/api/v1/admin/suggestions/999999/reject', body: { reason: 'brand', note: 'Attack note' } }) },
  'GET /api/v5/post/timeline/shared': { request: path('/api/v5/post/timeline/shared') },
  'GET /api/v5/post/timeline/queued': { request: path('/api/v5/post/timeline/queued') },
  'GET /api/v5/post/timeline/queued/:id': { request: path('/api/v5/post/timeline/queued/999999') },
  'POST /api/v5/post/share/:id/retry': { request: () => ({ url: '/api/v5/post/share/999999/retry', body: {} }) },
  'POST /api/v5/post/share/:id/resolve': { request: () => ({ url: '/api/v5/post/share/999999/resolve', body: { published: true } }) },
};
