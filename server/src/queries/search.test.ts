import { describe, expect, it } from 'vitest';
import { prefixTsQuery } from './search.ts';

describe('prefixTsQuery', () => {
  it.each([
    ['compl', 'compl:*'],
    ['Compliance  training', 'compliance:* & training:*'],
    ['#AcmeLaunch', 'acmelaunch:*'],
    ["it's a & b | !c (d) <-> e:*", 'it:* & s:* & a:* & b:* & c:* & d:* & e:*'],
    ['Café crème', 'café:* & crème:*'],
    ['repeat repeat', 'repeat:*'],
  ])('turns %j into %j', (input, expected) => {
    expect(prefixTsQuery(input)).toBe(expected);
  });

  it.each(['', '   ', '#', "'&|!():*"])('has no terms for %j', (input) => {
    expect(prefixTsQuery(input)).toBeNull();
  });

  it('keeps at most eight terms', () => {
    expect(prefixTsQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });
});
