/** The contract's UserResponse. */
import type { Role, UserCompany, UserResponse } from '@chorus/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies, memberships, type UserRow } from '../db/schema.ts';
import { supportedLanguage } from './company.ts';

/** Every company of a user, in the order they joined. */
export async function userCompanies(db: Database, userId: number): Promise<UserCompany[]> {
  const rows = await db
    .select({ company: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.created), asc(companies.id));
  return rows.map(({ company }) => ({
    company_id: company.id,
    company_name: company.name,
    subdomain: company.subdomain,
    logo_images: { original: company.logo },
    feature_toggles: company.featureToggles,
  }));
}

/** Presents a user with their role in the host company and all their companies. */
export function presentUser(user: UserRow, role: Role, companiesOfUser: UserCompany[]): UserResponse {
  return {
    id: user.id,
    role,
    language: supportedLanguage(user.language),
    created: user.created.toISOString(),
    timezone: user.timezone,
    picture_images: { avatar: user.avatar },
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.email,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    // Groups arrive with a later issue.
    groups: [],
    companies: companiesOfUser,
    user_settings: user.settings,
  };
}
