/**
 * Privacy (accounts spec 2, 4, 7): the user's personal data, deactivation, deletion requests
 * and their confirmation by an admin, and removal through single sign-on. The spec names
 * GET /user/personal-data, GET and DELETE /user/confirm/{delete_token} and POST /user/reject;
 * the paths of deactivation and the deletion request are not shown and are ours.
 */
import { z } from 'zod';
import { CONFIRM_PHRASE, RemovalMode } from '../domain/enums.ts';
import { Timestamp } from './common.ts';
import { NetworkQueueSettings, RoleSchema, UserSettings } from './user.ts';

/** The signed-in user's profile as stored. */
export const PersonalDataProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
  timezone: z.string(),
  avatar: z.string().nullable(),
  created: Timestamp,
});

/** A company the user belongs to and their role there. */
export const PersonalDataCompany = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  subdomain: z.string(),
  role: RoleSchema,
  joined: Timestamp,
});

/** A linked social account, without its tokens. */
export const PersonalDataSocialAccount = z.object({
  network: z.number().int(),
  external_id: z.string(),
  username: z.string(),
  picture: z.string().nullable(),
  is_active: z.boolean(),
  page_id: z.string().nullable(),
  pages: z.array(z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() })),
  created: Timestamp,
});

/**
 * GET /api/v1/user/personal-data: everything stored about the signed-in user in the host
 * company. The queue has no items of its own yet: `queue.items` is always empty until queued
 * shares are stored.
 */
export const PersonalDataResponse = z.object({
  generated: Timestamp,
  profile: PersonalDataProfile,
  settings: UserSettings,
  companies: z.array(PersonalDataCompany),
  social_accounts: z.array(PersonalDataSocialAccount),
  shares: z.array(z.object({ post_id: z.number().int(), network: z.number().int(), created: Timestamp })),
  queue: z.object({
    settings: z.object({ twitter: NetworkQueueSettings, facebook: NetworkQueueSettings, linkedin: NetworkQueueSettings }),
    items: z.array(z.object({ post_id: z.number().int(), network: z.number().int(), scheduled: Timestamp })),
  }),
  comments: z.array(z.object({ id: z.number().int(), post_id: z.number().int(), content: z.string(), created: Timestamp, edited: Timestamp.nullable() })),
  likes: z.array(z.object({ post_id: z.number().int(), type: z.number().int(), created: Timestamp })),
  bookmarks: z.array(z.object({ post_id: z.number().int(), created: Timestamp })),
  followed_topics: z.array(z.object({ category_id: z.number().int(), name: z.string(), locked: z.boolean(), created: Timestamp })),
  events: z.array(z.object({ event: z.string(), created: Timestamp })),
  /** Content the user suggested, with its review status. */
  suggestions: z.array(z.object({ post_id: z.number().int(), title: z.string(), content: z.string(), url: z.string().nullable(), status: z.number().int(), created: Timestamp })),
  /** Posts the user dismissed from their feed ("Not interested", GET /post/dismiss/{id}). */
  dismissed_posts: z.array(z.object({ post_id: z.number().int(), created: Timestamp })),
  /** Posts whose notifications the user follows (bookmarking subscribes). */
  post_subscriptions: z.array(z.object({ post_id: z.number().int(), created: Timestamp })),
  /** Posts the library showed the user, counted per UTC day and channel (POST /track/post/impressions). */
  post_impressions: z.array(z.object({ post_id: z.number().int(), day: z.string(), channel: z.number().int(), count: z.number().int() })),
  /** Posts the user opened, with the channel they came through (POST /track/post/{id}/clicks). */
  post_clicks: z.array(z.object({ post_id: z.number().int(), channel: z.number().int(), created: Timestamp })),
  /** Accounts of identity providers linked for sign-in (SAML, Google, social sign-in). */
  sign_in_identities: z.array(z.object({ provider: z.string(), subject: z.string(), email: z.string().nullable(), display_name: z.string().nullable(), created: Timestamp })),
});
export type PersonalDataResponse = z.infer<typeof PersonalDataResponse>;

/**
 * The body of deactivation and the deletion request: the password, or for companies that
 * sign in only through SSO the word CONFIRM (in `confirm`, or in `password` as the spec's
 * SSO removal body sends it).
 */
export const RemovalRequest = z
  .object({ password: z.string().max(1000).optional(), confirm: z.string().max(100).optional() })
  .refine((body) => (body.password ?? '').length > 0 || (body.confirm ?? '').length > 0, { message: 'Please enter your password', path: ['password'] });
export type RemovalRequest = z.infer<typeof RemovalRequest>;

/** POST /api/v1/user/deactivate: the account is deactivated and every session ended. */
export const DeactivateResponse = z.object({ deactivated: z.literal(true) });
export type DeactivateResponse = z.infer<typeof DeactivateResponse>;

/** POST /api/v1/user/delete-request: the data-removal contact was notified. */
export const DeleteRequestResponse = z.object({ requested: z.literal(true) });
export type DeleteRequestResponse = z.infer<typeof DeleteRequestResponse>;

/** POST /api/v1/user/{id}/reactivate (ADMIN): the account may sign in again. */
export const ReactivateResponse = z.object({ id: z.number().int(), reactivated: z.literal(true) });
export type ReactivateResponse = z.infer<typeof ReactivateResponse>;

/** GET /api/v1/user/confirm/{delete_token}: who asked to be deleted (856 for a bad token). */
export const DeleteTokenParam = z.object({ delete_token: z.string().min(1).max(200) });
export type DeleteTokenParam = z.infer<typeof DeleteTokenParam>;

export const DeletionRequesterResponse = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  requested: Timestamp,
});
export type DeletionRequesterResponse = z.infer<typeof DeletionRequesterResponse>;

/** DELETE /api/v1/user/confirm/{delete_token}: the user's personal data is gone (855 for a bad token). */
export const DeletionConfirmedResponse = z.object({ deleted: z.literal(true), user_id: z.number().int() });
export type DeletionConfirmedResponse = z.infer<typeof DeletionConfirmedResponse>;

/** POST /api/v1/user/reject: the request is closed and the user kept. */
export const RejectDeletionRequest = z.object({ delete_token: z.string().min(1).max(200) });
export type RejectDeletionRequest = z.infer<typeof RejectDeletionRequest>;

export const DeletionRejectedResponse = z.object({ rejected: z.literal(true), user_id: z.number().int() });
export type DeletionRejectedResponse = z.infer<typeof DeletionRejectedResponse>;

/**
 * DELETE /api/v1/auth/sso/validate and /api/v1/auth/google/validate: removal through SSO.
 * `do_delete` true asks for deletion, false for deactivation; `password` must be CONFIRM.
 */
export const SsoRemovalRequest = z.object({
  do_delete: z.boolean(),
  password: z.literal(CONFIRM_PHRASE, { message: 'Please enter CONFIRM to confirm' }),
});
export type SsoRemovalRequest = z.infer<typeof SsoRemovalRequest>;

/** The identity provider's address, where the browser re-authenticates before the removal. */
export const SsoRemovalResponse = z.object({ url: z.string(), mode: z.enum([RemovalMode.DEACTIVATE, RemovalMode.DELETE]) });
export type SsoRemovalResponse = z.infer<typeof SsoRemovalResponse>;
