import { VALID, invalid, isFilled, type ValidationResult, type ValidationKey } from './result.ts';

function requireValue(value: string | null | undefined, error: ValidationKey): ValidationResult {
  return isFilled(value) ? VALID : invalid(error);
}

/** 'Please enter your first name' when empty or only spaces. */
export function validateFirstName(value: string | null | undefined): ValidationResult {
  return requireValue(value, 'firstName.required');
}

/** 'Please enter your last name' when empty or only spaces. */
export function validateLastName(value: string | null | undefined): ValidationResult {
  return requireValue(value, 'lastName.required');
}

/** 'Please enter your username' (self sign-up) when empty or only spaces. */
export function validateUsername(value: string | null | undefined): ValidationResult {
  return requireValue(value, 'username.required');
}

/**
 * 'Please enter your password' when empty. Only emptiness is checked: a password of spaces
 * is the policy's business, and sign-in must let old passwords through.
 */
export function validatePasswordRequired(value: string | null | undefined): ValidationResult {
  return typeof value === 'string' && value.length > 0 ? VALID : invalid('password.required');
}

/** 'Please fill all required data' for any other required field. */
export function validateRequired(value: string | null | undefined): ValidationResult {
  return requireValue(value, 'required');
}
