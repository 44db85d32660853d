import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../domain/constants.ts';
import { VALID, firstFailure, invalid, isFilled, type ValidationResult } from './result.ts';
import { validateConfirmPassword } from './confirm-password.ts';

// Letters, marks, digits, punctuation and symbols: "printable" without spaces or controls,
// so a non-English keyboard can still be used.
const PRINTABLE_CHARACTER = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/**
 * The company password policy (accounts spec 5): at least 8 printable characters, no spaces,
 * and at least one lowercase letter, one uppercase letter, one digit and one of
 * ! @ # $ % ^ & * ( ). The server runs the same check, so both sides agree.
 */
export function validatePassword(password: string | null | undefined): ValidationResult {
  if (typeof password !== 'string' || password.length === 0) return invalid('password.required');
  // Counted in code points: a character outside the BMP is one character to the user.
  const characters = [...password];
  const conforms =
    characters.length >= PASSWORD_MIN_LENGTH &&
    characters.every((c) => PRINTABLE_CHARACTER.test(c)) &&
    characters.some((c) => c >= 'a' && c <= 'z') &&
    characters.some((c) => c >= 'A' && c <= 'Z') &&
    characters.some((c) => c >= '0' && c <= '9') &&
    characters.some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c));
  return conforms ? VALID : invalid('password.policy');
}

/** Fields of the change-password form (POST /user/password). */
export interface ChangePasswordInput {
  readonly current_password: string;
  readonly new_password: string;
  readonly confirm_new_password: string;
}

/** Change password: the current one is required, the new one meets the policy and is confirmed. */
export function validateChangePassword(input: ChangePasswordInput): ValidationResult {
  return firstFailure(
    isFilled(input.current_password) ? VALID : invalid('currentPassword.required'),
    validatePassword(input.new_password),
    validateConfirmPassword(input.new_password, input.confirm_new_password),
  );
}
