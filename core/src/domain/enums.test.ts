import { describe, expect, it } from 'vitest';
import {
  AI_TONES,
  Channel,
  ComplianceType,
  DEFAULT_LANGUAGE,
  DEFAULT_SORT,
  InviteVersion,
  LANGUAGES,
  MEDIA_POST_TYPES,
  MENTION_NETWORKS,
  MagicLinkState,
  NETWORK_NAMES,
  Network,
  NotificationStatus,
  NotificationType,
  OnboardingEvent,
  PostStatus,
  PostType,
  PushedEditStatus,
  ROLE_IDS,
  ReactionType,
  RemovalMode,
  Role,
  SHAREABLE_NETWORKS,
  SHAREABLE_NETWORK_KEYS,
  SHAREABLE_NETWORK_SLUGS,
  SOCIAL_SIGN_IN_ENTRIES,
  SOCIAL_SIGN_IN_SLUGS,
  ShareFlowType,
  SignUpType,
  SocialSignIn,
  SortBy,
  SsoRedirectCode,
  TimelineType,
  VIDEO_POST_TYPES,
  WEEKDAYS,
  isShareableNetwork,
} from './enums.ts';

describe('roles (ADMIN=1, MANAGER=2, USER=3, CONTENT_CREATOR=4)', () => {
  it.each([
    ['ADMIN', 1],
    ['MANAGER', 2],
    ['USER', 3],
    ['CONTENT_CREATOR', 4],
  ] as const)('%s is %d', (name, id) => {
    expect(Role[name]).toBe(id);
  });
  it('lists the four role ids', () => {
    expect(ROLE_IDS).toEqual([1, 2, 3, 4]);
  });
});

describe('networks by id (accounts spec 3)', () => {
  const spec: readonly [number, string, keyof typeof Network][] = [
    [1, 'Twitter', 'TWITTER'],
    [2, 'Facebook', 'FACEBOOK'],
    [3, 'LinkedIn', 'LINKEDIN'],
    [4, 'google', 'GOOGLE'],
    [5, 'instagram', 'INSTAGRAM'],
    [6, 'pinterest', 'PINTEREST'],
    [7, 'microsoftOffice', 'MICROSOFT_OFFICE'],
    [8, 'mail', 'MAIL'],
    [9, 'slack', 'SLACK'],
    [10, 'whatsapp', 'WHATSAPP'],
    [11, 'snapChat', 'SNAPCHAT'],
    [12, 'messenger', 'MESSENGER'],
    [13, 'hangouts', 'HANGOUTS'],
    [14, 'wechat', 'WECHAT'],
    [15, 'weibo', 'WEIBO'],
    [16, 'hipchat', 'HIPCHAT'],
    [17, 'sms', 'SMS'],
    [18, 'kik', 'KIK'],
    [19, 'tumblr', 'TUMBLR'],
    [20, 'vk', 'VK'],
    [21, 'other', 'OTHER'],
    [22, 'xing', 'XING'],
  ];

  it.each(spec)('%d is %s', (id, name, key) => {
    expect(Network[key]).toBe(id);
    expect((NETWORK_NAMES as Record<number, string>)[id]).toBe(name);
  });

  it('has exactly the 22 spec networks', () => {
    expect(Object.values(Network).sort((a, b) => a - b)).toEqual(spec.map(([id]) => id));
    expect(Object.keys(NETWORK_NAMES).map(Number)).toEqual(spec.map(([id]) => id));
  });

  it('shares to Twitter 1, Facebook 2 and LinkedIn 3 only', () => {
    expect(SHAREABLE_NETWORKS).toEqual([1, 2, 3]);
    expect(SHAREABLE_NETWORK_KEYS).toEqual({ 1: 'TWITTER', 2: 'FACEBOOK', 3: 'LINKEDIN' });
    expect(SHAREABLE_NETWORK_SLUGS).toEqual({ 1: 'twitter', 2: 'facebook', 3: 'linkedin' });
    for (let id = 0; id <= 23; id += 1) expect(isShareableNetwork(id)).toBe(id >= 1 && id <= 3);
  });

  it('supports mentions on LinkedIn only', () => {
    expect(MENTION_NETWORKS).toEqual([3]);
  });
});

