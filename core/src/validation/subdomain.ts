import { VALID, invalid, type ValidationResult } from './result.ts';

/** One DNS label in lower case: what a company's host `{subdomain}.{base domain}` may start with. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Subdomains no company may take: `app` is the assisted-login host, and the others are names
 * people read as the service's own (mail, www, api) or that a DNS set-up usually claims.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = ['app', 'www', 'api', 'admin', 'mail', 'static', 'media', 'status'];

/** A company's subdomain: required, one lower-case DNS label, not reserved. */
export function validateSubdomain(subdomain: string | null | undefined): ValidationResult {
  const value = typeof subdomain === 'string' ? subdomain.trim() : '';
  if (value.length === 0) return invalid('subdomain.required');
  if (!SUBDOMAIN_PATTERN.test(value)) return invalid('subdomain.invalid');
  return RESERVED_SUBDOMAINS.includes(value) ? invalid('subdomain.reserved') : VALID;
}
