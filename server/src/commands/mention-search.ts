/**
 * LinkedIn mention search (content-library spec 5 "Mentions", 7 `/social/{networkId}/search`,
 * 8 error 310). The real LinkedIn API mentions organizations; its generally available way to
 * find one is the Organization Lookup API's vanity-name finder (`GET /rest/organizations
 * ?q=vanityName`; keyword company search is restricted to selected partners), called with the
 * person's own token through the SSRF guard. A sandbox link searches a small demo directory.
 */
import { linkedInOrganizationId, normaliseTerm, type Mention } from '@chorus/core';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow } from '../db/schema.ts';
import { ApiError, forbidden, networkNotLinked, networkSearchFailed, validationFailed } from '../errors.ts';
import { guardedFetch, SafeFetchError } from '../lib/safe-fetch.ts';
import { linkOf, networkEnabled, socialTokensOf } from './social-link.ts';

/** Most candidates answered. */
export const MENTION_RESULTS_MAX = 10;

/** Organizations the sandbox network knows (Microsoft's sample company names, and the demo companies). */
export const SANDBOX_ORGANIZATIONS: readonly { id: number; name: string; vanity: string }[] = [
  { id: 9_100_001, name: 'Acme Corporation', vanity: 'acme-corporation' },
  { id: 9_100_002, name: 'Globex', vanity: 'globex' },
  { id: 9_100_003, name: 'Contoso', vanity: 'contoso' },
  { id: 9_100_004, name: 'Fabrikam', vanity: 'fabrikam' },
  { id: 9_100_005, name: 'Northwind Traders', vanity: 'northwind-traders' },
  { id: 9_100_006, name: 'Adventure Works', vanity: 'adventure-works' },
  { id: 9_100_007, name: 'Tailspin Toys', vanity: 'tailspin-toys' },
  { id: 9_100_008, name: 'Wide World Importers', vanity: 'wide-world-importers' },
  { id: 9_100_009, name: 'Woodgrove Bank', vanity: 'woodgrove-bank' },
  { id: 9_100_010, name: 'Proseware', vanity: 'proseware' },
  { id: 9_100_011, name: 'Litware', vanity: 'litware' },
  { id: 9_100_012, name: "Margie's Travel", vanity: 'margies-travel' },
];

function organizationMention(id: string | number, name: string, vanity: string | null): Mention {
  return { account_id: `urn:li:organization:${id}`, account_type: 'organization', index: 0, name, mention_text: name, screen_name: vanity };
}

/** Sandbox: organizations whose name or vanity name contains the query, case and accents folded. */
export function searchSandboxOrganizations(query: string): Mention[] {
  const needle = normaliseTerm(query);
  return SANDBOX_ORGANIZATIONS.filter((org) => normaliseTerm(org.name).includes(needle) || org.vanity.includes(needle))
    .slice(0, MENTION_RESULTS_MAX)
    .map((org) => organizationMention(org.id, org.name, org.vanity));
}

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** LinkedIn: the organization with this vanity name, through the Organization Lookup API. */
export async function searchLinkedInOrganizations(options: { apiBaseUrl: string; apiVersion: string; accessToken: string; query: string; allowAddresses: readonly string[] }): Promise<Mention[]> {
  const url = new URL(`${options.apiBaseUrl}/rest/organizations`);
  url.searchParams.set('q', 'vanityName');
  url.searchParams.set('vanityName', options.query.toLowerCase());
  const fetchGuarded = guardedFetch({ allowAddresses: options.allowAddresses, protocols: ['https:', 'http:'], userAgent: 'Chorus/1.0' });
  let response: Response;
  try {
    response = await fetchGuarded(url, {
      headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json', 'linkedin-version': options.apiVersion, 'x-restli-protocol-version': '2.0.0' },
    });
  } catch (error) {
    if (error instanceof SafeFetchError) throw networkSearchFailed();
    throw error;
  }
  if (!response.ok) throw networkSearchFailed();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw networkSearchFailed();
  }
  const elements = record(body).elements;
  if (!Array.isArray(elements)) throw networkSearchFailed();
  return elements.slice(0, MENTION_RESULTS_MAX).flatMap((element): Mention[] => {
    const org = record(element);
    const id = typeof org.id === 'number' || typeof org.id === 'string' ? String(org.id) : null;
    const name = typeof org.localizedName === 'string' && org.localizedName !== '' ? org.localizedName : null;
    if (id === null || !/^\d+$/.test(id) || name === null) return [];
    return [organizationMention(id, name, typeof org.vanityName === 'string' ? org.vanityName : null)];
  });
}

