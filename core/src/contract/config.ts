import { z } from 'zod';
import { FEATURE_TOGGLES, LANGUAGES, type FeatureToggle } from '../domain/enums.ts';

const toggleShape = Object.fromEntries(FEATURE_TOGGLES.map((t) => [t, z.boolean()])) as Record<
  FeatureToggle,
  z.ZodBoolean
>;

/** Every company feature toggle. */
export const FeatureTogglesSchema = z.object(toggleShape);

/** GET /api/v1/config/info */
export const ConfigInfoResponse = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  subdomain: z.string(),
  default_language: z.enum(LANGUAGES),
  skip_onboarding: z.boolean(),
  dashboard_enabled: z.boolean(),
  feature_toggles: FeatureTogglesSchema,
  teams: z.object({ app_id: z.string(), tab_entity_id: z.string() }),
});
export type ConfigInfoResponse = z.infer<typeof ConfigInfoResponse>;

export const SsoSettings = z.object({
  saml_enabled: z.boolean(),
  saml_url: z.string().nullable(),
  google_enabled: z.boolean(),
});

/** GET /api/v1/company/settings/branded-settings (public: it styles the sign-in screen). */
export const BrandedSettingsResponse = z.object({
  company_id: z.number().int(),
  title: z.string(),
  signin_favicon: z.string().nullable(),
  signin_background_image: z.string().nullable(),
  company_logo: z.string().nullable(),
  signin_explainer: z.string().nullable(),
  ios: z.object({ tint_color: z.string() }),
  social_media_policy: z.string().nullable(),
  sso_settings: SsoSettings,
  feature_toggles: z.object({ email_login_enabled: z.boolean() }),
  /** Seven entries indexed 1 X, 2 Facebook, 3 LinkedIn, 4 Google, 5 Instagram; 0 and 6 unused. */
  social_sign_in_settings: z.array(z.boolean()).length(7),
  /** Whether /self-sign-up is offered (our own field: the spec leaves it unnamed). */
  self_sign_up_enabled: z.boolean(),
});
export type BrandedSettingsResponse = z.infer<typeof BrandedSettingsResponse>;

export const TimezoneEntry = z.object({
  /** Display label, e.g. "(UTC-05:00) America/New_York". */
  name: z.string(),
  /** IANA zone id. */
  value: z.string(),
  /** Current offset from UTC in minutes. */
  offset: z.number().int(),
});
export type TimezoneEntry = z.infer<typeof TimezoneEntry>;

/** GET /api/v1/common/timezone */
export const TimezoneListResponse = z.array(TimezoneEntry);
export type TimezoneListResponse = z.infer<typeof TimezoneListResponse>;

/** GET /health */
export const HealthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
