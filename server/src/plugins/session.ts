/**
 * Session authentication: the token comes from the X-AUTH-TOKEN header, or else from the
 * pb_token cookie, and is only valid with membership in the host's company.
 */
import { AUTH_COOKIE, AUTH_HEADER, can, type Ability } from '@chorus/core';
import type { FastifyRequest } from 'fastify';
import { deleteSessionByToken, findSessionMember, sessionUserOfToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRow } from '../db/schema.ts';
import { forbidden, notSignedIn } from '../errors.ts';
import { sessionKey } from '../lib/caches.ts';
import type { Viewer } from '../lib/request-context.ts';
import { enforceConfirmedEmail } from './confirmed-email.ts';

/** The bearer token of a request, if any. */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers[AUTH_HEADER.toLowerCase()];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader && fromHeader.length > 0) return fromHeader;
  const fromCookie = request.cookies[AUTH_COOKIE];
  return fromCookie && fromCookie.length > 0 ? fromCookie : null;
}

/** A signed-in member of the host's company. */
export interface Authenticated {
  company: CompanyRow;
  viewer: Viewer;
}

/** Authenticates the request for its host's company, or throws 401 (490 on a route requiring a confirmed address). */
export async function authenticate(db: Database, request: FastifyRequest): Promise<Authenticated> {
  const company = request.company;
  const token = requestToken(request);
  if (company === null || token === null) throw notSignedIn();
  const sessions = request.server.chorus.caches.sessions;
  const key = sessionKey(token, company.id);
  const member = await sessions.get(company.id, key, () => findSessionMember(db, token, company.id));
  if (member === null || member.expiresAt.getTime() <= Date.now()) {
    // Only members are kept: unknown tokens must not fill the cache.
    sessions.delete(key);
    throw notSignedIn();
  }
  enforceConfirmedEmail(request, member.user);
  return { company, viewer: { user: member.user, role: member.role, sessionId: member.sessionId } };
}

/**
 * Authenticates a member of the host's company whose role may do `ability` (core's permission
 * table): 401 without a session, 403 for a role without it.
 */
export async function authenticateFor(db: Database, request: FastifyRequest, ability: Ability, refusal?: string): Promise<Authenticated> {
  const signedIn = await authenticate(db, request);
  if (!can(signedIn.viewer.role, ability)) throw forbidden(refusal);
  return signedIn;
}

/**
 * Ends the session of the token a request carried, once it has signed in afresh: every way in
 * rotates the session, so a token seen before sign-in (a shared machine, a leaked link) dies.
 */
export async function revokeCarriedSession(db: Database, request: FastifyRequest): Promise<void> {
  const token = requestToken(request);
  if (token !== null) await deleteSessionByToken(db, token);
}

/**
 * Ends the session a request carried when it is `userId`'s own (rotation on a hand-over); a
 * session of another person is left alone, so a link opened in their browser cannot end it.
 */
export async function rotateCarriedSession(db: Database, request: FastifyRequest, userId: number): Promise<void> {
  const token = requestToken(request);
  if (token !== null && (await sessionUserOfToken(db, token)) === userId) await deleteSessionByToken(db, token);
}
