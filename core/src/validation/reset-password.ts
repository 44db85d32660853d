import { VALID, invalid, type ValidationResult } from './result.ts';

/** Fields of the reset-password form. */
export interface ResetPasswordInput {
  readonly password_1: string;
  readonly password_2: string;
}

/**
 * Reset password (accounts spec 5): submit stays disabled unless both fields are filled
 * and equal.
 */
export function validateResetPassword(input: ResetPasswordInput): ValidationResult {
  if (input.password_1.length === 0 || input.password_2.length === 0) return invalid('password.required');
  return input.password_1 === input.password_2 ? VALID : invalid('password.shouldMatch');
}
