/**
 * Where node-saml remembers the AuthnRequest ids it sent, so it can check a response's
 * InResponseTo: a table shared by every server process (the IdP may post the response to
 * another process than the one that sent the request). Each id is accepted once, and only
 * within SAML_REQUEST_TTL_MS of being sent.
 */
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { samlRequests } from '../db/schema.ts';

/** How long a person may take at the IdP between our request and its response. */
export const SAML_REQUEST_TTL_MS = 15 * 60 * 1000;

/** The request cache of one company's service provider. */
export function samlRequestCache(db: Database, companyId: number, now: () => Date = () => new Date()): CacheProvider {
  const cutoff = (): Date => new Date(now().getTime() - SAML_REQUEST_TTL_MS);
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      // Requests nobody answered are dropped as new ones arrive.
      await db.delete(samlRequests).where(lt(samlRequests.created, cutoff()));
      const created = now();
      const rows = await db.insert(samlRequests).values({ id: key, companyId, value, created }).onConflictDoNothing().returning({ id: samlRequests.id });
      return rows.length > 0 ? { value, createdAt: created.getTime() } : null;
    },
    async getAsync(key: string): Promise<string | null> {
      const [row] = await db
        .select({ value: samlRequests.value })
        .from(samlRequests)
        .where(and(eq(samlRequests.id, key), eq(samlRequests.companyId, companyId), gt(samlRequests.created, cutoff())))
        .limit(1);
      return row?.value ?? null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (key === null) return null;
      const [row] = await db
        .delete(samlRequests)
        .where(and(eq(samlRequests.id, key), eq(samlRequests.companyId, companyId)))
        .returning({ value: samlRequests.value });
      return row?.value ?? null;
    },
  };
}
