/**
 * Saving a company's feature switches from the admin console (contract/company-settings.ts):
 * the switches named change, the others stay, and the change is recorded in the audit log
 * (`company.update`, each switch changed before and after) in the same transaction. Saving
 * what is already there changes and records nothing.
 */
import type { CompanyFeaturesRequest, FeatureToggle, FeatureToggles } from '@chorus/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies, type CompanyRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { recordAudit } from './audit.ts';

/** Saves the switches of `input` and answers every switch as saved. */
export async function saveCompanyFeatures(db: Database, company: Pick<CompanyRow, 'id'>, actor: string, input: CompanyFeaturesRequest): Promise<FeatureToggles> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ toggles: companies.featureToggles }).from(companies).where(eq(companies.id, company.id)).for('update');
    if (current === undefined) throw notFound();
    const before: Partial<FeatureToggles> = {};
    const after: Partial<FeatureToggles> = {};
    for (const [toggle, value] of Object.entries(input.feature_toggles) as [FeatureToggle, boolean | undefined][]) {
      if (value === undefined || current.toggles[toggle] === value) continue;
      before[toggle] = current.toggles[toggle];
      after[toggle] = value;
    }
    if (Object.keys(after).length === 0) return current.toggles;
    const saved: FeatureToggles = { ...current.toggles, ...after };
    await tx.update(companies).set({ featureToggles: saved }).where(eq(companies.id, company.id));
    await recordAudit(tx, { actor, companyId: company.id, action: 'company.update', target: null, data: { before, after } });
    return saved;
  });
}
