/**
 * Until a self signed-up member follows the link mailed to confirm their address, their session
 * opens nothing but the confirm-your-e-mail screen: authenticate() refuses every route with 490
 * (deny by default), except the few that screen needs, which declare
 * `config: { allowUnconfirmed: true }` (the configuration, the member's own profile, resending
 * the mail, signing out). This is the only check.
 */
import { ErrorCode } from '@chorus/core';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A member who has not confirmed their address yet may call the route (490 otherwise). */
    allowUnconfirmed?: boolean;
  }
}

/** The refusal of an unconfirmed member (490). */
export function emailNotConfirmed(): ApiError {
  return new ApiError(ErrorCode.EMAIL_NOT_CONFIRMED);
}

/** Whether the user has not yet confirmed their address. */
export function isUnconfirmed(user: Pick<UserRow, 'emailConfirmedAt'>): boolean {
  return user.emailConfirmedAt === null;
}

/** Throws 490 when the user has not confirmed their address and the route does not allow that. */
export function enforceConfirmedEmail(request: FastifyRequest, user: Pick<UserRow, 'emailConfirmedAt'>): void {
  if (isUnconfirmed(user) && request.routeOptions.config.allowUnconfirmed !== true) throw emailNotConfirmed();
}
