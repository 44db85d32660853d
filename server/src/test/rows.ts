/**
 * drizzle-orm's operators for the test suites outside the server package (the attack suite),
 * which cannot import the server's dependency themselves.
 */
export { and, desc, eq, sql } from 'drizzle-orm';
