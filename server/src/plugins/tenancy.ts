/**
 * Tenancy: the company of a request comes from its host, `{subdomain}.{CHORUS_BASE_DOMAIN}`.
 * The `app` subdomain (assisted login) and the bare base domain have no company.
 */
import { SUBDOMAIN_PATTERN } from '@chorus/core';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { CacheGeneration } from '../lib/cache-generation.ts';
import { companies, type CompanyRow } from '../db/schema.ts';
import { companySuspended, notFound } from '../errors.ts';
import '../lib/request-context.ts';
import { isApiRequest } from '../lib/request-path.ts';

/** The assisted-login host's subdomain. */
export const ASSISTED_LOGIN_SUBDOMAIN = 'app';

/** What a host names: a company subdomain, the assisted-login host, or nothing of ours. */
export type HostTarget = { kind: 'company'; subdomain: string } | { kind: 'assisted-login' } | { kind: 'foreign' };

/** Reads a Host header (port stripped, case-insensitive) against the base domain. */
export function parseHost(host: string | undefined, baseDomain: string): HostTarget {
  if (!host) return { kind: 'foreign' };
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (name === baseDomain) return { kind: 'assisted-login' };
  const suffix = `.${baseDomain}`;
  if (!name.endsWith(suffix)) return { kind: 'foreign' };
  const subdomain = name.slice(0, -suffix.length);
  if (!SUBDOMAIN_PATTERN.test(subdomain)) return { kind: 'foreign' };
  return subdomain === ASSISTED_LOGIN_SUBDOMAIN ? { kind: 'assisted-login' } : { kind: 'company', subdomain };
}

/** How long a looked-up company is reused. */
export const COMPANY_CACHE_TTL_MS = 2_000;
/** Companies kept at most before the cache starts over. */
const COMPANY_CACHE_SIZE = 1_000;

interface TenancyOptions {
  db: Database;
  baseDomain: string;
  /** The cache generations: a write of the company (its settings) retires its cached row at once. */
  generation: CacheGeneration;
}

/**
 * Attaches request.company. An API request on a host naming no known company is answered
 * 404 here, except on the assisted-login host, where company-less routes still work, and on
 * routes marked `config: { tenantOptional: true }` (the bot endpoint, which Bot Framework
 * calls on whatever host the bot registration names). A suspended company's API requests are
 * answered 495.
 */
export const tenancyPlugin = fp<TenancyOptions>(
  async (app, { db, baseDomain, generation }) => {
    app.decorateRequest('company', null);
    // Every API request looks its company up; under load that round trip costs more than the
    // lookup. Known companies are reused for a couple of seconds, or until a write of the
    // company (an admin's settings) retires them through the cache generations, so a setting
    // saved shows at once; unknown subdomains are not cached, so a new company works at once.
    const known = new Map<string, { row: CompanyRow; expires: number; since: number }>();
    const findCompany = async (subdomain: string): Promise<CompanyRow | null> => {
      const now = Date.now();
      const hit = known.get(subdomain);
      if (hit !== undefined && hit.expires > now && generation.usable() && !generation.changedSince(hit.row.id, hit.since)) return hit.row;
      const since = generation.now();
      const [row] = await db.select().from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
      if (row === undefined) {
        known.delete(subdomain);
        return null;
      }
      if (known.size >= COMPANY_CACHE_SIZE) known.clear();
      known.set(subdomain, { row, expires: now + COMPANY_CACHE_TTL_MS, since });
      return row;
    };
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const target = parseHost(request.headers.host, baseDomain);
      const company = target.kind === 'company' ? await findCompany(target.subdomain) : null;
      request.company = company;
      const optional = request.routeOptions.config.tenantOptional === true;
      const api = isApiRequest(request);
      if (company === null && !optional && target.kind !== 'assisted-login' && api) {
        throw notFound('No company is known at this address.');
      }
      // A suspended company answers no API request (sign-in included), not even its branding.
      if (company !== null && company.suspendedAt !== null && api) throw companySuspended();
    });
  },
  { name: 'chorus-tenancy' },
);
