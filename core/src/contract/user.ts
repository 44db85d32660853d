import { z } from 'zod';
import { LANGUAGES, WEEKDAYS, type Weekday } from '../domain/enums.ts';
import { FeatureTogglesSchema } from './config.ts';

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

/** GET /api/v1/user/{id}; also the `user` of the sign-in response. */
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
});
export type UserResponse = z.infer<typeof UserResponse>;
