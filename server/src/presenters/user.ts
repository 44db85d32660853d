/** The contract's UserResponse, and what GET /api/v1/user/{id} shows of whom (UserLookupResponse). */
import { can, type Role, type UserCompany, type UserLookupResponse, type UserResponse } from '@chorus/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { companies, memberships, type CompanyRow, type UserRow } from '../db/schema.ts';
import type { Viewer } from '../lib/request-context.ts';
import { supportedLanguage } from './company.ts';
import { presentPerson } from './person.ts';

/** Every company of a user, in the order they joined. */
export async function userCompanies(db: Database, userId: number): Promise<UserCompany[]> {
  const rows = await db
    .select({ company: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.created), asc(companies.id));
  return rows.map(({ company }) => presentUserCompany(company));
}

/** One company of a user, as the user response lists it. */
export function presentUserCompany(company: CompanyRow): UserCompany {
  return {
    company_id: company.id,
    company_name: company.name,
    subdomain: company.subdomain,
    logo_images: { original: company.logo },
    feature_toggles: company.featureToggles,
  };
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
    email_confirmed: user.emailConfirmedAt !== null,
  };
}

/**
 * Presents a member of the host company as the viewer may see them. The person themself sees
 * their full record; the company's admins see it too, but only with this company among its
 * companies (the others are not theirs to know); every other colleague gets the public card
 * (id, full name, avatar), so e-mail, AI goal, queue and notification settings stay private.
 */
export async function presentUserTo(db: Database, viewer: Viewer, company: CompanyRow, user: UserRow, role: Role): Promise<UserLookupResponse> {
  if (viewer.user.id === user.id) return presentUser(user, role, await userCompanies(db, user.id));
  if (can(viewer.role, 'people.read')) {
    const here = (await userCompanies(db, user.id)).filter((entry) => entry.company_id === company.id);
    return presentUser(user, role, here);
  }
  return presentPerson(user);
}
