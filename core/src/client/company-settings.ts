/** Client calls of the admin console's company settings (see contract/company-settings.ts). */
import { CompanyFeaturesResponse, type CompanyFeaturesRequest } from '../contract/company-settings.ts';
import type { ApiClient } from './api-client.ts';

/** `GET /api/v1/company/settings/features`: every feature switch of the company. */
export function getCompanyFeatures(client: ApiClient): Promise<CompanyFeaturesResponse> {
  return client.call('GET /api/v1/company/settings/features', CompanyFeaturesResponse);
}

/** `PUT /api/v1/company/settings/features`: changes the switches named; answers every switch. */
export function saveCompanyFeatures(client: ApiClient, input: CompanyFeaturesRequest): Promise<CompanyFeaturesResponse> {
  return client.call('PUT /api/v1/company/settings/features', CompanyFeaturesResponse, { body: input });
}
