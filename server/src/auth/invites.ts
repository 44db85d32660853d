/**
 * Invite codes. Like session tokens, a code is 256 random bits shown once (in the invite
 * link); the database keeps only its SHA-256, so a leaked table holds no usable links.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@chorus/core';
import { companyOrigin, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { invites } from '../db/schema.ts';
import { hashToken } from './sessions.ts';

/** A stored invite. */
export type InviteRow = typeof invites.$inferSelect;

/** A new invite code. */
export function generateInviteCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What an invite is made of; email null makes a (v1) group invite. */
export interface NewInvite {
  companyId: number;
  version: 1 | 2;
  email: string | null;
  firstName?: string;
  lastName?: string;
  role: Role;
  /** Null for unlimited; individual invites default to 1. */
  maxUses?: number | null;
  invitedBy?: number | null;
  expiresAt?: Date | null;
}

/** A created invite and its code (only available now). */
export interface CreatedInvite {
  code: string;
  invite: InviteRow;
}

/** Stores an invite and returns its one-time-visible code. */
export async function createInvite(db: Database, input: NewInvite): Promise<CreatedInvite> {
  const code = generateInviteCode();
  const email = input.email === null ? null : input.email.trim().toLowerCase();
  const [invite] = await db
    .insert(invites)
    .values({
      companyId: input.companyId,
      version: input.version,
      codeHash: hashToken(code),
      email,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      role: input.role,
      maxUses: input.maxUses === undefined ? (email === null ? null : 1) : input.maxUses,
      invitedBy: input.invitedBy ?? null,
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  if (!invite) throw new Error('insert returned no invite');
  return { code, invite };
}

/** The sign-up link of an invite code on its company's host (the web app's /sign-up?code). */
export function inviteUrl(config: Pick<Config, 'baseDomain' | 'nodeEnv' | 'port'>, subdomain: string, code: string): string {
  return `${companyOrigin(config, subdomain)}/sign-up?code=${encodeURIComponent(code)}`;
}
