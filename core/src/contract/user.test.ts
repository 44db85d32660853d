import { describe, expect, it } from 'vitest';
import { AppLanguageRequest, ChangePasswordRequest, UpdateUserRequest } from './user.ts';

const queue = { auto_queue_enabled: true, post_queue_weekday: { su: true, mo: true, tu: true, we: true, th: true, fr: true, sa: true } };

describe('UpdateUserRequest', () => {
  it('accepts a partial update and trims names', () => {
    expect(UpdateUserRequest.parse({ first_name: '  Ada ', user_settings: { notifications: { push_post_liked: false } } })).toEqual({
      first_name: 'Ada',
      user_settings: { notifications: { push_post_liked: false } },
    });
  });

  it('drops fields a presented user carries that cannot be changed here', () => {
    expect(UpdateUserRequest.parse({ id: 9, username: 'x@y.z', role: 1, last_name: 'L' })).toEqual({ last_name: 'L' });
  });

  it.each([
    ['an empty first name', { first_name: ' ' }],
    ['a 101-character last name', { last_name: 'x'.repeat(101) }],
    ['hour 12', { user_settings: { post_queue: { twitter: { ...queue, post_queue_time: [{ hour: 12, minute: 1, ampm: 0 }] } } } }],
    ['hour -1', { user_settings: { post_queue: { twitter: { ...queue, post_queue_time: [{ hour: -1, minute: 1, ampm: 0 }] } } } }],
    ['minute 60', { user_settings: { post_queue: { twitter: { ...queue, post_queue_time: [{ hour: 1, minute: 60, ampm: 0 }] } } } }],
    ['ampm 1', { user_settings: { post_queue: { twitter: { ...queue, post_queue_time: [{ hour: 1, minute: 15, ampm: 1 }] } } } }],
    ['a tone outside the list', { user_settings: { ai: { default_tone: 'Grumpy' } } }],
    ['an unknown notification flag value', { user_settings: { notifications: { email_post_liked: 1 } } }],
  ])('refuses %s', (_label, body) => {
    expect(UpdateUserRequest.safeParse(body).success).toBe(false);
  });

  it.each([0, 1, 15, 30, 45, 59])('accepts minute %d when saving', (minute) => {
    expect(UpdateUserRequest.safeParse({ user_settings: { post_queue: { linkedin: { ...queue, post_queue_time: [{ hour: 11, minute, ampm: 12 }] } } } }).success).toBe(true);
  });
});

describe('ChangePasswordRequest and AppLanguageRequest', () => {
  it('needs a current password, and leaves the policy to the rule', () => {
    expect(ChangePasswordRequest.safeParse({ current_password: '', new_password: 'a', confirm_new_password: 'a' }).success).toBe(false);
    expect(ChangePasswordRequest.safeParse({ current_password: 'x', new_password: 'weak', confirm_new_password: 'weak' }).success).toBe(true);
  });

  it('takes any language tag (the server saves unsupported ones as en-US)', () => {
    expect(AppLanguageRequest.parse({ language: 'pt-BR' })).toEqual({ language: 'pt-BR' });
    expect(AppLanguageRequest.safeParse({}).success).toBe(false);
  });
});
