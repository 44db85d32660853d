/** Subdomain of the assisted-login host ("Let's Find Your Team"). */
export const ASSISTED_LOGIN_SUBDOMAIN = 'app';

/** The parts of `window.location` the host helpers read. */
export interface HostLocation {
  protocol: string;
  hostname: string;
  port: string;
}

function isIpAddress(hostname: string): boolean {
  return hostname.includes(':') || hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The company subdomain of a host name: the first label of `{subdomain}.localhost` or of a
 * name with at least three labels. Bare names and IP addresses have none.
 */
export function subdomainOf(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (isIpAddress(host)) return null;
  const labels = host.split('.').filter((label) => label.length > 0);
  const minimum = labels.at(-1) === 'localhost' ? 2 : 3;
  return labels.length >= minimum ? (labels[0] ?? null) : null;
}

/**
 * The origin of another company's subdomain on the same base domain and port, or null when
 * the host cannot carry subdomains (an IP address) or the subdomain is not a valid label.
 */
export function originForSubdomain(location: HostLocation, subdomain: string): string | null {
  const label = subdomain.trim().toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) || isIpAddress(location.hostname)) return null;
  const labels = location.hostname.toLowerCase().split('.');
  const base = subdomainOf(location.hostname) === null ? labels : labels.slice(1);
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${[label, ...base].join('.')}${port}`;
}

/** The base domain of the current host: the host name without its company subdomain. */
export function baseDomainOf(hostname: string): string {
  const host = hostname.toLowerCase();
  return subdomainOf(host) === null ? host : host.split('.').slice(1).join('.');
}

/**
 * True when `url` may receive the browser after sign-in or sign-out (an SSO start page, a
 * provider's return): an http(s) address on the current base domain or one of its
 * subdomains (HTTPS only when this page is HTTPS), or one on an origin the company
 * configured (its SAML URL). Anything else is refused, so a response cannot open-redirect.
 */
export function isAllowedRedirectUrl(url: string, location: HostLocation, configuredUrls: readonly (string | null | undefined)[] = []): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username !== '' || target.password !== '') return false;
  for (const configured of configuredUrls) {
    if (!configured) continue;
    try {
      const allowed = new URL(configured);
      if (allowed.protocol === 'https:' && target.origin === allowed.origin) return true;
    } catch {
      // A malformed company setting allows nothing.
    }
  }
  if (location.protocol === 'https:' && target.protocol !== 'https:') return false;
  const base = baseDomainOf(location.hostname);
  const host = target.hostname.toLowerCase();
  return !isIpAddress(base) && (host === base || host.endsWith(`.${base}`));
}
