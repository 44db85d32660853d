/**
 * The outcome of every validation rule: either fine, or the translation key of the message
 * to show. Keys live in the `validation` namespace of @chorus/locales, so the UI shows a
 * failure with `t(result.error, { ns: VALIDATION_NAMESPACE })`.
 */
export type ValidationResult = { readonly ok: true } | { readonly ok: false; readonly error: ValidationKey };

/** The i18next namespace holding the messages of every ValidationKey. */
export const VALIDATION_NAMESPACE = 'validation';

/** Every message key a rule can return; the locales test checks each one is translated. */
export const VALIDATION_KEYS = [
  'required',
  'firstName.required',
  'lastName.required',
  'username.required',
  'password.required',
  'password.policy',
  'password.mismatch',
  'password.shouldMatch',
  'currentPassword.required',
  'email.required',
  'email.invalid',
  'subdomain.required',
  'subdomain.invalid',
  'subdomain.reserved',
  'avatar.type',
  'avatar.size',
  'avatar.dimensions',
  'queueTime.invalid',
  'confirmPhrase.mismatch',
  'deletePhrase.mismatch',
  'ai.title',
  'ai.incomplete',
] as const;
/** A message key of the `validation` namespace. */
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** The passing result, shared because it carries no data. */
export const VALID: ValidationResult = Object.freeze({ ok: true });

/** A failing result with the given message key. */
export function invalid(error: ValidationKey): ValidationResult {
  return { ok: false, error };
}

/** The first failure among several rules, or VALID: forms show one message at a time. */
export function firstFailure(...results: readonly ValidationResult[]): ValidationResult {
  return results.find((result) => !result.ok) ?? VALID;
}

/** True when a value holds something other than whitespace. */
export function isFilled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}
