import { VALID, invalid, type ValidationResult } from './result.ts';

/**
 * Confirm password must equal password exactly ("Passwords don't match"). An empty
 * confirmation of a non-empty password is a mismatch too.
 */
export function validateConfirmPassword(password: string, confirmation: string): ValidationResult {
  return password === confirmation ? VALID : invalid('password.mismatch');
}