describe('posts (content spec 3)', () => {
  it.each([
    ['VIDEO', 1],
    ['IMAGE', 2],
    ['URL', 4],
    ['HOSTED_VIDEO', 6],
    ['NATIVE_VIDEO', 7],
  ] as const)('type %s is %d', (name, id) => {
    expect(PostType[name]).toBe(id);
  });

  it('video types are 1, 6, 7 and media types 1, 2, 6, 7', () => {
    expect([...VIDEO_POST_TYPES].sort((a, b) => a - b)).toEqual([1, 6, 7]);
    expect([...MEDIA_POST_TYPES].sort((a, b) => a - b)).toEqual([1, 2, 6, 7]);
  });

  it('statuses are live 1 and shared 2', () => {
    expect(PostStatus).toEqual({ LIVE: 1, SHARED: 2 });
  });

  it('timeline types are shared and queued', () => {
    expect(Object.values(TimelineType).sort()).toEqual(['queued', 'shared']);
  });

  it('the reaction is type 1', () => {
    expect(ReactionType.LIKE).toBe(1);
  });
});

describe('notifications', () => {
  it('statuses are UNSEEN 0, UNREAD 1, READ 2', () => {
    expect(NotificationStatus).toEqual({ UNSEEN: 0, UNREAD: 1, READ: 2 });
  });

  it('types are 0 to 24, each used once', () => {
    const ids = Object.values(NotificationType).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});

describe('share-flow type', () => {
  it.each([
    ['email', 0],
    ['slack', 1],
    ['recommendation', 2],
    ['notification', 3],
    ['teams', 4],
    ['autoQueueEmail', 5],
    ['autoQueueRelinkAccount', 6],
    ['autoQueueBulkImport', 7],
    ['autoQueueEnabled', 8],
    ['feedOrTopic', 9],
  ] as const)('%s is %d', (name, id) => {
    expect(ShareFlowType[name]).toBe(id);
  });
  it('has no other members', () => {
    expect(Object.keys(ShareFlowType)).toHaveLength(10);
  });
});

describe('other enums', () => {
  it.each<[string, unknown, unknown]>([
    ['pushed-edit statuses', PushedEditStatus, { NEW: 0, ACCEPTED: 1, REJECTED: 2 }],
    ['compliance type ids', ComplianceType, { LIMITED: 0, PROHIBITED: 1, THRESHOLD: 2 }],
    ['channels (web 1, tracking 0)', Channel, { TRACKING: 0, WEB: 1 }],
    ['magic-link states', MagicLinkState, { VALID: 'valid', EXPIRED: 'expired', ERROR: 'error', USED: 'used' }],
    ['removal modes', RemovalMode, { DEACTIVATE: 'DEACTIVATE', DELETE: 'DELETE' }],
    [
      'SSO redirect codes',
      SsoRedirectCode,
      { DEACTIVATED: 316, DELETED: 317, SAML_LOGOUT_SUCCESS: 311, SAML_LOGOUT_ERROR: 312, SAML_LOGOUT_ERROR_2: 313 },
    ],
    ['onboarding events', OnboardingEvent, { SKIPPED: 'skipped', FINISHED: 'finished' }],
    ['invite versions', InviteVersion, { V1: 1, V2: 2 }],
    ['sign-up type 1 is the magic link', SignUpType, { MAGIC_LINK: 1 }],
    ['social sign-in indexes', SocialSignIn, { X: 1, FACEBOOK: 2, LINKEDIN: 3, GOOGLE: 4, INSTAGRAM: 5 }],
    ['topic sort options', SortBy, { LATEST: 'latest', TOP_PERFORMING: 'top_performing' }],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('social sign-in settings have seven entries and a slug per option', () => {
    expect(SOCIAL_SIGN_IN_ENTRIES).toBe(7);
    expect(Object.keys(SOCIAL_SIGN_IN_SLUGS).map(Number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('languages are en-US, es-ES, fr-CA, de-DE with en-US the default', () => {
    expect(LANGUAGES).toEqual(['en-US', 'es-ES', 'fr-CA', 'de-DE']);
    expect(DEFAULT_LANGUAGE).toBe('en-US');
  });

  it('the default topic sort is latest', () => {
    expect(DEFAULT_SORT).toBe('latest');
  });

  it('weekdays run su to sa', () => {
    expect(WEEKDAYS).toEqual(['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa']);
  });

  it('AI tones are the seven main ones plus Enthusiastic and Informal', () => {
    expect(AI_TONES).toEqual([
      'Friendly',
      'Bold',
      'Relaxed',
      'Witty',
      'Empathetic',
      'Professional',
      'Persuasive',
      'Enthusiastic',
      'Informal',
    ]);
  });
});
