/** Types Fastify requests carry once the tenancy and session hooks have run. */
import type { Role } from '@chorus/core';
import type { CompanyRow, UserRow } from '../db/schema.ts';

/** The signed-in user of a request, with their role in the host company. */
export interface Viewer {
  user: UserRow;
  role: Role;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route works without a company, on any host. */
    tenantOptional?: boolean;
  }
  interface FastifyRequest {
    /** The company of the request's host; null on the assisted-login host and foreign hosts. */
    company: CompanyRow | null;
  }
}
