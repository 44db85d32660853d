import { z } from 'zod';

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Not an e-mail domain');
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Not an http(s) URL');

/** PUT /api/v1/company/settings/sso/saml: the company's SAML identity provider (ADMIN). */
export const SamlSettingsInput = z.object({
  entry_point: httpUrl,
  idp_issuer: z.string().trim().min(1).max(2000),
  /** The IdP's signing certificate, PEM or the base64 body; checked as an X.509 certificate. */
  idp_cert: z.string().trim().min(1).max(20_000),
  logout_url: httpUrl.nullable().default(null),
  jit_provisioning: z.boolean().default(false),
  allowed_domains: z.array(domain).max(100).default([]),
});
export type SamlSettingsInput = z.input<typeof SamlSettingsInput>;

/** PUT /api/v1/company/settings/sso/google: the company's Google (OpenID Connect) client (ADMIN). */
export const GoogleSettingsInput = z.object({
  issuer: httpUrl.default('https://accounts.google.com'),
  client_id: z.string().trim().min(1).max(500),
  /** Omitted to keep the secret already stored. */
  client_secret: z.string().min(1).max(500).optional(),
  jit_provisioning: z.boolean().default(false),
  allowed_domains: z.array(domain).max(100).default([]),
});
export type GoogleSettingsInput = z.input<typeof GoogleSettingsInput>;

/**
 * GET /api/v1/company/settings/sso (ADMIN): what the company's IdPs are set to, and what to
 * register at them (this company's service-provider addresses). The Google client secret is
 * never sent back.
 */
export const SsoSettingsResponse = z.object({
  saml: z
    .object({
      entry_point: z.string(),
      idp_issuer: z.string(),
      idp_cert: z.string(),
      logout_url: z.string().nullable(),
      jit_provisioning: z.boolean(),
      allowed_domains: z.array(z.string()),
    })
    .nullable(),
  google: z
    .object({
      issuer: z.string(),
      client_id: z.string(),
      has_client_secret: z.boolean(),
      jit_provisioning: z.boolean(),
      allowed_domains: z.array(z.string()),
    })
    .nullable(),
  email_login_enabled: z.boolean(),
  service_provider: z.object({
    saml_entity_id: z.string(),
    saml_callback_url: z.string(),
    saml_metadata_url: z.string(),
    google_redirect_uri: z.string(),
  }),
});
export type SsoSettingsResponse = z.infer<typeof SsoSettingsResponse>;
