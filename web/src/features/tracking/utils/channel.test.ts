import { describe, expect, it } from 'vitest';
import { ShareFlowType } from '@chorus/core';
import { channelOfArrival, channelOfPage } from './channel.ts';
import { isPostPath } from './post-path.ts';

describe('tracking channels', () => {
  it.each([
    ['/', 'web', ShareFlowType.feedOrTopic],
    ['/topic/12', 'web', ShareFlowType.feedOrTopic],
    ['/search', 'web', ShareFlowType.feedOrTopic],
    ['/topic/recommended', 'web', ShareFlowType.recommendation],
    ['/topic/-1', 'teams', ShareFlowType.recommendation],
    ['/bookmarks', 'teams', ShareFlowType.teams],
  ] as const)('cards on %s (%s) are on channel %i', (path, host, channel) => {
    expect(channelOfPage(path, host)).toBe(channel);
  });

  it.each([
    [{ typeId: '3', listPath: null, host: 'web' }, ShareFlowType.notification],
    [{ typeId: '0', listPath: '/', host: 'teams' }, ShareFlowType.email],
    [{ typeId: '42', listPath: null, host: 'web' }, ShareFlowType.feedOrTopic],
    [{ typeId: 'x', listPath: null, host: 'teams' }, ShareFlowType.teams],
    [{ typeId: null, listPath: '/topic/recommended', host: 'web' }, ShareFlowType.recommendation],
    [{ typeId: null, listPath: '/featured', host: 'web' }, ShareFlowType.feedOrTopic],
    [{ typeId: null, listPath: null, host: 'web' }, ShareFlowType.feedOrTopic],
  ] as const)('a post reached as %j is clicked on channel %i', (arrival, channel) => {
    expect(channelOfArrival(arrival)).toBe(channel);
  });

  it('knows the post modal from pages', () => {
    expect(isPostPath('/post/12')).toBe(true);
    expect(isPostPath('/post/abc')).toBe(true);
    expect(isPostPath('/topic/12')).toBe(false);
    expect(isPostPath('/')).toBe(false);
  });
});
