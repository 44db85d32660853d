import { VALID, invalid, type ValidationResult } from './result.ts';

// A local part of the usual atom characters and a domain of at least two dot-separated
// labels: the same shape browsers accept for type=email, plus a required top-level domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/**
 * Email fields (forgot password, email sign-in, assisted login, self sign-up): required, and
 * must look like an address. Surrounding spaces are ignored, as pasted addresses carry them.
 */
export function validateEmail(email: string | null | undefined): ValidationResult {
  const value = typeof email === 'string' ? email.trim() : '';
  if (value.length === 0) return invalid('email.required');
  const localPart = value.slice(0, value.lastIndexOf('@'));
  const wellFormed =
    value.length <= EMAIL_MAX_LENGTH &&
    localPart.length <= LOCAL_PART_MAX_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    !localPart.startsWith('.') &&
    !localPart.endsWith('.') &&
    !localPart.includes('..');
  return wellFormed ? VALID : invalid('email.invalid');
}
