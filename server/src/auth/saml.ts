/**
 * SAML single sign-on: each company is its own service provider, built from its stored
 * identity-provider settings (SamlConfigColumn) with @node-saml/node-saml. Assertions must be
 * signed by the company's IdP certificate, issued by its IdP and addressed to this company's
 * SP entity id (the audience), so a response for one company never signs anyone into another.
 */
import { SAML_PATHS, safeNextPath } from '@chorus/core';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { companyOrigin, type Config } from '../config.ts';
import type { CompanyRow, SamlConfigColumn, SamlSessionColumn } from '../db/schema.ts';
import { SAML_REQUEST_TTL_MS } from './saml-request-cache.ts';

/** The SP addresses of a company: entity id (also the audience), ACS and logout return. */
export interface SamlSpUrls {
  entityId: string;
  callbackUrl: string;
  logoutCallbackUrl: string;
}

/** The SP addresses on a company's host. */
export function samlSpUrls(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>, subdomain: string): SamlSpUrls {
  const origin = companyOrigin(config, subdomain);
  return {
    entityId: `${origin}${SAML_PATHS.metadata}`,
    callbackUrl: `${origin}${SAML_PATHS.callback}`,
    logoutCallbackUrl: `${origin}${SAML_PATHS.logout}`,
  };
}

/** Clock difference tolerated between this server and the IdP. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * The service provider of a company whose SAML settings are `saml`. With `requests` (see
 * saml-request-cache.ts) the ids of the AuthnRequests it sends are remembered, and a response
 * naming an InResponseTo must answer one of them, once; IdP-initiated responses (no
 * InResponseTo) stay possible, protected by signature, audience and lifetime.
 */
export function samlServiceProvider(
  config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>,
  company: CompanyRow,
  saml: SamlConfigColumn,
  requests?: CacheProvider,
): SAML {
  const urls = samlSpUrls(config, company.subdomain);
  return new SAML({
    entryPoint: saml.entryPoint,
    issuer: urls.entityId,
    audience: urls.entityId,
    callbackUrl: urls.callbackUrl,
    logoutCallbackUrl: urls.logoutCallbackUrl,
    idpIssuer: saml.idpIssuer,
    idpCert: saml.idpCert,
    ...(saml.logoutUrl ? { logoutUrl: saml.logoutUrl } : {}),
    // The assertion must carry the IdP's signature; a signed envelope alone is not enough,
    // and IdPs differ on signing the envelope too, so that is not required.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    ...(requests
      ? { validateInResponseTo: ValidateInResponseTo.ifPresent, cacheProvider: requests, requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS }
      : { validateInResponseTo: ValidateInResponseTo.never }),
    identifierFormat: null,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    disableRequestedAuthnContext: true,
  });
}

/** What the browser carries through the IdP in RelayState. */
export interface SamlRelay {
  /** Where to go after sign-in: an app path, already checked. */
  next: string | null;
  /** The invite code of a SAML sign-up. */
  inviteCode: string | null;
  /** The sign-in ran inside an iframe (Teams, the extension). */
  inIframe: boolean;
}

/** Encodes the relay state. */
export function encodeSamlRelay(relay: SamlRelay): string {
  const params = new URLSearchParams();
  const next = safeNextPath(relay.next);
  if (next) params.set('next', next);
  if (relay.inviteCode) params.set('code', relay.inviteCode);
  if (relay.inIframe) params.set('is_in_iframe', '1');
  return params.toString();
}

/** Decodes (and re-checks) the relay state the IdP sent back. */
export function decodeSamlRelay(value: unknown): SamlRelay {
  const params = new URLSearchParams(typeof value === 'string' ? value : '');
  const code = params.get('code');
  return { next: safeNextPath(params.get('next')), inviteCode: code && /^[A-Za-z0-9_-]{1,200}$/.test(code) ? code : null, inIframe: params.get('is_in_iframe') === '1' };
}

const EMAIL_NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];

/** The identity an assertion proves: the NameID and the e-mail address, lower-case. */
export interface SamlIdentity {
  subject: string;
  email: string | null;
  /** The IdP session, for a later LogoutRequest. */
  session: SamlSessionColumn;
}

/** Reads the NameID and the e-mail (the NameID in e-mail format, else an e-mail attribute). */
export function samlIdentity(profile: Profile): SamlIdentity {
  let email: string | null = profile.nameIDFormat === EMAIL_NAME_ID_FORMAT ? profile.nameID : null;
  for (const name of EMAIL_ATTRIBUTES) {
    if (email) break;
    const value = profile[name];
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') email = first;
  }
  const normalised = email?.trim().toLowerCase() ?? null;
  return {
    subject: profile.nameID,
    email: normalised && /^[^\s@]+@[^\s@]+$/.test(normalised) ? normalised : null,
    session: { nameID: profile.nameID, nameIDFormat: profile.nameIDFormat ?? EMAIL_NAME_ID_FORMAT, sessionIndex: profile.sessionIndex ?? null },
  };
}
