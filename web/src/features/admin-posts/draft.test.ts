import { describe, expect, it } from 'vitest';
import { postDraftProblems } from '@chorus/core/post-draft';
import { emptyForm, inputOf, isoOfLocalInput, localInputValue, sameForm } from './draft.ts';

describe('the post form', () => {
  it('sends hashtags without # and repeats, empty fields as null', () => {
    const input = inputOf({ ...emptyForm(), title: '  Launch  ', hashtags: '#Launch, growth #launch', url: ' ' });
    expect(input).toMatchObject({ title: 'Launch', hashtags: ['Launch', 'growth'], url: null, start: null, captions: { twitter: null } });
  });

  it('round-trips a local date-time', () => {
    const iso = isoOfLocalInput('2027-03-04T09:30');
    expect(iso).not.toBeNull();
    expect(localInputValue(iso)).toBe('2027-03-04T09:30');
    expect(isoOfLocalInput('')).toBeNull();
  });

  it('sees a change and no change', () => {
    const form = emptyForm();
    expect(sameForm(form, { ...form, hashtags: '' })).toBe(true);
    expect(sameForm(form, { ...form, title: 'A' })).toBe(false);
  });

  it('finds the problems the server refuses with', () => {
    const problems = postDraftProblems(inputOf({ ...emptyForm(), hashtags: 'bad-tag', url: 'ftp://x', captions: { twitter: 'x'.repeat(281), facebook: '', linkedin: '' } }));
    expect(problems.map((p) => p.problem)).toEqual(['titleEmpty', 'hashtagBad', 'urlBad', 'twitterLong']);
    const expiry = postDraftProblems(inputOf({ ...emptyForm(), title: 'T', start: '2030-01-02T10:00', expiration: '2030-01-01T10:00' }));
    expect(expiry).toEqual([{ field: 'expiration', problem: 'expiresBeforeStart' }]);
  });
});
