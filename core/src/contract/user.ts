import { z } from 'zod';
import { AI_TONES, LANGUAGES, WEEKDAYS, type FeatureToggles, type Weekday } from '../domain/enums.ts';
import { FeatureTogglesSchema } from './config.ts';
import { PersonSummary } from './reaction.ts';

export const RoleSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const UserCompany = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  subdomain: z.string(),
  logo_images: z.object({ original: z.string().nullable() }),
  feature_toggles: FeatureTogglesSchema,
});
export type UserCompany = z.infer<typeof UserCompany>;

export const QueueTime = z.object({
  hour: z.number().int().min(0).max(11),
  minute: z.number().int().min(0).max(59),
  ampm: z.union([z.literal(0), z.literal(12)]),
});
export type QueueTime = z.infer<typeof QueueTime>;

const weekdayShape = Object.fromEntries(WEEKDAYS.map((d) => [d, z.boolean()])) as Record<Weekday, z.ZodBoolean>;

export const NetworkQueueSettings = z.object({
  auto_queue_enabled: z.boolean(),
  post_queue_time: z.array(QueueTime),
  post_queue_weekday: z.object(weekdayShape),
});
export type NetworkQueueSettings = z.infer<typeof NetworkQueueSettings>;

export const NOTIFICATION_KINDS = [
  'suggested_post_approved',
  'post_commented',
  'post_liked',
  'post_auto_queue',
  'relink_social_account',
  'post_shared',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The company toggle a notification kind depends on, beyond notifications_enabled: no
 * comment notices without comments, no like notices without reactions, no auto-queue notices
 * without the auto queue (content spec 6: "Comment and like notification settings depend on
 * company toggles").
 */
const NOTIFICATION_KIND_TOGGLES: Partial<Record<NotificationKind, keyof FeatureToggles>> = {
  post_commented: 'post_comments_enabled',
  post_liked: 'post_reactions_enabled',
  post_auto_queue: 'auto_queue_enabled',
};

/** Whether the company offers a notification kind's settings at all. */
export function notificationKindOffered(kind: NotificationKind, toggles: FeatureToggles): boolean {
  const toggle = NOTIFICATION_KIND_TOGGLES[kind];
  return toggles.notifications_enabled && (toggle === undefined || toggles[toggle]);
}

const notificationShape = Object.fromEntries(
  NOTIFICATION_KINDS.flatMap((k) => [
    [`email_${k}`, z.boolean()],
    [`push_${k}`, z.boolean()],
  ]),
) as Record<`${'email' | 'push'}_${(typeof NOTIFICATION_KINDS)[number]}`, z.ZodBoolean>;

export const UserSettings = z.object({
  ai: z.object({
    consent_granted: z.boolean(),
    job_title: z.string(),
    goal: z.string(),
    default_tone: z.string(),
  }),
  intelligence: z.object({ post_recommendations_enabled: z.boolean() }),
  email_updates: z.object({ manual_updates: z.boolean() }),
  leader_board: z.object({ show_in_leader_board: z.boolean() }),
  post_queue: z.object({ twitter: NetworkQueueSettings, facebook: NetworkQueueSettings, linkedin: NetworkQueueSettings }),
  notifications: z.object(notificationShape),
});
export type UserSettings = z.infer<typeof UserSettings>;

/** The full record of a user: GET /api/v1/user/{id} of oneself; also the `user` of the sign-in response. */
export const UserResponse = z.object({
  id: z.number().int(),
  role: RoleSchema,
  language: z.enum(LANGUAGES),
  created: z.string(),
  timezone: z.string(),
  picture_images: z.object({ avatar: z.string().nullable() }),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  full_name: z.string(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  companies: z.array(UserCompany),
  user_settings: UserSettings,
  /** False until a self signed-up member follows the confirmation link (they can read, not share, comment, suggest or link networks). */
  email_confirmed: z.boolean(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * GET /api/v1/user/{id}: the full record (UserResponse) for the person themself and for their
 * company's admins; every other colleague gets the public card (id, full name, avatar), as
 * likers and commenters are shown.
 */
export const UserLookupResponse = z.union([UserResponse, PersonSummary]);
export type UserLookupResponse = z.infer<typeof UserLookupResponse>;

const PersonName = z.string().trim().min(1).max(100);

/**
 * What POST /api/v1/user/{id} may change in user_settings: any group may be left out, and
 * within ai, intelligence, email_updates, leader_board and notifications any flag may be; a
 * network's queue settings are sent whole.
 */
export const UserSettingsUpdate = z.object({
  ai: z
    .object({
      consent_granted: z.boolean(),
      job_title: z.string().trim().max(200),
      goal: z.string().trim().max(1000),
      default_tone: z.enum(AI_TONES),
    })
    .partial()
    .optional(),
  intelligence: z.object({ post_recommendations_enabled: z.boolean() }).partial().optional(),
  email_updates: z.object({ manual_updates: z.boolean() }).partial().optional(),
  leader_board: z.object({ show_in_leader_board: z.boolean() }).partial().optional(),
  post_queue: z
    .object({ twitter: NetworkQueueSettings, facebook: NetworkQueueSettings, linkedin: NetworkQueueSettings })
    .partial()
    .optional(),
  notifications: z.object(notificationShape).partial().optional(),
});
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdate>;

/**
 * POST /api/v1/user/{id}: saves the signed-in user's own profile and settings. Every field is
 * optional (left as stored when absent); other fields of a presented user are ignored. An
 * unsupported language is saved as en-US; the time zone must be one of GET /common/timezone.
 */
export const UpdateUserRequest = z.object({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  language: z.string().max(35).optional(),
  timezone: z.string().min(1).max(64).optional(),
  user_settings: UserSettingsUpdate.optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** POST /api/v1/user/password. The new password must meet the policy and be confirmed. */
export const ChangePasswordRequest = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: z.string().max(1024),
  confirm_new_password: z.string().max(1024),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The new session's token: changing the password ends every other session. */
export const ChangePasswordResponse = z.object({ token: z.string().min(1) });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

/** POST /api/v1/user/app/language: any tag; unsupported ones are saved as en-US. */
export const AppLanguageRequest = z.object({ language: z.string().max(35) });
export type AppLanguageRequest = z.infer<typeof AppLanguageRequest>;

/** The language saved (and written to the `language` cookie). */
export const AppLanguageResponse = z.object({ language: z.enum(LANGUAGES) });
export type AppLanguageResponse = z.infer<typeof AppLanguageResponse>;

/** GET /api/v1/user/{id}/avatar query: `original=1` as the spec sends it; `v` busts caches. */
export const AvatarQuery = z.object({ original: z.string().optional(), v: z.string().optional(), _: z.string().optional() });
