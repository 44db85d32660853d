import { FEATURE_TOGGLES } from '@chorus/core';

/**
 * The actions and data fields the audit log's screen knows by name: the families its filter
 * offers, a translated line per action the server writes (commands/compliance.ts,
 * commands/admin-posts.ts, commands/admin-suggestions.ts, cli/provisioning.ts) and a label per field they record. Anything
 * not listed here is shown as it is stored.
 */

/** The filter's families (the part of an action before its dot), in the order offered. */
export const AUDIT_FAMILIES = ['post', 'suggestion', 'compliance', 'company', 'member', 'invite'] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

/**
 * Each known action, by family and verb (`post` then `move-topic` for `post.move-topic`), and
 * its key under `adminAudit.action`.
 */
const ACTION_KEYS: Readonly<Record<AuditFamily, ReadonlyMap<string, string>>> = {
  compliance: new Map([['update', 'complianceUpdate']]),
  post: new Map([
    ['create', 'postCreate'],
    ['update', 'postUpdate'],
    ['publish', 'postPublish'],
    ['unpublish', 'postUnpublish'],
    ['expire', 'postExpire'],
    ['delete', 'postDelete'],
    ['restore', 'postRestore'],
    ['move-topic', 'postMoveTopic'],
  ]),
  suggestion: new Map([
    ['approve', 'suggestionApprove'],
    ['reject', 'suggestionReject'],
  ]),
  company: new Map([
    ['create', 'companyCreate'],
    ['update', 'companyUpdate'],
    ['suspend', 'companySuspend'],
    ['resume', 'companyResume'],
    ['delete', 'companyDelete'],
    ['link-tenant', 'companyLinkTenant'],
  ]),
  member: new Map([['set-role', 'memberSetRole']]),
  invite: new Map([['create', 'inviteCreate']]),
};

/** Each known data field and its key under `adminAudit.field`. */
const FIELD_KEYS: ReadonlyMap<string, string> = new Map([
  ['enabled', 'enabled'],
  ['threshold', 'threshold'],
  ['prohibited', 'prohibited'],
  ['limited', 'limited'],
  ['title', 'title'],
  ['content', 'content'],
  ['hashtags', 'hashtags'],
  ['url', 'url'],
  ['images', 'images'],
  ['networks', 'networks'],
  ['topic_ids', 'topics'],
  ['topics', 'topics'],
  ['is_featured', 'featured'],
  ['is_reactions_enabled', 'reactions'],
  ['is_comments_enabled', 'comments'],
  ['start', 'start'],
  ['expiration', 'expiration'],
  ['captions', 'captions'],
  ['role', 'role'],
  ['reason', 'reason'],
  ['note', 'note'],
  ['expires', 'expires'],
  ['name', 'name'],
  ['members', 'members'],
  ['tenant_id', 'tenant'],
]);

/** Every translation key the lists above name (the locales' test checks each). */
export const AUDIT_LABEL_KEYS: readonly string[] = [
  ...Object.values(ACTION_KEYS).flatMap((verbs) => [...verbs.values()].map((key) => `adminAudit.action.${key}`)),
  ...[...new Set(FIELD_KEYS.values())].map((key) => `adminAudit.field.${key}`),
  ...AUDIT_FAMILIES.map((family) => `adminAudit.family.${family}`),
];

/** The translation key of an action's line, or null for one the screen does not know. */
export function actionKey(action: string): string | null {
  const dot = action.indexOf('.');
  const family = AUDIT_FAMILIES.find((known) => known === action.slice(0, dot));
  const key = dot < 0 || family === undefined ? undefined : ACTION_KEYS[family].get(action.slice(dot + 1));
  return key === undefined ? null : `screens:adminAudit.action.${key}`;
}

/** The translation key of a data field's label, or null for one the screen does not know; a feature switch reads as on the settings screen. */
export function fieldKey(field: string): string | null {
  if ((FEATURE_TOGGLES as readonly string[]).includes(field)) return `screens:adminCompany.toggle.${field}.label`;
  const key = FIELD_KEYS.get(field);
  return key === undefined ? null : `screens:adminAudit.field.${key}`;
}
