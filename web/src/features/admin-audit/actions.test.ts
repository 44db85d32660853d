import { describe, expect, it } from 'vitest';
import { ADMIN_POST_ACTIONS, LANGUAGES } from '@chorus/core';
import { loadNamespace } from '@chorus/locales';
import { AUDIT_LABEL_KEYS, actionKey, fieldKey } from './actions.ts';

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('actionKey and fieldKey', () => {
  it('name every post action the console runs, and the other writers’ actions', () => {
    for (const action of ADMIN_POST_ACTIONS) expect(actionKey(`post.${action}`), action).not.toBeNull();
    expect(actionKey('post.move-topic')).toBe('screens:adminAudit.action.postMoveTopic');
    expect(actionKey('compliance.update')).toBe('screens:adminAudit.action.complianceUpdate');
    expect(actionKey('member.set-role')).toBe('screens:adminAudit.action.memberSetRole');
    expect(fieldKey('topic_ids')).toBe('screens:adminAudit.field.topics');
  });

  it('leave an unknown action or field to be shown as stored', () => {
    expect(actionKey('post')).toBeNull();
    expect(actionKey('toString')).toBeNull();
    expect(fieldKey('constructor')).toBeNull();
  });

  it.each([...LANGUAGES])('have every label in %s', async (language) => {
    const screens = await loadNamespace(language, 'screens');
    expect(AUDIT_LABEL_KEYS.filter((key) => typeof lookup(screens, key) !== 'string')).toEqual([]);
  });
});
