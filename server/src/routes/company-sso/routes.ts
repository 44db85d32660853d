/**
 * A company's single sign-on settings (ADMIN of that company): its SAML identity provider and
 * its Google (OpenID Connect) client. Setting one turns it on; deleting it turns it off. The
 * last way in cannot be removed while e-mail login is off, so nobody is locked out.
 */
import { X509Certificate } from 'node:crypto';
import { GoogleSettingsInput, SamlSettingsInput, SsoSettingsResponse } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { GOOGLE_CALLBACK_PATH, issuerProblem } from '../../auth/google.ts';
import { samlSpUrls } from '../../auth/saml.ts';
import { companyOrigin } from '../../config.ts';
import { companies, type CompanyRow, type OidcConfigColumn, type SamlConfigColumn } from '../../db/schema.ts';
import { parseInput, validationFailed } from '../../errors.ts';
import type { AppContext } from '../../lib/context.ts';
import { checked } from '../../lib/respond.ts';
import { encryptSecret, keyringOf, reencryptSecret } from '../../lib/secrets.ts';
import { authenticateFor } from '../../plugins/session.ts';
import { serve } from '../../lib/serve.ts';

const CLIENT_SECRET = 'companies.google_config.client_secret';

/** The PEM of a certificate given as PEM or as its base64 body; null when it is not one. */
export function normaliseCertificate(input: string): string | null {
  const body = input
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

function present(config: AppContext['config'], company: CompanyRow): SsoSettingsResponse {
  const saml = company.samlConfig;
  const google = company.googleConfig;
  const sp = samlSpUrls(config, company.subdomain);
  return {
    saml: saml
      ? {
          entry_point: saml.entryPoint,
          idp_issuer: saml.idpIssuer,
          idp_cert: saml.idpCert,
          logout_url: saml.logoutUrl,
          jit_provisioning: saml.jitProvisioning,
          allowed_domains: saml.allowedDomains,
        }
      : null,
    google: google
      ? {
          issuer: google.issuer,
          client_id: google.clientId,
          has_client_secret: google.clientSecret.length > 0,
          jit_provisioning: google.jitProvisioning,
          allowed_domains: google.allowedDomains,
        }
      : null,
    email_login_enabled: company.featureToggles.email_login_enabled,
    service_provider: {
      saml_entity_id: sp.entityId,
      saml_callback_url: sp.callbackUrl,
      saml_metadata_url: sp.entityId,
      google_redirect_uri: `${companyOrigin(config, company.subdomain)}${GOOGLE_CALLBACK_PATH}`,
    },
  };
}

/** Company SSO settings routes. */
export const companySsoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The host company, re-read (not the cached copy), once the caller is known to be its ADMIN. */
  async function adminCompany(request: FastifyRequest): Promise<CompanyRow> {
    const { company } = await authenticateFor(ctx.db, request, 'company.sign-in');
    const [fresh] = await ctx.db.select().from(companies).where(eq(companies.id, company.id)).limit(1);
    return fresh ?? company;
  }

  async function save(company: CompanyRow, changes: Partial<typeof companies.$inferInsert>): Promise<SsoSettingsResponse> {
    const [updated] = await ctx.db.update(companies).set(changes).where(eq(companies.id, company.id)).returning();
    return checked(SsoSettingsResponse, present(ctx.config, updated ?? company), ctx.checkResponses);
  }

  function keepsAWayIn(company: CompanyRow, removing: 'saml' | 'google'): void {
    const others = company.featureToggles.email_login_enabled || (removing === 'saml' ? company.googleConfig !== null : company.samlConfig !== null);
    if (!others) throw validationFailed([{ path: removing, message: 'Turn e-mail login on before removing the last single sign-on.' }]);
  }

  serve(app, 'GET /api/v1/company/settings/sso', async (request) => {
    const company = await adminCompany(request);
    return checked(SsoSettingsResponse, present(ctx.config, company), ctx.checkResponses);
  });

  serve(app, 'PUT /api/v1/company/settings/sso/saml', async (request) => {
    const company = await adminCompany(request);
    const input = parseInput(SamlSettingsInput, request.body ?? {});
    const idpCert = normaliseCertificate(input.idp_cert);
    if (idpCert === null) throw validationFailed([{ path: 'idp_cert', message: 'Not an X.509 certificate.' }]);
    const samlConfig: SamlConfigColumn = {
      entryPoint: input.entry_point,
      idpIssuer: input.idp_issuer,
      idpCert,
      logoutUrl: input.logout_url,
      jitProvisioning: input.jit_provisioning,
      allowedDomains: [...new Set(input.allowed_domains)],
    };
    return save(company, { samlConfig, ssoSettings: { ...company.ssoSettings, saml_enabled: true } });
  });

  serve(app, 'DELETE /api/v1/company/settings/sso/saml', async (request) => {
    const company = await adminCompany(request);
    keepsAWayIn(company, 'saml');
    return save(company, { samlConfig: null, ssoSettings: { ...company.ssoSettings, saml_enabled: false } });
  });

  serve(app, 'PUT /api/v1/company/settings/sso/google', async (request) => {
    const company = await adminCompany(request);
    const input = parseInput(GoogleSettingsInput, request.body ?? {});
    // The server fetches the issuer's discovery document: never from inside our network.
    const problem = issuerProblem(ctx.config, input.issuer);
    if (problem !== null) throw validationFailed([{ path: 'issuer', message: problem }]);
    const kept = company.googleConfig?.clientSecret;
    if (input.client_secret === undefined && !kept) throw validationFailed([{ path: 'client_secret', message: 'Required' }]);
    // Encrypted at rest; a kept secret is written again under the current key (rotation).
    const keyring = keyringOf(ctx.config);
    const clientSecret =
      input.client_secret !== undefined ? encryptSecret(keyring, input.client_secret, CLIENT_SECRET) : reencryptSecret(keyring, kept ?? '', CLIENT_SECRET);
    const googleConfig: OidcConfigColumn = {
      issuer: input.issuer,
      clientId: input.client_id,
      clientSecret,
      jitProvisioning: input.jit_provisioning,
      allowedDomains: [...new Set(input.allowed_domains)],
    };
    return save(company, { googleConfig, ssoSettings: { ...company.ssoSettings, google_enabled: true } });
  });

  serve(app, 'DELETE /api/v1/company/settings/sso/google', async (request) => {
    const company = await adminCompany(request);
    keepsAWayIn(company, 'google');
    return save(company, { googleConfig: null, ssoSettings: { ...company.ssoSettings, google_enabled: false } });
  });
};
