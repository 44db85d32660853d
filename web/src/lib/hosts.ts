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
