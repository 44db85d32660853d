/** Company-level responses: configuration info and branded settings. */
import { LANGUAGES, DEFAULT_LANGUAGE, DEFAULT_ONBOARDING_SKIP_COMPANY_IDS, DEFAULT_DASHBOARD_COMPANY_IDS, DEFAULT_FR_CA_COMPANY_IDS, SOCIAL_SIGN_IN_ENTRIES, SOCIAL_SIGN_IN_SLUGS, SAML_PATHS, type BrandedSettingsResponse, type ConfigInfoResponse, type Language } from '@chorus/core';
import type { Config } from '../config.ts';
import type { CompanyRow } from '../db/schema.ts';
import { socialNetworkOffered, type SocialNetworkConfig } from '../auth/sign-in-policy.ts';

/** A stored language if supported, else the default (spec: anything else is en-US). */
export function supportedLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The language of the company's new users: its own setting, else fr-CA for the spec's company ids, else en-US. */
export function companyDefaultLanguage(company: Pick<CompanyRow, 'id' | 'defaultLanguage'>): Language {
  if (company.defaultLanguage !== null) return supportedLanguage(company.defaultLanguage);
  return DEFAULT_FR_CA_COMPANY_IDS.includes(company.id) ? 'fr-CA' : DEFAULT_LANGUAGE;
}

/** Whether the company skips onboarding: its own setting, else the spec's list of company ids. */
export function skipsOnboarding(company: Pick<CompanyRow, 'id' | 'skipOnboarding'>): boolean {
  return company.skipOnboarding ?? DEFAULT_ONBOARDING_SKIP_COMPANY_IDS.includes(company.id);
}

/** Whether managers and content creators may open the admin dashboard: its own setting, else the spec's list of company ids. */
export function dashboardEnabled(company: Pick<CompanyRow, 'id' | 'dashboardEnabled'>): boolean {
  return company.dashboardEnabled ?? DEFAULT_DASHBOARD_COMPANY_IDS.includes(company.id);
}

/** GET /api/v1/config/info */
export function presentConfigInfo(company: CompanyRow, config: Pick<Config, 'teams'>): ConfigInfoResponse {
  return {
    company_id: company.id,
    company_name: company.name,
    subdomain: company.subdomain,
    default_language: companyDefaultLanguage(company),
    skip_onboarding: skipsOnboarding(company),
    dashboard_enabled: dashboardEnabled(company),
    feature_toggles: company.featureToggles,
    teams: { app_id: config.teams.appId, tab_entity_id: config.teams.tabEntityId },
  };
}

/**
 * GET /api/v1/company/settings/branded-settings. A social sign-in option shows only when the
 * server will take it (see socialNetworkOffered): switched on and with a client behind it.
 */
export function presentBrandedSettings(company: CompanyRow, config: SocialNetworkConfig): BrandedSettingsResponse {
  const social = Array.from({ length: SOCIAL_SIGN_IN_ENTRIES }, (_, i) => {
    const network = SOCIAL_SIGN_IN_SLUGS[i];
    return network !== undefined && socialNetworkOffered(config, company, network);
  });
  return {
    company_id: company.id,
    title: company.title,
    signin_favicon: company.favicon,
    signin_background_image: company.backgroundImage,
    company_logo: company.logo,
    signin_explainer: company.explainer,
    ios: { tint_color: company.tintColor },
    social_media_policy: company.socialMediaPolicy,
    // A configured SAML identity provider is reached through this server's sign-in route.
    // Google shows only once a client is configured: the toggle alone leads nowhere.
    sso_settings: {
      ...(company.samlConfig ? { ...company.ssoSettings, saml_url: SAML_PATHS.signIn } : company.ssoSettings),
      google_enabled: company.ssoSettings.google_enabled && company.googleConfig !== null,
    },
    feature_toggles: { email_login_enabled: company.featureToggles.email_login_enabled },
    social_sign_in_settings: social,
    self_sign_up_enabled: company.selfSignUpEnabled,
  };
}
