/**
 * A company's compliance rules (content-library spec 5 "Compliance", 8 error 470): its
 * prohibited and limited terms, threshold and `compliance_enabled` toggle; checking captions
 * against them as people type (v2 `/compliance/validate`) and again when they share, queue or
 * schedule (assertCompliant).
 *
 * The lists are compiled once into core's matcher and kept per company; each check reads the
 * toggle and the lists' version (one small query), so a change made by any process retires
 * every process's matcher at once.
 */
import { compileTerms, isComplianceValid, type ComplianceCheck, type ComplianceMatcher, type ComplianceSettings } from '@chorus/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies, companyCompliance, type CompanyRow } from '../db/schema.ts';
import { rephraseToShare } from '../errors.ts';
import { recordAudit } from './audit.ts';

/** The threshold of a company that never saved its lists. */
export const DEFAULT_COMPLIANCE_THRESHOLD = 3;

interface CachedMatcher {
  version: number;
  matcher: ComplianceMatcher;
}

/**
 * Compiled matchers by company, per database (test databases reuse company ids). A company's
 * entry is replaced when its version moves on.
 */
const matchers = new WeakMap<Database, Map<number, CachedMatcher>>();

function cacheOf(db: Database): Map<number, CachedMatcher> {
  let cache = matchers.get(db);
  if (cache === undefined) {
    cache = new Map();
    matchers.set(db, cache);
  }
  return cache;
}

/** The company's settings as the admin route shows them. */
export async function readComplianceSettings(db: Database, companyId: number): Promise<ComplianceSettings> {
  const [row] = await db
    .select({ toggles: companies.featureToggles, prohibited: companyCompliance.prohibited, limited: companyCompliance.limited, threshold: companyCompliance.threshold })
    .from(companies)
    .leftJoin(companyCompliance, eq(companyCompliance.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return {
    enabled: row?.toggles.compliance_enabled === true,
    prohibited: row?.prohibited ?? [],
    limited: row?.limited ?? [],
    threshold: row?.threshold ?? DEFAULT_COMPLIANCE_THRESHOLD,
  };
}

/** Terms without repeats (as typed, first spelling kept), so the admin's list stays tidy. */
function distinct(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What `after` adds to `before` and what it leaves out, compared as the matcher compares (case aside). */
function listChange(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  const had = new Set(before.map((term) => term.toLowerCase()));
  const has = new Set(after.map((term) => term.toLowerCase()));
  return { added: after.filter((term) => !had.has(term.toLowerCase())), removed: before.filter((term) => !has.has(term.toLowerCase())) };
}

/**
 * Saves the lists and threshold (a new version) and sets the `compliance_enabled` toggle, in
 * one transaction with its audit record (`compliance.update`: the toggle and threshold before
 * and after, the terms added to and removed from each list); returns what is now stored.
 */
export async function saveComplianceSettings(db: Database, companyId: number, input: ComplianceSettings, actor: string): Promise<ComplianceSettings> {
  const values = { prohibited: distinct(input.prohibited), limited: distinct(input.limited), threshold: input.threshold };
  await db.transaction(async (tx) => {
    const before = await readComplianceSettings(tx, companyId);
    await tx
      .insert(companyCompliance)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companyCompliance.companyId, set: { ...values, version: sql`${companyCompliance.version} + 1`, updated: sql`now()` } });
    // Only this toggle changes: jsonb_set leaves the others as another writer left them.
    await tx
      .update(companies)
      .set({ featureToggles: sql`jsonb_set(${companies.featureToggles}, '{compliance_enabled}', ${JSON.stringify(input.enabled)}::jsonb)` })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      actor,
      companyId,
      action: 'compliance.update',
      target: null,
      data: {
        before: { enabled: before.enabled, threshold: before.threshold },
        after: { enabled: input.enabled, threshold: values.threshold },
        prohibited: listChange(before.prohibited, values.prohibited),
        limited: listChange(before.limited, values.limited),
      },
    });
  });
  return readComplianceSettings(db, companyId);
}

/** The company's compiled matcher and threshold, or null when compliance is off. */
async function activeMatcher(db: Database, companyId: number): Promise<{ matcher: ComplianceMatcher; threshold: number } | null> {
  const [state] = await db
    .select({ toggles: companies.featureToggles, version: companyCompliance.version, threshold: companyCompliance.threshold })
    .from(companies)
    .leftJoin(companyCompliance, eq(companyCompliance.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (state?.toggles.compliance_enabled !== true) return null;
  const threshold = state.threshold ?? DEFAULT_COMPLIANCE_THRESHOLD;
  // No lists saved yet: version 0, nothing to match.
  const version = state.version ?? 0;
  const cache = cacheOf(db);
  const cached = cache.get(companyId);
  if (cached !== undefined && cached.version === version) return { matcher: cached.matcher, threshold };
  const [lists] = await db
    .select({ prohibited: companyCompliance.prohibited, limited: companyCompliance.limited, version: companyCompliance.version })
    .from(companyCompliance)
    .where(eq(companyCompliance.companyId, companyId))
    .limit(1);
  const matcher = compileTerms({ prohibited: lists?.prohibited ?? [], limited: lists?.limited ?? [] });
  // Keyed by the version the lists were read at (a save in between compiles again next time).
  cache.set(companyId, { version: lists?.version ?? 0, matcher });
  return { matcher, threshold };
}

/** Checks a caption against the company's rules; valid (type null) when compliance is off. */
export async function checkCompliance(db: Database, company: Pick<CompanyRow, 'id'>, content: string): Promise<ComplianceCheck> {
  const active = await activeMatcher(db, company.id);
  if (active === null) return { type_id: null, content_limited_set: [], content_prohibited_set: [], matches: [] };
  return active.matcher.check(content, active.threshold);
}

/**
 * Refuses a caption that breaks the company's rules (a prohibited term, or more limited terms
 * than the threshold) with 470, in Facebook's wording on Facebook. For the share, queue and
 * schedule commands, which check again whatever the editor showed.
 */
export async function assertCompliant(db: Database, company: Pick<CompanyRow, 'id'>, content: string, networkId: number): Promise<void> {
  const result = await checkCompliance(db, company, content);
  if (!isComplianceValid(result.type_id)) throw rephraseToShare(networkId);
}
