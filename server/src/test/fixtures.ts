/** The shared two-company fixture most route tests start from. */
import { Role } from '@chorus/core';
import type { Database } from '../db/database.ts';
import type { CompanyRow, UserRow } from '../db/schema.ts';
import { buildCompany, buildUser, sessionFor } from './factories.ts';

/** Two companies, members in each, one member of both, and a session token for each user. */
export interface Tenants {
  acme: CompanyRow;
  globex: CompanyRow;
  acmeAdmin: UserRow;
  acmeUser: UserRow;
  multi: UserRow;
  globexUser: UserRow;
  /** Sessions are per company: `multi` is the multi-company user's Acme session, `multiGlobex` their Globex one. */
  tokens: { acmeAdmin: string; acmeUser: string; multi: string; multiGlobex: string; globexUser: string };
}

/** Builds the two-company fixture. */
export async function buildTenants(db: Database): Promise<Tenants> {
  const acme = await buildCompany(db, { subdomain: 'acme', name: 'Acme Corporation', title: 'Acme', teamsTenantId: 'a0000000-0000-4000-8000-00000000ac3e' });
  const globex = await buildCompany(db, { subdomain: 'globex', name: 'Globex', title: 'Globex' });
  const acmeAdmin = await buildUser(db, [{ company: acme, role: Role.ADMIN }], { email: 'admin@acme.test' });
  const acmeUser = await buildUser(db, [{ company: acme, role: Role.USER }], { email: 'user@acme.test', firstName: 'Sam', lastName: 'Rivera' });
  const multi = await buildUser(db, [{ company: acme }, { company: globex, role: Role.MANAGER }], { email: 'multi@acme.test' });
  const globexUser = await buildUser(db, [{ company: globex }], { email: 'user@globex.test' });
  return {
    acme,
    globex,
    acmeAdmin,
    acmeUser,
    multi,
    globexUser,
    tokens: {
      acmeAdmin: await sessionFor(db, acmeAdmin),
      acmeUser: await sessionFor(db, acmeUser),
      multi: await sessionFor(db, multi, acme),
      multiGlobex: await sessionFor(db, multi, globex),
      globexUser: await sessionFor(db, globexUser),
    },
  };
}
