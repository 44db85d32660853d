import { describe, expect, it } from 'vitest';
import { ShareFlowType } from '../domain/enums.ts';
import { analyticsPageName, MAX_IMPRESSIONS_PER_REQUEST, parseShareFlowType, TrackClickRequest, TrackImpressionsRequest } from './track.ts';

describe('tracking contract', () => {
  it('de-duplicates impression ids and defaults the channel to feed or topic (9)', () => {
    expect(TrackImpressionsRequest.parse({ post_ids: [3, 1, 3, 2, 1] })).toEqual({ post_ids: [3, 1, 2], channel: ShareFlowType.feedOrTopic });
    expect(TrackImpressionsRequest.parse({ post_ids: [5], channel: 2 })).toEqual({ post_ids: [5], channel: ShareFlowType.recommendation });
  });

  it.each([
    ['no ids', { post_ids: [] }],
    ['too many ids', { post_ids: Array.from({ length: MAX_IMPRESSIONS_PER_REQUEST + 1 }, (_, i) => i + 1) }],
    ['a zero id', { post_ids: [0] }],
    ['a negative id', { post_ids: [-4] }],
    ['a fractional id', { post_ids: [1.5] }],
    ['a string id', { post_ids: ['7'] }],
    ['a channel past 9', { post_ids: [1], channel: 10 }],
    ['a missing body field', {}],
  ])('refuses impressions with %s', (_name, body) => {
    expect(TrackImpressionsRequest.safeParse(body).success).toBe(false);
  });

  it('accepts exactly the ten share-flow types as a click channel', () => {
    for (let channel = 0; channel <= 9; channel += 1) expect(TrackClickRequest.safeParse({ channel }).success).toBe(true);
    for (const channel of [-1, 10, 2.5, '9', null]) expect(TrackClickRequest.safeParse({ channel }).success).toBe(false);
    expect(TrackClickRequest.safeParse({}).success).toBe(false);
  });

  it.each([
    ['3', ShareFlowType.notification],
    ['0', ShareFlowType.email],
    ['9', ShareFlowType.feedOrTopic],
    ['10', null],
    ['-1', null],
    ['2x', null],
    ['', null],
    [null, null],
  ])('reads the link parameter %j as %j', (value, expected) => {
    expect(parseShareFlowType(value)).toBe(expected);
  });
});

describe('analyticsPageName', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/post/42', '/post/:id'],
    ['/topic/7/', '/topic/:id/'],
    ['/topic/latest', '/topic/latest'],
    ['/post-share/3/15', '/post-share/:id/:id'],
    ['/search?q=salary', '/search'],
    ['/v2post/12abc', '/v2post/12abc'],
  ])('names %j as %j', (path, name) => {
    expect(analyticsPageName(path)).toBe(name);
  });
});
