/** Contract of the signed-in top bar: time-zone update and company switch hand-off. */
import { z } from 'zod';
import { UserResponse } from './user.ts';

/** Longest IANA zone id we accept (the longest real one is 32 characters). */
export const TIMEZONE_MAX_LENGTH = 64;

/**
 * PATCH /api/v4/user: saves the signed-in user's time zone. The zone must be one that
 * GET /api/v1/common/timezone lists, otherwise the answer is 201.
 */
export const UpdateUserTimezoneRequest = z.object({ timezone: z.string().trim().min(1).max(TIMEZONE_MAX_LENGTH) });
export type UpdateUserTimezoneRequest = z.infer<typeof UpdateUserTimezoneRequest>;

/** The answer: the presented user, as GET /api/v1/user/{id} gives it. */
export const UpdateUserTimezoneResponse = UserResponse;
export type UpdateUserTimezoneResponse = z.infer<typeof UpdateUserTimezoneResponse>;

/**
 * POST /api/v1/auth/switch-company: the hand-off to another company of the signed-in user.
 * Sessions live in per-host cookies, so the answer is a single-use SSO exchange url on the
 * target company's host (`/sign-in/sso?encrypted_token=...`), which signs the user in there.
 */
export const SwitchCompanyRequest = z.object({ company_id: z.number().int().positive() });
export type SwitchCompanyRequest = z.infer<typeof SwitchCompanyRequest>;

export const SwitchCompanyResponse = z.object({ url: z.string().url() });
export type SwitchCompanyResponse = z.infer<typeof SwitchCompanyResponse>;

/** Cookie that hides the time-zone mismatch warning; its value is the expiry time in epoch ms. */
export const TIMEZONE_WARNING_COOKIE = 'timezone_warning_hidden_until';

/** Where the warning's 'Go to settings' leads (the settings screen's time-zone anchor). */
export const TIMEZONE_SETTINGS_PATH = '/settings#application-timezone';

/**
 * Where the view switcher leads. The admin app is outside this product and is served under
 * the same host; the end-user app keeps its own routes, so the link is the admin app's hash route.
 */
export const ADMIN_VIEW_PATH = '/#/dashboard';
