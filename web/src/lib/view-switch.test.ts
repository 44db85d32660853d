import { describe, expect, it } from 'vitest';
import { Role } from '@chorus/core';
import { viewSwitchLabel } from './view-switch.ts';

describe('viewSwitchLabel', () => {
  it.each([
    [Role.MANAGER, true, 'topBar.adminView'],
    [Role.ADMIN, true, 'topBar.adminView'],
    [Role.CONTENT_CREATOR, true, 'topBar.contentCreatorView'],
    [Role.USER, true, null],
    [Role.MANAGER, false, null],
    [Role.CONTENT_CREATOR, false, null],
    [Role.USER, false, null],
  ])('role %i with dashboard %s -> %s', (role, enabled, label) => {
    expect(viewSwitchLabel(role, enabled)).toBe(label);
  });
});
