import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, type UserResponse, type UserSettings } from '@chorus/core';
import { NOTIFICATION_FLAGS, aiTone, initialSettingsForm, isSettingsFormChanged, settingsFormProblem, settingsNetwork, settingsRequest, type SettingsFeatures } from './settings-form.ts';

const weekdays = { su: false, mo: true, tu: true, we: true, th: true, fr: true, sa: false };
const queue = { auto_queue_enabled: false, post_queue_time: [{ hour: 9, minute: 15, ampm: 0 as const }], post_queue_weekday: weekdays };
const settings: UserSettings = {
  ai: { consent_granted: false, job_title: '', goal: '', default_tone: 'Professional' },
  intelligence: { post_recommendations_enabled: true },
  email_updates: { manual_updates: true },
  leader_board: { show_in_leader_board: true },
  post_queue: { twitter: queue, facebook: queue, linkedin: queue },
  notifications: Object.fromEntries(NOTIFICATION_FLAGS.flatMap((group) => group.flags.map((flag) => [flag.key, true]))) as UserSettings['notifications'],
};
const user: UserResponse = {
  id: 7,
  role: 3,
  language: DEFAULT_LANGUAGE,
  created: '2026-01-01T00:00:00.000Z',
  timezone: 'Europe/Paris',
  picture_images: { avatar: null },
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada@acme.example',
  full_name: 'Ada Lovelace',
  groups: [],
  companies: [],
  user_settings: settings,
  email_confirmed: true,
};
const all: SettingsFeatures = { ai: true, notifications: true, password: true };

describe('settings form', () => {
  it('lists the twelve notification flags, email then push', () => {
    expect(NOTIFICATION_FLAGS.flatMap((group) => group.flags.map((flag) => flag.key))).toEqual([
      'email_suggested_post_approved',
      'email_post_commented',
      'email_post_liked',
      'email_post_auto_queue',
      'email_relink_social_account',
      'email_post_shared',
      'push_suggested_post_approved',
      'push_post_commented',
      'push_post_liked',
      'push_post_auto_queue',
      'push_relink_social_account',
      'push_post_shared',
    ]);
  });

  it.each([
    ['twitter', 'twitter'],
    ['LinkedIn', 'linkedin'],
    ['facebook', 'facebook'],
    ['instagram', undefined],
    [null, undefined],
  ])('reads the network parameter %j as %j', (value, network) => {
    expect(settingsNetwork(value)).toBe(network);
  });

  it.each([
    ['nothing wrong', {}, null],
    ['an empty first name', { first_name: ' ' }, 'required'],
    ['an empty last name', { last_name: '' }, 'required'],
    ['consent without a goal', { user_settings: { ...settings, ai: { ...settings.ai, consent_granted: true, job_title: 'Engineer' } } }, 'ai'],
    ['consent with title and goal', { user_settings: { ...settings, ai: { ...settings.ai, consent_granted: true, job_title: 'Engineer', goal: 'Reach' } } }, null],
  ] as const)('finds %s', (_label, change, problem) => {
    expect(settingsFormProblem({ ...initialSettingsForm(user), ...change }, all)).toBe(problem);
  });

  it('ignores incomplete AI settings where the company has AI off', () => {
    const form = { ...initialSettingsForm(user), user_settings: { ...settings, ai: { ...settings.ai, consent_granted: true } } };
    expect(settingsFormProblem(form, { ...all, ai: false })).toBeNull();
  });

  it('sends trimmed names and only the groups the company shows', () => {
    const form = { ...initialSettingsForm(user), first_name: ' Ada ' };
    expect(settingsRequest(form, all)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      timezone: 'Europe/Paris',
      user_settings: {
        intelligence: settings.intelligence,
        email_updates: settings.email_updates,
        post_queue: settings.post_queue,
        ai: settings.ai,
        notifications: settings.notifications,
      },
    });
    const request = settingsRequest(form, { ai: false, notifications: false, password: false });
    expect(Object.keys(request.user_settings ?? {}).sort()).toEqual(['email_updates', 'intelligence', 'post_queue']);
  });

  it('keeps a listed tone and falls back to Professional', () => {
    expect(aiTone('Witty')).toBe('Witty');
    expect(aiTone('Sarcastic')).toBe('Professional');
  });
});

describe('isSettingsFormChanged', () => {
  const loaded = initialSettingsForm(user);

  it('sees no change in the loaded form, nor in an equal copy built in another key order', () => {
    expect(isSettingsFormChanged(loaded, loaded)).toBe(false);
    const { twitter, facebook, linkedin } = settings.post_queue;
    const rebuilt = { ...loaded, user_settings: { ...settings, post_queue: { linkedin, facebook, twitter } } };
    expect(isSettingsFormChanged(loaded, rebuilt)).toBe(false);
  });

  it.each([
    { what: 'a name', edit: { ...loaded, first_name: 'Ada B.' } },
    { what: 'the time zone', edit: { ...loaded, timezone: 'America/New_York' } },
    { what: 'a queue weekday', edit: { ...loaded, user_settings: { ...settings, post_queue: { ...settings.post_queue, twitter: { ...queue, post_queue_weekday: { ...weekdays, sa: true } } } } } },
  ])('sees a change of $what, and none once it is saved', ({ edit }) => {
    expect(isSettingsFormChanged(loaded, edit)).toBe(true);
    expect(isSettingsFormChanged(edit, edit)).toBe(false);
  });
});
