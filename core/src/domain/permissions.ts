/**
 * The permission table: what each role may do, the one place the server's checks and the
 * web's shown-or-hidden actions read (accounts spec 1 "Roles"; the admin console's split of
 * work: admins everything; managers run content, topics, suggestions, people and the queue,
 * not company settings, sign-in options or compliance; content creators write posts and
 * review suggestions; users share). A role's check anywhere is `can(role, ability)`, never a
 * comparison of role ids.
 */
import { Role } from './enums.ts';

/** Everything a role may or may not be allowed. */
export const ABILITIES = [
  /** Open the admin or content-creator view (the view switcher, `/admin`). */
  'admin.view',
  /** Create and edit posts, their media and previews. */
  'posts.write',
  /** Publish, expire, unpublish and delete posts. */
  'posts.publish',
  /** Create, edit and order topics. */
  'topics.manage',
  /** Approve or decline suggested content. */
  'suggestions.review',
  /** Invite people, change roles, deactivate and reactivate members. */
  'people.manage',
  /** Confirm a member's deletion and reactivate a deactivated account (both touch the whole account). */
  'accounts.manage',
  /** See a colleague's full record (e-mail, settings) rather than their public card. */
  'people.read',
  /** Push posts into members' queues and manage the company queue. */
  'queue.manage',
  /** Delete anyone's comment. */
  'comments.moderate',
  /** Edit the compliance rules (prohibited terms, required text). */
  'compliance.manage',
  /** Company settings: branding, feature switches, networks. */
  'company.settings',
  /** Sign-in options: SSO, SAML, social providers, e-mail sign-in. */
  'company.sign-in',
  /** Read the audit log. */
  'audit.read',
] as const;
export type Ability = (typeof ABILITIES)[number];

const CONTENT: readonly Ability[] = ['admin.view', 'posts.write', 'suggestions.review'];
const MANAGING: readonly Ability[] = [...CONTENT, 'posts.publish', 'topics.manage', 'people.manage', 'queue.manage', 'comments.moderate', 'audit.read'];

/** Role to abilities. */
export const PERMISSIONS: Readonly<Record<Role, ReadonlySet<Ability>>> = {
  [Role.ADMIN]: new Set(ABILITIES),
  [Role.MANAGER]: new Set(MANAGING),
  [Role.CONTENT_CREATOR]: new Set(CONTENT),
  [Role.USER]: new Set(),
};

/** Whether the role may do it; an unknown role may do nothing. */
export function can(role: number | null | undefined, ability: Ability): boolean {
  if (role === null || role === undefined) return false;
  return PERMISSIONS[role as Role]?.has(ability) ?? false;
}
