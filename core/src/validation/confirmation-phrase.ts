import { CONFIRM_PHRASE, DELETE_PHRASE } from '../domain/enums.ts';
import { VALID, invalid, type ValidationResult } from './result.ts';
import { validatePasswordRequired } from './required-fields.ts';

/** SSO-only deactivation or deletion: the typed text must be exactly CONFIRM. */
export function validateConfirmPhrase(text: string): ValidationResult {
  return text === CONFIRM_PHRASE ? VALID : invalid('confirmPhrase.mismatch');
}

/** Admin confirmation of a deletion request: the typed text must be exactly DELETE. */
export function validateDeletePhrase(text: string): ValidationResult {
  return text === DELETE_PHRASE ? VALID : invalid('deletePhrase.mismatch');
}

/** What the deactivate and delete dialogs collect. */
export interface RemovalConfirmationInput {
  /** True when the company signs in only through SSO, so there is no password to ask for. */
  readonly ssoOnly: boolean;
  readonly password: string;
  readonly confirmation: string;
}

/** Deactivate or delete: the password is required, or CONFIRM for SSO-only companies. */
export function validateRemovalConfirmation(input: RemovalConfirmationInput): ValidationResult {
  return input.ssoOnly ? validateConfirmPhrase(input.confirmation) : validatePasswordRequired(input.password);
}