/**
 * The person's mention candidates on LinkedIn: 310 when they have not linked it (or must
 * relink), 202 ('There was an error searching this network.') when the search fails.
 */
export async function searchMentions(
  db: Database,
  config: Pick<Config, 'networkApis' | 'fetchAllowAddresses' | 'secretKeys' | 'dataDir' | 'nodeEnv'>,
  company: CompanyRow,
  userId: number,
  query: string,
): Promise<Mention[]> {
  if (!networkEnabled(company, 'linkedin')) throw forbidden('This network is turned off for your company.');
  const link = await linkOf(db, userId, 'linkedin');
  if (link === null || !link.isActive) throw networkNotLinked();
  if (link.externalId.startsWith('sandbox:')) return searchSandboxOrganizations(query);
  let accessToken: string;
  try {
    accessToken = socialTokensOf(config, link).accessToken;
  } catch {
    throw networkSearchFailed();
  }
  return searchLinkedInOrganizations({
    apiBaseUrl: config.networkApis.linkedinApiBaseUrl,
    apiVersion: config.networkApis.linkedinApiVersion,
    accessToken,
    query,
    allowAddresses: config.fetchAllowAddresses,
  });
}

/** 201 for a mention that names no organization LinkedIn knows (or not one the member may mention). */
function unknownMention(): ApiError {
  return validationFailed([{ path: 'mentions', message: 'A mentioned organization could not be found on LinkedIn. Search for it again.' }]);
}

/** LinkedIn: one organization by id (Organization Lookup API, `GET /rest/organizations/{id}`), null when LinkedIn knows none. */
async function linkedInOrganizationName(options: { apiBaseUrl: string; apiVersion: string; accessToken: string; id: string; allowAddresses: readonly string[] }): Promise<string | null> {
  const fetchGuarded = guardedFetch({ allowAddresses: options.allowAddresses, protocols: ['https:', 'http:'], userAgent: 'Chorus/1.0' });
  let response: Response;
  try {
    response = await fetchGuarded(new URL(`${options.apiBaseUrl}/rest/organizations/${options.id}`), {
      headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json', 'linkedin-version': options.apiVersion, 'x-restli-protocol-version': '2.0.0' },
    });
  } catch (error) {
    if (error instanceof SafeFetchError) throw networkSearchFailed();
    throw error;
  }
  if (response.status === 404) return null;
  if (!response.ok) throw networkSearchFailed();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw networkSearchFailed();
  }
  const name = record(body).localizedName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

/**
 * The mentions of a new LinkedIn share with the names the organization lookup gives (content
 * issue 52, item 4): the request's `name` is never published. Each mention must name an
 * organization (a URN or its numeric id; a person cannot be looked up, so it is refused) that
 * LinkedIn (or the sandbox directory) knows: 201 otherwise, 202 when LinkedIn cannot be asked.
 * Without an active link nothing is published by this request (the member is sent to link
 * first, the mentions kept for the resume), so they are answered as given.
 */
export async function lookUpMentions(
  db: Database,
  config: Pick<Config, 'networkApis' | 'fetchAllowAddresses' | 'secretKeys' | 'dataDir' | 'nodeEnv'>,
  userId: number,
  mentions: readonly Mention[],
): Promise<Mention[]> {
  if (mentions.length === 0) return [];
  const link = await linkOf(db, userId, 'linkedin');
  if (link === null || !link.isActive) return [...mentions];
  const names = new Map<string, string | null>();
  const nameOf = async (id: string): Promise<string | null> => {
    if (names.has(id)) return names.get(id) ?? null;
    let name: string | null;
    if (link.externalId.startsWith('sandbox:')) {
      name = SANDBOX_ORGANIZATIONS.find((org) => String(org.id) === id)?.name ?? null;
    } else {
      let accessToken: string;
      try {
        accessToken = socialTokensOf(config, link).accessToken;
      } catch {
        throw networkSearchFailed();
      }
      name = await linkedInOrganizationName({ apiBaseUrl: config.networkApis.linkedinApiBaseUrl, apiVersion: config.networkApis.linkedinApiVersion, accessToken, id, allowAddresses: config.fetchAllowAddresses });
    }
    names.set(id, name);
    return name;
  };
  const named: Mention[] = [];
  for (const mention of mentions) {
    const id = linkedInOrganizationId(mention);
    if (id === null) throw unknownMention();
    const name = await nameOf(id);
    if (name === null) throw unknownMention();
    named.push({ ...mention, account_id: `urn:li:organization:${id}`, account_type: 'organization', name });
  }
  return named;
}
