/**
 * Who may call each route of the server, and a request to each that only the access check
 * should refuse. The attack suite (attack-suite.test.ts) enumerates Fastify's route table and
 * fails for a registered route missing here, and for an entry whose route no longer exists:
 * a new route gets a line here, with its access class, before the suite passes again.
 *
 * Keys are `METHOD path` as registered; a GET entry also covers the HEAD route Fastify adds
 * for it. Access classes:
 * - public: works without a session (the reason says why);
 * - member: any signed-in member of the host's company;
 * - self: a member acting on their own account (the path's :id must be theirs);
 * - manager: managers and admins of the host's company;
 * - admin: admins of the host's company.
 *
 * State-changing routes (every method but GET and HEAD, plus sign-out's GET) must refuse a
 * cross-site request carrying only the session cookie; `crossSite` names the reason where a
 * route must accept cross-site requests (an identity provider's form post, a server calling).
 */
import { CONFIRM_PHRASE, NEW_COMMENT_ID, OnboardingEvent, ShareFlowType } from '@chorus/core';
import type { CompanyRow, UserRow } from '../../server/src/db/schema.ts';
import { TEST_PASSWORD } from '../../server/src/test/factories.ts';

/** Who may call a route. */
export type AccessClass = 'public' | 'member' | 'self' | 'manager' | 'admin';

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

/** One route's declaration. */
export interface RouteEntry {
  access: AccessClass;
  /** Why the route is public (public routes only). */
  why?: string;
  /**
   * Why a member who has not confirmed their e-mail address yet may call the route (the
   * confirm-your-e-mail screen needs it); every other route answers them 490.
   */
  unconfirmed?: string;
  /** Why the route accepts cross-site requests (state-changing routes only). */
  crossSite?: string;
  /** Why the signed-in control is not run (the route refuses the fixture's honest request for another reason). */
  noControl?: string;
  /** Rows the caller needs for an honest request (their own comment, ...). */
  setup?: 'own-comment';
  /** A request that passes validation, so the access check is what answers. */
  request: (f: Fixture, me: Caller) => RouteRequest;
}

const path = (url: string) => () => ({ url });

