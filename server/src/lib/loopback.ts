/**
 * Loopback, the one rule: which Host headers and which connection addresses are this machine.
 * The development tools answer only a request that is loopback on both counts.
 */

/** Host names that are this machine: `localhost` and its subdomains, 127.0.0.1 and ::1. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.trim().toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]' || name === '::1';
}

/** A Host header (with or without a port) naming this machine. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const trimmed = host.trim();
  const bracketed = /^(\[[^\]]*\])(?::\d+)?$/.exec(trimmed);
  if (bracketed !== null) return isLoopbackHostname(bracketed[1] ?? '');
  const plain = /^([^:[\]]+)(?::\d+)?$/.exec(trimmed);
  return plain !== null && isLoopbackHostname(plain[1] ?? '');
}

/** A connection's remote address on this machine (IPv4 127.0.0.1, IPv6 ::1 or its IPv4-mapped form). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
