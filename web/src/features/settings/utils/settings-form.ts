import {
  AI_TONES,
  NOTIFICATION_KINDS,
  firstFailure,
  validateAiSettings,
  validateFirstName,
  validateLastName,
  type AiTone,
  type ConfigInfoResponse,
  type UpdateUserRequest,
  type UserResponse,
  type UserSettings,
  type ValidationResult,
} from '@chorus/core';
import { hashKey } from '@tanstack/react-query';

/** What the settings form edits; the language is saved on its own as soon as it is chosen. */
export interface SettingsFormState {
  first_name: string;
  last_name: string;
  timezone: string;
  user_settings: UserSettings;
}

/** Every notification flag, email first then push, in the spec's order of kinds. */
export const NOTIFICATION_FLAGS = (['email', 'push'] as const).map((channel) => ({
  channel,
  flags: NOTIFICATION_KINDS.map((kind) => ({ kind, key: `${channel}_${kind}` as keyof UserSettings['notifications'] })),
}));

/** Networks the `network` query parameter may name; each has a `#social-<network>` anchor. */
export const SETTINGS_NETWORKS = ['twitter', 'facebook', 'linkedin'] as const;
export type SettingsNetwork = (typeof SETTINGS_NETWORKS)[number];

/** The network a `network` query parameter names, if it is one of the three. */
export function settingsNetwork(value: string | null): SettingsNetwork | undefined {
  return SETTINGS_NETWORKS.find((network) => network === value?.trim().toLowerCase());
}

/** The form's starting values. */
export function initialSettingsForm(user: UserResponse): SettingsFormState {
  return { first_name: user.first_name, last_name: user.last_name, timezone: user.timezone, user_settings: user.user_settings };
}

/**
 * Whether the form differs from what was last saved (or loaded): compared by value, key order
 * aside, so a section rebuilding an equal object is no change.
 */
export function isSettingsFormChanged(saved: SettingsFormState, current: SettingsFormState): boolean {
  return hashKey([saved]) !== hashKey([current]);
}

/** Which sections the company shows. */
export interface SettingsFeatures {
  ai: boolean;
  notifications: boolean;
  password: boolean;
}

/** The sections the company's feature toggles turn on. */
export function settingsFeatures(config: ConfigInfoResponse): SettingsFeatures {
  const toggles = config.feature_toggles;
  return { ai: toggles.user_ai_enabled, notifications: toggles.notifications_enabled, password: toggles.email_login_enabled };
}

/** The names' rules, each with its own message; together 'Please fill all required data'. */
export function validateNames(form: Pick<SettingsFormState, 'first_name' | 'last_name'>): { first: ValidationResult; last: ValidationResult } {
  return { first: validateFirstName(form.first_name), last: validateLastName(form.last_name) };
}

/** Why the form cannot be saved: missing names first, then incomplete AI settings (when shown). */
export function settingsFormProblem(form: SettingsFormState, features: SettingsFeatures): 'required' | 'ai' | null {
  const names = validateNames(form);
  if (!firstFailure(names.first, names.last).ok) return 'required';
  if (features.ai && !validateAiSettings(form.user_settings.ai).ok) return 'ai';
  return null;
}

/** A stored tone if it is one of the list, else Professional (the default of new users). */
export function aiTone(value: string): AiTone {
  return AI_TONES.find((tone) => tone === value) ?? 'Professional';
}

/** The request Save Settings sends: only the groups the company shows are included. */
export function settingsRequest(form: SettingsFormState, features: SettingsFeatures): UpdateUserRequest {
  const { ai, notifications, ...always } = form.user_settings;
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    timezone: form.timezone,
    user_settings: {
      intelligence: always.intelligence,
      email_updates: always.email_updates,
      post_queue: always.post_queue,
      ...(features.ai ? { ai: { ...ai, default_tone: aiTone(ai.default_tone) } } : {}),
      ...(features.notifications ? { notifications } : {}),
    },
  };
}
