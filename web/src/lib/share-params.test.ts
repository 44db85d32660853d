import { describe, expect, it } from 'vitest';
import { channelFromParam, networkFromParam } from './share-params.ts';

describe('share link parameters', () => {
  it('name a network by slug, upper-case name or id', () => {
    expect(networkFromParam('twitter')).toBe(1);
    expect(networkFromParam('FACEBOOK')).toBe(2);
    expect(networkFromParam('3')).toBe(3);
    expect(networkFromParam('4')).toBeNull();
    expect(networkFromParam('xing')).toBeNull();
    expect(networkFromParam(null)).toBeNull();
    expect(channelFromParam('1')).toBe(1);
    expect(channelFromParam('12')).toBeUndefined();
    expect(channelFromParam(null)).toBeUndefined();
  });
});