/** Every route of the server. */
export const ROUTE_TABLE: Record<string, RouteEntry> = {
  // Infrastructure and static files.
  'GET /health': { access: 'public', why: 'load balancer probe', request: path('/health') },
  'GET /health/live': { access: 'public', why: 'liveness probe of orchestrators: says only that the process answers', request: path('/health/live') },
  'GET /health/ready': { access: 'public', why: 'readiness probe of load balancers: ok or which dependency is down, nothing else', request: path('/health/ready') },
  'GET /metrics': { access: 'public', why: 'Prometheus scrape: 404 unless CHORUS_METRICS=on or a token, then the bearer token guards it (routes/metrics tests)', request: path('/metrics') },
  'GET /media/link-image': {
    access: 'member',
    noControl: 'answers only urls the server signed for the company (suggest-images, the snippet); the suite cannot sign one, so a member is answered 404',
    request: path('/media/link-image?url=https%3A%2F%2Fexample.com%2Fa.png&sig=unsigned'),
  },
  'GET /media/*': { access: 'public', why: 'post media that social networks fetch (finding 14 narrows it)', request: path('/media/none.jpg') },
  'GET /dev/outbox': { access: 'public', why: 'development outbox: not registered in production', request: path('/dev/outbox') },
  'GET /dev/outbox.html': { access: 'public', why: 'development outbox page: not registered in production', request: path('/dev/outbox.html') },
  'POST /api/messages': {
    access: 'public',
    why: 'Teams bot endpoint: Bot Framework authenticates itself with its own token',
    crossSite: 'called server to server by Bot Framework, never by a browser with our cookie',
    request: () => ({ url: '/api/messages', body: {} }),
  },

  // Company and configuration.
  'GET /api/v1/company/settings/branded-settings': { access: 'public', why: 'styles the sign-in page', request: path('/api/v1/company/settings/branded-settings') },
  'GET /api/v1/common/timezone': { access: 'public', why: 'the fixed time-zone list of sign-up', request: path('/api/v1/common/timezone') },
  'GET /api/v1/config/info': { access: 'member', unconfirmed: 'the confirm-your-e-mail screen is branded and translated from it', request: path('/api/v1/config/info') },

  // Sign-in, sign-out, sign-up, recovery.
  'POST /api/v1/auth/sign-in': {
    access: 'public',
    why: 'signs in',
    request: (f) => ({ url: '/api/v1/auth/sign-in', body: { email: f.acmeUser.email, password: TEST_PASSWORD } }),
  },
  'GET /api/v1/auth/sign-out': { access: 'member', unconfirmed: 'anyone may sign out', request: path('/api/v1/auth/sign-out') },
  'POST /api/v1/auth/email/verification': { access: 'public', why: 'the verify-email page confirms a typed address with its mailed code', request: () => ({ url: '/api/v1/auth/email/verification', body: { code: 'nocode' } }) },
  'POST /api/v1/auth/sign-up': {
    access: 'public',
    why: 'self sign-up',
    request: () => ({
      url: '/api/v1/auth/sign-up',
      body: { first_name: 'Eve', last_name: 'Attacker', username: 'eve.csrf@acme.example', password: TEST_PASSWORD, timezone: 'Europe/Paris', agree: true, company_name: 'Acme' },
    }),
  },
  'POST /api/v1/auth/sign-up/invite/:code': {
    access: 'public',
    why: 'sign-up through an invite code',
    request: () => ({ url: '/api/v1/auth/sign-up/invite/nocode', body: { first_name: 'Eve', last_name: 'Attacker', password: TEST_PASSWORD, confirm_password: TEST_PASSWORD } }),
  },
  'GET /api/v1/invite/code/:code': { access: 'public', why: 'the sign-up page reads its invite', request: path('/api/v1/invite/code/nocode') },
  'GET /api/v1/invite/check/:code': { access: 'public', why: 'the sign-up page reads its invite', request: path('/api/v1/invite/check/nocode') },
  'POST /api/v1/auth/recover': { access: 'public', why: 'forgotten password', request: (f) => ({ url: '/api/v1/auth/recover', body: { username: f.acmeUser.email } }) },
  'GET /api/v1/auth/recover-check/:code': { access: 'public', why: 'the reset page checks its code', request: path('/api/v1/auth/recover-check/nocode') },
  'POST /api/v1/auth/reset': {
    access: 'public',
    why: 'reset with a recovery code',
    request: () => ({ url: '/api/v1/auth/reset', body: { recover_code: 'nocode', password_1: 'New!pass12', password_2: 'New!pass12' } }),
  },
  'POST /api/v1/auth/email/magic-link': { access: 'public', why: 'asks for a sign-in link', request: (f) => ({ url: '/api/v1/auth/email/magic-link', body: { username: f.acmeUser.email } }) },
  'GET /api/v1/auth/email/magic-link': { access: 'public', why: 'signs in with a mailed code', request: path('/api/v1/auth/email/magic-link?code=nocode') },
  'POST /api/v1/auth/login-assistance': { access: 'public', why: 'find your team (mails the address)', request: (f) => ({ url: '/api/v1/auth/login-assistance', body: { email: f.acmeUser.email } }) },
  'POST /api/v1/auth/sign-up/join': {
    access: 'public',
    why: 'an account of another company joins this one with the mailed join code',
    request: () => ({ url: '/api/v1/auth/sign-up/join', body: { code: 'nocode', password: TEST_PASSWORD } }),
  },
  'POST /api/v1/auth/email/confirm': { access: 'public', why: 'the mailed confirmation code confirms the address', request: () => ({ url: '/api/v1/auth/email/confirm', body: { code: 'nocode' } }) },
  'POST /api/v1/auth/email/confirmation': { access: 'member', unconfirmed: 'mails the confirmation link again', request: path('/api/v1/auth/email/confirmation') },
  'POST /api/v1/auth/sso/decrypt-token': { access: 'public', why: 'redeems an SSO exchange token', request: () => ({ url: '/api/v1/auth/sso/decrypt-token', body: { encrypted_token: 'nocode' } }) },
  'POST /api/v1/auth/switch-company': { access: 'member', request: (f) => ({ url: '/api/v1/auth/switch-company', body: { company_id: f.acme.id } }) },

  // SAML and Google (browser navigations to and from the identity provider).
  'GET /api/v1/auth/saml/sign-in': { access: 'public', why: 'starts SAML sign-in', request: path('/api/v1/auth/saml/sign-in') },
  'GET /api/v1/auth/saml/sign-up': { access: 'public', why: 'starts SAML sign-up', request: path('/api/v1/auth/saml/sign-up?code=nocode') },
  'POST /api/v1/auth/saml/callback': {
    access: 'public',
    why: 'SAML assertion consumer service',
    crossSite: "the identity provider's page posts the signed assertion as a cross-site form",
    request: () => ({ url: '/api/v1/auth/saml/callback', body: { SAMLResponse: 'none' } }),
  },
  'GET /api/v1/auth/saml/metadata': { access: 'public', why: 'service provider metadata for the IdP', request: path('/api/v1/auth/saml/metadata') },
  'GET /api/v1/auth/saml/logout': { access: 'public', why: 'single logout round trip through the IdP', request: path('/api/v1/auth/saml/logout') },
  'GET /api/v1/auth/google/sign-in': { access: 'public', why: 'starts Google sign-in', request: path('/api/v1/auth/google/sign-in') },
  'GET /api/v1/auth/google/sign-up': { access: 'public', why: 'starts Google sign-up', request: path('/api/v1/auth/google/sign-up?code=nocode') },
  'GET /api/v1/auth/google/callback': { access: 'public', why: "Google's redirect back (OAuth callback)", request: path('/api/v1/auth/google/callback') },

  // Social sign-in and e-mail verification.
  'POST /api/v1/auth/sign-in/create-verification': {
    access: 'public',
    why: 'mails a verification link after social sign-in (bound to the pending cookie)',
    request: () => ({ url: '/api/v1/auth/sign-in/create-verification', body: { usa_id: 1, email: 'eve@acme.example' } }),
  },
  'GET /api/v1/auth/email/verification': { access: 'public', why: 'the mailed verification link signs in', request: path('/api/v1/auth/email/verification?code=nocode') },
  'GET /api/v1/auth/sign-in/:network': { access: 'public', why: 'starts social sign-in', request: path('/api/v1/auth/sign-in/linkedin') },
  'GET /api/v1/auth/sign-in/:network/callback': { access: 'public', why: "the network's redirect back (OAuth callback)", request: path('/api/v1/auth/sign-in/linkedin/callback?state=none&code=none') },
  'GET /api/v1/auth/sandbox/:network/authorize': { access: 'public', why: 'sandbox network consent page (stands in for the network)', request: path('/api/v1/auth/sandbox/linkedin/authorize?state=none') },
  'GET /api/v1/auth/sandbox/:network/decide': { access: 'public', why: 'sandbox network consent answer (stands in for the network)', request: path('/api/v1/auth/sandbox/linkedin/decide?state=none') },

  // Users.
  'GET /api/v1/user/:id': {
    access: 'member',
    unconfirmed: 'the member\'s own profile only (another\'s answers 490: finding-39)',
    request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}` }),
  },
  'POST /api/v1/user/:id': { access: 'self', request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}`, body: { first_name: 'Mallory' } }) },
  'POST /api/v1/user/password': {
    access: 'member',
    request: () => ({ url: '/api/v1/user/password', body: { current_password: TEST_PASSWORD, new_password: 'New!pass12', confirm_new_password: 'New!pass12' } }),
  },
  'POST /api/v1/user/:id/picture': { access: 'self', request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}/picture`, form: { note: 'no file' } }) },
  'DELETE /api/v1/user/:id/picture': { access: 'self', request: (_f, me) => ({ url: `/api/v1/user/${me.user.id}/picture` }) },
  'GET /api/v1/user/:id/avatar': { access: 'member', request: (f) => ({ url: `/api/v1/user/${f.acmeAdmin.id}/avatar` }) },
  'POST /api/v1/user/app/language': { access: 'member', request: () => ({ url: '/api/v1/user/app/language', body: { language: 'fr-CA' } }) },
  'PATCH /api/v4/user': { access: 'member', request: () => ({ url: '/api/v4/user', body: { timezone: 'Europe/Paris' } }) },

  // Privacy and deletion.
  'GET /api/v1/user/personal-data': { access: 'member', request: path('/api/v1/user/personal-data') },
  'POST /api/v1/user/deactivate': { access: 'member', request: () => ({ url: '/api/v1/user/deactivate', body: { password: TEST_PASSWORD } }) },
  'POST /api/v1/user/delete-request': { access: 'member', request: () => ({ url: '/api/v1/user/delete-request', body: { password: TEST_PASSWORD } }) },
  'DELETE /api/v1/auth/sso/validate': {
    access: 'member',
    noControl: 'Acme signs in with a password, so removal through SAML answers 403 to everyone there',
    request: () => ({ url: '/api/v1/auth/sso/validate', body: { do_delete: false, password: CONFIRM_PHRASE } }),
  },
  'DELETE /api/v1/auth/google/validate': {
    access: 'member',
    noControl: 'Acme signs in with a password, so removal through Google answers 403 to everyone there',
    request: () => ({ url: '/api/v1/auth/google/validate', body: { do_delete: false, password: CONFIRM_PHRASE } }),
  },
  'POST /api/v1/user/:id/reactivate': { access: 'admin', request: (f) => ({ url: `/api/v1/user/${f.acmeUser.id}/reactivate` }) },
  'GET /api/v1/user/confirm/:delete_token': { access: 'admin', request: path('/api/v1/user/confirm/notatoken') },
  'DELETE /api/v1/user/confirm/:delete_token': { access: 'admin', request: path('/api/v1/user/confirm/notatoken') },
  'POST /api/v1/user/reject': { access: 'admin', request: () => ({ url: '/api/v1/user/reject', body: { delete_token: 'notatoken' } }) },

  // Company single sign-on settings.
  'GET /api/v1/company/settings/sso': { access: 'admin', request: path('/api/v1/company/settings/sso') },
  'PUT /api/v1/company/settings/sso/saml': {
    access: 'admin',
    request: () => ({ url: '/api/v1/company/settings/sso/saml', body: { entry_point: 'https://idp.evil.example/sso', idp_issuer: 'https://idp.evil.example', idp_cert: 'not-a-certificate' } }),
  },
  'DELETE /api/v1/company/settings/sso/saml': { access: 'admin', request: path('/api/v1/company/settings/sso/saml') },
  'PUT /api/v1/company/settings/sso/google': {
    access: 'admin',
    request: () => ({ url: '/api/v1/company/settings/sso/google', body: { issuer: 'https://idp.evil.example', client_id: 'evil', client_secret: 'evil' } }),
  },
  'DELETE /api/v1/company/settings/sso/google': { access: 'admin', request: path('/api/v1/company/settings/sso/google') },
  'GET /api/v1/company/settings/compliance': { access: 'admin', request: path('/api/v1/company/settings/compliance') },
  'PUT /api/v1/company/settings/compliance': {
    access: 'admin',
    request: () => ({ url: '/api/v1/company/settings/compliance', body: { enabled: false, prohibited: ['set from another site'], limited: [], threshold: 0 } }),
  },

  // Topics.
  'GET /api/v1/category': { access: 'member', request: path('/api/v1/category') },
  'GET /api/v2/user/category': { access: 'member', request: path('/api/v2/user/category') },
  'GET /api/v2/user/category/search': { access: 'member', request: path('/api/v2/user/category/search?q=topic') },
  'POST /api/v2/user/category': { access: 'member', request: (f) => ({ url: '/api/v2/user/category', body: { category_id: f.categoryId } }) },
  'DELETE /api/v2/user/category': { access: 'member', request: (f) => ({ url: `/api/v2/user/category?category_id=${f.categoryId}` }) },
  'GET /api/v2/user/category/sort-order': { access: 'member', request: path('/api/v2/user/category/sort-order') },
  'POST /api/v2/user/category/sort-order': { access: 'member', request: (f) => ({ url: '/api/v2/user/category/sort-order', body: { sort_order: [f.categoryId] } }) },

  // Posts.
  'GET /api/v4/post/feed': { access: 'member', request: path('/api/v4/post/feed') },
  'GET /api/v4/post/': { access: 'member', request: path('/api/v4/post/') },
  'GET /api/v4/post/last-post-id': { access: 'member', request: path('/api/v4/post/last-post-id') },
  'GET /api/v4/post/:id': { access: 'member', request: (f) => ({ url: `/api/v4/post/${f.postId}` }) },
  'GET /api/v1/post/dismiss/:id': { access: 'member', request: (f) => ({ url: `/api/v1/post/dismiss/${f.postId}` }) },
  'DELETE /api/v1/post/dismiss/:id': { access: 'member', request: (f) => ({ url: `/api/v1/post/dismiss/${f.postId}` }) },
  'POST /api/v2/post/:id/bookmark': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/bookmark` }) },
  'DELETE /api/v2/post/:id/bookmark': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/bookmark` }) },
  'POST /api/v2/post/:id/notification/subscribe': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/notification/subscribe` }) },
  'POST /api/v2/post/:id/notification/unsubscribe': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/notification/unsubscribe` }) },
  'POST /api/v2/post/:postId/reaction/type/:typeId': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1` }) },
  'DELETE /api/v2/post/:postId/reaction/type/:typeId': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1` }) },
  'GET /api/v2/post/:postId/reaction/type/:typeId/users': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/reaction/type/1/users` }) },
  'GET /api/v2/post/:postId/shares/users': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/shares/users` }) },
  'GET /api/v2/post/:postId/comment': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/comment` }) },
  'POST /api/v2/post/:postId/comment/:id': { access: 'member', request: (f) => ({ url: `/api/v2/post/${f.postId}/comment/${NEW_COMMENT_ID}`, body: { content: 'Posted from another site' } }) },
  'DELETE /api/v2/post/:postId/comment/:id': {
    access: 'member',
    setup: 'own-comment',
    request: (f, me) => ({ url: `/api/v2/post/${f.postId}/comment/${me.ownCommentId ?? f.commentId}` }),
  },
  'DELETE /api/v2/manager/post/:postId/comment/:id': { access: 'manager', request: (f) => ({ url: `/api/v2/manager/post/${f.postId}/comment/${f.commentId}` }) },
  'POST /api/v1/post/suggest-images': { access: 'member', request: () => ({ url: '/api/v1/post/suggest-images', body: { url: 'http://127.0.0.1:9/' } }) },
  'POST /api/v1/post/suggestion/mobile': { access: 'member', request: () => ({ url: '/api/v1/post/suggestion/mobile', form: { content: 'Suggested from another site' } }) },
  'POST /api/v1/track/post/impressions': { access: 'member', request: (f) => ({ url: '/api/v1/track/post/impressions', body: { post_ids: [f.postId] } }) },
  'POST /api/v1/track/post/:id/clicks': { access: 'member', request: (f) => ({ url: `/api/v1/track/post/${f.postId}/clicks`, body: { channel: ShareFlowType.feedOrTopic } }) },
  'POST /api/v1/track/analytics': { access: 'member', request: () => ({ url: '/api/v1/track/analytics', body: { type: 'page', name: '/' } }) },

  // Captions: compliance check, mention search, AI captions.
  'POST /api/v2/compliance/validate': { access: 'member', request: (f) => ({ url: '/api/v2/compliance/validate', body: { post_id: f.postId, network_id: 3, content: 'A caption', session_index: 'attack' } }) },
  'GET /api/v2/social/:networkId/search': { access: 'member', request: path('/api/v2/social/3/search?q=contoso') },
  'POST /api/v4/ai/user/post/caption': {
    access: 'member',
    noControl: 'the fixture company has AI captions off and a new member has given no AI consent (403)',
    request: (f) => ({ url: '/api/v4/ai/user/post/caption', body: { target_social_network: 3, tones: ['Friendly'], post_id: f.postId, caption: '', title: '' } }),
  },

  // Onboarding events.
  'POST /api/v1/cs/event': { access: 'member', request: () => ({ url: '/api/v1/cs/event', body: { event: OnboardingEvent.SKIPPED } }) },
  'GET /api/v1/cs/onboarding': { access: 'member', request: path('/api/v1/cs/onboarding') },

  // Linked social networks.
  'GET /api/v1/social/networks': { access: 'member', request: path('/api/v1/social/networks') },
  'GET /api/v1/social/networks/facebook': { access: 'member', request: path('/api/v1/social/networks/facebook') },
  'POST /api/v1/social/link-:network': { access: 'member', request: () => ({ url: '/api/v1/social/link-linkedin', body: {} }) },
  'POST /api/v1/social/unlink-:network': { access: 'member', request: () => ({ url: '/api/v1/social/unlink-linkedin' }) },
  'POST /api/v1/social/use-page': { access: 'member', request: () => ({ url: '/api/v1/social/use-page', body: { action: 'use-page', page: 'page-1' } }) },
  'GET /api/v1/social/sandbox/:network/authorize': { access: 'public', why: 'sandbox network consent page (stands in for the network)', request: path('/api/v1/social/sandbox/linkedin/authorize?state=none') },
  'GET /sandbox/wall': { access: 'member', request: path('/sandbox/wall?network=twitter') },
  'GET /api/v1/social/sandbox/:network/decide': { access: 'public', why: 'sandbox network consent answer (stands in for the network)', request: path('/api/v1/social/sandbox/linkedin/decide?state=none') },
  'GET /api/v1/social/callback/:network': { access: 'public', why: "the network's redirect back (OAuth callback, bound to the link's state)", request: path('/api/v1/social/callback/linkedin?state=none&code=none') },

  // Sharing (share now, intents, copy link, tracked links, the share modal's reads and drafts).
  'POST /api/v3/share/:network/:postId': { access: 'member', request: (f) => ({ url: `/api/v3/share/linkedin/${f.postId}`, body: { content: 'Attack share' } }) },
  'POST /api/v3/share/copy-link': { access: 'member', request: (f) => ({ url: '/api/v3/share/copy-link', body: { post_id: f.postId } }) },
  'POST /api/v3/share/intent': { access: 'member', request: (f) => ({ url: '/api/v3/share/intent', body: { post_id: f.postId, network_id: 1, content: 'Attack intent' } }) },
  'POST /api/v3/share/intent/:id': { access: 'member', request: () => ({ url: '/api/v3/share/intent/999999', body: { network_id: 2 } }) },
  'GET /manifest.webmanifest': { access: 'public', why: 'web app manifest the browser reads before sign-in (the company\'s public name and colour)', request: path('/manifest.webmanifest') },
  'GET /app-icon/:file': { access: 'public', why: 'the installable app\'s icon (the company\'s initial and colour)', request: path('/app-icon/192.png') },
  'GET /sw.js': { access: 'public', why: 'the service worker script, fetched by the browser at the site\'s root', request: path('/sw.js') },
  'GET /r/:code': { access: 'public', why: 'tracked short link in published captions, followed by anyone on the network', request: path('/r/AAAAAAAAAA') },
  'GET /api/v3/post/:postId/snippet': { access: 'member', request: (f) => path(`/api/v3/post/${f.postId}/snippet`)() },
  'GET /api/v5/post/:postId/metadata': { access: 'member', request: (f) => path(`/api/v5/post/${f.postId}/metadata`)() },
  'POST /api/v1/post/edit-content': { access: 'member', request: (f) => ({ url: '/api/v1/post/edit-content', body: { post_id: f.postId, network_id: 3, content: 'Attack draft' } }) },
  // Queue, schedule and My Shares (issue 15): the person's own shares only.
  'POST /api/v4/post/deferred': { access: 'member', request: (f) => ({ url: '/api/v4/post/deferred', body: { network: 3, post: f.postId, time: '2030-01-01T09:00:00Z', content: 'Attack schedule' } }) },
  'POST /api/v4/post/deferred/queue': { access: 'member', request: (f) => ({ url: '/api/v4/post/deferred/queue', body: { network_id: 3, post_id: f.postId, content: 'Attack queue' } }) },
  'PUT /api/v4/post/deferred/:id': { access: 'member', request: () => ({ url: '/api/v4/post/deferred/999999', body: { date: '2030-01-01T09:00:00Z' } }) },
  'DELETE /api/v4/post/deferred/:id': { access: 'member', request: path('/api/v4/post/deferred/999999') },
  'PATCH /api/v4/post/deferred/:id/pushed-edit': { access: 'member', request: () => ({ url: '/api/v4/post/deferred/999999/pushed-edit', body: { status: 1 } }) },
  'POST /api/v4/admin/post/deferred/:id/pushed-edit': {
    access: 'manager',
    request: () => ({ url: '/api/v4/admin/post/deferred/999999/pushed-edit', body: { content: 'Attack edit', reason: 'Attack reason' } }),
  },
  'POST /api/v4/admin/post/:postId/auto-queue': { access: 'manager', request: (f) => ({ url: `/api/v4/admin/post/${f.postId}/auto-queue`, body: { network_id: 3, user_ids: [f.acmeUser.id] } }) },
  'GET /api/v5/post/timeline/shared': { access: 'member', request: path('/api/v5/post/timeline/shared') },
  'GET /api/v5/post/timeline/queued': { access: 'member', request: path('/api/v5/post/timeline/queued') },
  'GET /api/v5/post/timeline/queued/:id': { access: 'member', request: path('/api/v5/post/timeline/queued/999999') },
  'POST /api/v5/post/share/:id/retry': { access: 'member', request: () => ({ url: '/api/v5/post/share/999999/retry', body: {} }) },
  'POST /api/v5/post/share/:id/resolve': { access: 'member', request: () => ({ url: '/api/v5/post/share/999999/resolve', body: { published: true } }) },
};
