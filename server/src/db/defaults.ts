/** Column defaults that mirror core's contract shapes (company toggles, user settings). */
import { FEATURE_TOGGLES, NOTIFICATION_KINDS, WEEKDAYS, type FeatureToggles, type NetworkQueueSettings, type UserSettings } from '@chorus/core';

/** Toggles a new company starts without: paid or integration-backed capabilities. */
const OFF_BY_DEFAULT = new Set<string>(['multiple_leaderboards_enabled', 'compliance_enabled', 'rewards_enabled', 'user_ai_enabled']);

/** Feature toggles of a new company. */
export const DEFAULT_FEATURE_TOGGLES: FeatureToggles = Object.fromEntries(
  FEATURE_TOGGLES.map((toggle) => [toggle, !OFF_BY_DEFAULT.has(toggle)]),
) as FeatureToggles;

/** SSO settings of a new company: email sign-in only. */
export const DEFAULT_SSO_SETTINGS = { saml_enabled: false, saml_url: null, google_enabled: false } satisfies {
  saml_enabled: boolean;
  saml_url: string | null;
  google_enabled: boolean;
};

/** Seven social sign-in flags (indexes 1-5 used), all off. */
export const DEFAULT_SOCIAL_SIGN_IN: boolean[] = [false, false, false, false, false, false, false];

function queueDefaults(): NetworkQueueSettings {
  return {
    auto_queue_enabled: false,
    post_queue_time: [{ hour: 9, minute: 15, ampm: 0 }],
    post_queue_weekday: Object.fromEntries(WEEKDAYS.map((d) => [d, d !== 'su' && d !== 'sa'])) as NetworkQueueSettings['post_queue_weekday'],
  };
}

/** Settings of a new user: notifications on, AI consent not given, weekday queue at 9:15. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  ai: { consent_granted: false, job_title: '', goal: '', default_tone: 'Professional' },
  intelligence: { post_recommendations_enabled: true },
  email_updates: { manual_updates: true },
  leader_board: { show_in_leader_board: true },
  post_queue: { twitter: queueDefaults(), facebook: queueDefaults(), linkedin: queueDefaults() },
  notifications: Object.fromEntries(
    NOTIFICATION_KINDS.flatMap((k) => [
      [`email_${k}`, true],
      [`push_${k}`, true],
    ]),
  ) as UserSettings['notifications'],
};
