import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ErrorCode, errorDefinition, errorMessageKey } from './errors.ts';

// The spec's text for each code (accounts spec 8, content spec 8), as the catalogue words it.
const SPEC_MESSAGES: readonly [number, string][] = [
  [201, 'Something may be missing or incorrect, double check the information.'],
  [202, 'Unknown error; try again later.'],
  [302, 'Wrong username or password.'],
  [304, 'User with this username already exists.'],
  [305, 'Could not find a user with that email address.'],
  [306, 'Password reset link no longer available or does not exist.'],
  [307, 'Invite code does not exist.'],
  [308, 'Too many failed login attempts; wait and retry.'],
  [310, 'Social network not linked; link it in queue settings.'],
  [418, 'Social network not linked; link it in queue settings.'],
  [417, 'Post queue settings appear invalid.'],
  [419, 'Post already queued; edit or delete its queue.'],
  [658, 'Post already queued; edit or delete its queue.'],
  [425, 'Too many requests.'],
  [426, 'Sign-in link expired: Magic sign-in links will expire after 24 hours.'],
  [427, 'Sign-in link error'],
  [428, 'Sign-in link already used'],
  [443, 'Incorrect password. Please enter correct password.'],
  [470, 'Please rephrase to share.'],
  [651, 'Post expired.'],
  [653, 'Sharing to that network is disabled for the post.'],
  [654, 'Post has no content to share.'],
  [655, 'Post will expire before it can be shared.'],
  [656, 'Post will not be available until after the queue time.'],
  [657, 'Queue time is before now.'],
  [659, 'Too many characters for X.'],
  [660, 'Too many characters for LinkedIn.'],
  [661, 'Duplicate post error from the social network.'],
  [662, 'The post you have selected is no longer available.'],
  [750, 'The post you have selected is no longer available.'],
  [664, 'Video not available or incompatible.'],
  [667, 'Sharing disabled for the content library.'],
  [720, 'Unable to create a Copy link URL for this post'],
  [721, 'Unable to create a Copy link URL for this post'],
  [722, 'Unable to create a Copy link URL for this post'],
  [854, 'GDPR deletion notification failed.'],
  [855, 'Deletion failed due to invalid delete token.'],
  [856, 'Failed to get user info due to invalid delete token.'],
  [1500, 'Rewards not properly configured.'],
  [1501, 'Rewards provider unavailable.'],
];

// Codes the spec names that are not failures: a redirect and a video still being shared.
const NOT_FAILURES = [203, 669];

describe('error catalogue', () => {
  it.each(SPEC_MESSAGES)('%d says %j', (code, message) => {
    expect(errorDefinition(code).code).toBe(code);
    expect(errorDefinition(code).message).toBe(message);
  });

  it('holds every spec code, plus 203, 669 and our own codes, and nothing else', () => {
    const expected = [...SPEC_MESSAGES.map(([code]) => code), ...NOT_FAILURES, 401, 403, 404, 409, 480, 481, 482, 484, 485, 486, 487, 489, 490, 491, 492, 493, 495, 496, 497, 498, 499].sort((a, b) => a - b);
    expect(Object.keys(ERROR_CATALOGUE).map(Number).sort((a, b) => a - b)).toEqual(expected);
    expect(Object.values(ErrorCode).sort((a, b) => a - b)).toEqual(expected);
  });

  it.each(Object.entries(ERROR_CATALOGUE))('entry %s names its own code and a non-empty message', (key, definition) => {
    expect(definition.code).toBe(Number(key));
    expect(definition.message.trim()).not.toBe('');
  });

  it.each(Object.values(ERROR_CATALOGUE).filter((d) => !NOT_FAILURES.includes(d.code)))(
    'code $code answers with an HTTP error status',
    (definition) => {
      expect(definition.status).toBeGreaterThanOrEqual(400);
      expect(definition.status).toBeLessThan(600);
    },
  );

  it.each([
    [203, 200],
    [669, 202],
    [401, 401],
    [403, 403],
    [404, 404],
    [308, 429],
    [425, 429],
    [490, 403],
    [491, 422],
    [492, 410],
    [484, 422],
    [485, 415],
    [486, 413],
    [487, 409],
  ])('code %d answers with status %d', (code, status) => {
    expect(errorDefinition(code).status).toBe(status);
  });

  it.each([0, 1, 200, 299, 999, -1, 1.5, Number.NaN])('unknown code %d falls back to 202', (code) => {
    expect(errorDefinition(code)).toBe(ERROR_CATALOGUE[202]);
    expect(errorMessageKey(code)).toBe('code.202');
  });

  it.each([201, 302, 426, 1501])('code %d has the translation key code.%d', (code) => {
    expect(errorMessageKey(code)).toBe(`code.${code}`);
  });
});
