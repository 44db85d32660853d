/**
 * Routes that speak for a member in public or to co-workers (share, comment, suggest, link a
 * network) declare `config: { requireConfirmedEmail: true }`; authenticate() then refuses a
 * member who has not yet followed their confirmation link with 490. This is the only check.
 */
import { ErrorCode } from '@chorus/core';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only members with a confirmed e-mail address may call the route (error 490 otherwise). */
    requireConfirmedEmail?: boolean;
  }
}

/** The route option, ready to spread into a route's options. */
export const REQUIRE_CONFIRMED_EMAIL = { config: { requireConfirmedEmail: true } } as const;

/** Throws 490 when the route requires a confirmed address and the user has none yet. */
export function enforceConfirmedEmail(request: FastifyRequest, user: Pick<UserRow, 'emailConfirmedAt'>): void {
  if (request.routeOptions.config.requireConfirmedEmail === true && user.emailConfirmedAt === null) {
    throw new ApiError(ErrorCode.EMAIL_NOT_CONFIRMED);
  }
}
