/** Which company switcher the top bar offers, and which companies it lists. */
import { INSTANCE_SWITCHER_THRESHOLD, type UserCompany } from '@chorus/core';

/** None (one company), a simple menu (fewer than 4 others) or the searchable advanced switcher. */
export type SwitcherKind = 'none' | 'menu' | 'advanced';

/** The switcher for a number of other companies (spec: advanced at 4 or more). */
export function switcherKind(otherCompanies: number): SwitcherKind {
  if (otherCompanies <= 0) return 'none';
  return otherCompanies < INSTANCE_SWITCHER_THRESHOLD ? 'menu' : 'advanced';
}

/** The user's companies other than the current one, by name. */
export function otherCompanies(companies: readonly UserCompany[], currentCompanyId: number | undefined): UserCompany[] {
  return companies
    .filter((company) => company.company_id !== currentCompanyId)
    .sort((a, b) => a.company_name.localeCompare(b.company_name));
}

/** Companies whose name or subdomain contains the search text (case-insensitive). */
export function filterCompanies(companies: readonly UserCompany[], search: string): UserCompany[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...companies];
  return companies.filter((c) => c.company_name.toLocaleLowerCase().includes(needle) || c.subdomain.includes(needle));
}
