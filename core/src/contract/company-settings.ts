/**
 * The admin console's company settings (issue 47 "Company settings"; the spec says how admins
 * act is not shown): the company's feature switches, admins only (`company.settings`).
 *
 * - `GET /api/v1/company/settings/features`: every switch as it is.
 * - `PUT /api/v1/company/settings/features`: the switches to change; the answer is every switch.
 *
 * E-mail sign-in is a sign-in option (with SSO and the social sign-ins), not one of these.
 * A saved switch takes effect for members at once: the write retires the company's cached reads.
 */
import { z } from 'zod';
import type { FeatureToggle } from '../domain/enums.ts';
import { FeatureTogglesSchema } from './config.ts';

/** The switches the settings screen edits, in its groups and order. */
export const COMPANY_FEATURE_GROUPS = {
  networks: ['twitter_enabled', 'linkedin_enabled', 'facebook_enabled'],
  sharing: ['sharing_enabled', 'auto_queue_enabled', 'native_video_enabled', 'copy_link_enabled', 'share_via_email_enabled', 'compliance_enabled'],
  library: ['featured_posts', 'post_interactions_enabled', 'post_reactions_enabled', 'post_comments_enabled', 'user_ai_enabled'],
  engagement: ['notifications_enabled', 'leader_board_enabled', 'multiple_leaderboards_enabled', 'rewards_enabled'],
} as const satisfies Record<string, readonly FeatureToggle[]>;
export type CompanyFeatureGroup = keyof typeof COMPANY_FEATURE_GROUPS;

/** Every switch the screen edits (all but e-mail sign-in). */
export const COMPANY_FEATURES: readonly FeatureToggle[] = Object.values(COMPANY_FEATURE_GROUPS).flat();

/** Answer of both routes. */
export const CompanyFeaturesResponse = z.object({ feature_toggles: FeatureTogglesSchema });
export type CompanyFeaturesResponse = z.infer<typeof CompanyFeaturesResponse>;

const editable = Object.fromEntries(COMPANY_FEATURES.map((toggle) => [toggle, z.boolean().optional()])) as Record<FeatureToggle, z.ZodOptional<z.ZodBoolean>>;

/** Body of the PUT: the switches to change; another key (e-mail sign-in, a typo) is refused. */
export const CompanyFeaturesRequest = z.object({ feature_toggles: z.strictObject(editable) });
export type CompanyFeaturesRequest = z.infer<typeof CompanyFeaturesRequest>;

