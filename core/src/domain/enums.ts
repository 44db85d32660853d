/** Domain enums and constants from both specification documents. */

/** User roles (accounts spec 1, 3). */
export const Role = { ADMIN: 1, MANAGER: 2, USER: 3, CONTENT_CREATOR: 4 } as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLE_IDS: readonly Role[] = [Role.ADMIN, Role.MANAGER, Role.USER, Role.CONTENT_CREATOR];

/** Network ids (accounts spec 3). */
export const Network = {
  TWITTER: 1,
  FACEBOOK: 2,
  LINKEDIN: 3,
  GOOGLE: 4,
  INSTAGRAM: 5,
  PINTEREST: 6,
  MICROSOFT_OFFICE: 7,
  MAIL: 8,
  SLACK: 9,
  WHATSAPP: 10,
  SNAPCHAT: 11,
  MESSENGER: 12,
  HANGOUTS: 13,
  WECHAT: 14,
  WEIBO: 15,
  HIPCHAT: 16,
  SMS: 17,
  KIK: 18,
  TUMBLR: 19,
  VK: 20,
  OTHER: 21,
  XING: 22,
} as const;
export type NetworkId = (typeof Network)[keyof typeof Network];

/** Spec names of every network, by id. */
export const NETWORK_NAMES: Readonly<Record<NetworkId, string>> = {
  1: 'Twitter',
  2: 'Facebook',
  3: 'LinkedIn',
  4: 'google',
  5: 'instagram',
  6: 'pinterest',
  7: 'microsoftOffice',
  8: 'mail',
  9: 'slack',
  10: 'whatsapp',
  11: 'snapChat',
  12: 'messenger',
  13: 'hangouts',
  14: 'wechat',
  15: 'weibo',
  16: 'hipchat',
  17: 'sms',
  18: 'kik',
  19: 'tumblr',
  20: 'vk',
  21: 'other',
  22: 'xing',
};

/** The networks posts can be shared to. */
export const SHAREABLE_NETWORKS = [Network.TWITTER, Network.FACEBOOK, Network.LINKEDIN] as const;
export type ShareableNetworkId = (typeof SHAREABLE_NETWORKS)[number];

/** Upper-case tab names of the share modal. */
export const SHAREABLE_NETWORK_KEYS: Readonly<Record<ShareableNetworkId, 'TWITTER' | 'FACEBOOK' | 'LINKEDIN'>> = {
  1: 'TWITTER',
  2: 'FACEBOOK',
  3: 'LINKEDIN',
};

/** Lower-case slugs used in paths such as /social/link-{network}. */
export const SHAREABLE_NETWORK_SLUGS: Readonly<Record<ShareableNetworkId, 'twitter' | 'facebook' | 'linkedin'>> = {
  1: 'twitter',
  2: 'facebook',
  3: 'linkedin',
};

/** Only LinkedIn supports mentions. */
export const MENTION_NETWORKS: readonly ShareableNetworkId[] = [Network.LINKEDIN];

/** True for networks a post can be shared to. */
export function isShareableNetwork(id: number): id is ShareableNetworkId {
  return (SHAREABLE_NETWORKS as readonly number[]).includes(id);
}

/**
 * Post types. The spec names video 1, url 4, hosted video 6 and native video 7, and lists
 * media types 1, 2, 6, 7; 2 is therefore the image type. Text posts carry no media: the spec
 * does not number them, so they use 0.
 */
export const PostType = { TEXT: 0, VIDEO: 1, IMAGE: 2, URL: 4, HOSTED_VIDEO: 6, NATIVE_VIDEO: 7 } as const;
export type PostType = (typeof PostType)[keyof typeof PostType];
export const VIDEO_POST_TYPES: readonly PostType[] = [PostType.VIDEO, PostType.HOSTED_VIDEO, PostType.NATIVE_VIDEO];
export const MEDIA_POST_TYPES: readonly PostType[] = [PostType.VIDEO, PostType.IMAGE, PostType.HOSTED_VIDEO, PostType.NATIVE_VIDEO];

/** Attachment kinds of link posts. */
export const AttachmentType = { LINK: 'link', ARTICLE: 'article' } as const;
export type AttachmentType = (typeof AttachmentType)[keyof typeof AttachmentType];

/** Post status. A post must be live to be opened from the timeline. */
export const PostStatus = { LIVE: 1, SHARED: 2 } as const;
export type PostStatus = (typeof PostStatus)[keyof typeof PostStatus];

/** Timeline post types. */
export const TimelineType = { SHARED: 'shared', QUEUED: 'queued' } as const;
export type TimelineType = (typeof TimelineType)[keyof typeof TimelineType];

/** Notification statuses. */
export const NotificationStatus = { UNSEEN: 0, UNREAD: 1, READ: 2 } as const;
export type NotificationStatus = (typeof NotificationStatus)[keyof typeof NotificationStatus];

/**
 * Notification types 0 to 24. The spec lists the kinds but not their numbering; this order
 * follows the spec's list.
 */
export const NotificationType = {
  SUGGESTED_POST_PUBLISHED: 0,
  POST_LIKED: 1,
  POST_COMMENTED: 2,
  AUTO_QUEUE_ADDED: 3,
  AUTO_QUEUE_ENABLED: 4,
  AUTO_QUEUE_BULK: 5,
  AUTO_QUEUE_FAILED_TWITTER: 6,
  AUTO_QUEUE_FAILED_FACEBOOK: 7,
  AUTO_QUEUE_FAILED_LINKEDIN: 8,
  RELINK_TWITTER: 9,
  RELINK_FACEBOOK: 10,
  RELINK_LINKEDIN: 11,
  SUGGESTION_REJECTED: 12,
  SUGGESTION_REJECTED_STANDARDS: 13,
  SUGGESTION_REJECTED_EXISTS: 14,
  SUGGESTION_REJECTED_OFF_BRAND: 15,
  SUGGESTION_REJECTED_NOT_SUITABLE: 16,
  NATIVE_VIDEO_SHARE_SUCCESS: 17,
  NATIVE_VIDEO_SHARE_FAILURE: 18,
  NATIVE_VIDEO_SHARE_GENERIC_FAILURE: 19,
  NEW_POSTS_PUBLISHED: 20,
  REWARD_REDEEMED: 21,
  REWARD_FULFILLED: 22,
  REDEMPTION_REQUESTED: 23,
  QUEUED_POST_CHANGED: 24,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** How a user arrived at a share (share-flow type). */
export const ShareFlowType = {
  email: 0,
  slack: 1,
  recommendation: 2,
  notification: 3,
  teams: 4,
  autoQueueEmail: 5,
  autoQueueRelinkAccount: 6,
  autoQueueBulkImport: 7,
  autoQueueEnabled: 8,
  feedOrTopic: 9,
} as const;
export type ShareFlowType = (typeof ShareFlowType)[keyof typeof ShareFlowType];

/** Status of an admin edit pushed to a queued post. */
export const PushedEditStatus = { NEW: 0, ACCEPTED: 1, REJECTED: 2 } as const;
export type PushedEditStatus = (typeof PushedEditStatus)[keyof typeof PushedEditStatus];

/** Compliance result type ids; null means valid. */
export const ComplianceType = { LIMITED: 0, PROHIBITED: 1, THRESHOLD: 2 } as const;
export type ComplianceType = (typeof ComplianceType)[keyof typeof ComplianceType];

/** Channel ids sent with queue and share requests. */
export const Channel = { TRACKING: 0, WEB: 1 } as const;
export type Channel = (typeof Channel)[keyof typeof Channel];

/** Reaction types; the library uses only the like. */
export const ReactionType = { LIKE: 1 } as const;

/** Magic-link states. */
export const MagicLinkState = { VALID: 'valid', EXPIRED: 'expired', ERROR: 'error', USED: 'used' } as const;
export type MagicLinkState = (typeof MagicLinkState)[keyof typeof MagicLinkState];

/** Deactivation and deletion modes, with their SSO redirect codes. */
export const RemovalMode = { DEACTIVATE: 'DEACTIVATE', DELETE: 'DELETE' } as const;
export type RemovalMode = (typeof RemovalMode)[keyof typeof RemovalMode];
export const SsoRedirectCode = {
  DEACTIVATED: 316,
  DELETED: 317,
  SAML_LOGOUT_SUCCESS: 311,
  SAML_LOGOUT_ERROR: 312,
  SAML_LOGOUT_ERROR_2: 313,
} as const;

/** Onboarding events. */
export const OnboardingEvent = { SKIPPED: 'skipped', FINISHED: 'finished' } as const;
export type OnboardingEvent = (typeof OnboardingEvent)[keyof typeof OnboardingEvent];

/** Invite versions: the code is tried as v2 first, then v1. */
export const InviteVersion = { V1: 1, V2: 2 } as const;

/** Sign-up type query parameter: 1 is a magic link. */
export const SignUpType = { MAGIC_LINK: 1 } as const;

/** Supported interface languages; anything else falls back to the default. */
export const LANGUAGES = ['en-US', 'es-ES', 'fr-CA', 'de-DE'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** Topic sort options on the feed and topic pages. */
export const SortBy = { LATEST: 'latest', TOP_PERFORMING: 'top_performing' } as const;
export type SortBy = (typeof SortBy)[keyof typeof SortBy];
export const DEFAULT_SORT: SortBy = SortBy.LATEST;

/** Feed filters. */
export const FilterBy = { ALL: 'all', UNSHARED: 'unshared' } as const;
export type FilterBy = (typeof FilterBy)[keyof typeof FilterBy];

/**
 * Lists of GET /api/v4/post/ (its `type` parameter): the library, the viewer's bookmarks,
 * featured posts, and recommendations (unshared by the viewer, most shared first, recent).
 */
export const PostListType = { USER_LIST: 'user-list', BOOKMARKS: 'bookmarks', FEATURED: 'featured', RECOMMENDED: 'recommended' } as const;
export type PostListType = (typeof PostListType)[keyof typeof PostListType];
export const POST_LIST_TYPES = [PostListType.USER_LIST, PostListType.BOOKMARKS, PostListType.FEATURED, PostListType.RECOMMENDED] as const;

/** Special topic ids of the topic route. */
export const SpecialTopic = {
  LATEST: 'latest',
  SEARCH: 'search',
  BOOKMARKS: 'bookmarks',
  FEATURED: 'featured',
  RECOMMENDED: 'recommended',
  RECOMMENDED_ID: -1,
} as const;

/** AI caption tones: seven in the main list plus two from the translation lists. */
export const AI_TONES = [
  'Friendly',
  'Bold',
  'Relaxed',
  'Witty',
  'Empathetic',
  'Professional',
  'Persuasive',
  'Enthusiastic',
  'Informal',
] as const;
export type AiTone = (typeof AI_TONES)[number];

/** Weekday flags of queue settings, Sunday first. */
export const WEEKDAYS = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Confirmation phrases. */
export const CONFIRM_PHRASE = 'CONFIRM';
export const DELETE_PHRASE = 'DELETE';

/** Company feature toggles named by the two spec documents. */
export const FEATURE_TOGGLES = [
  'twitter_enabled',
  'facebook_enabled',
  'linkedin_enabled',
  'email_login_enabled',
  'user_ai_enabled',
  'notifications_enabled',
  'native_video_enabled',
  'auto_queue_enabled',
  'post_interactions_enabled',
  'post_comments_enabled',
  'post_reactions_enabled',
  'copy_link_enabled',
  'share_via_email_enabled',
  'featured_posts',
  'multiple_leaderboards_enabled',
  'compliance_enabled',
  'rewards_enabled',
  'leader_board_enabled',
  /** Ours: the library-wide sharing switch (667 when off), on by default. */
  'sharing_enabled',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];
export type FeatureToggles = Record<FeatureToggle, boolean>;

/** Social sign-in options by index in branded settings (seven entries; 0 and 6 are unused). */
export const SocialSignIn = { X: 1, FACEBOOK: 2, LINKEDIN: 3, GOOGLE: 4, INSTAGRAM: 5 } as const;
export const SOCIAL_SIGN_IN_ENTRIES = 7;
/** Path segment of /api/v1/auth/sign-in/{network} for each social sign-in index. */
export const SOCIAL_SIGN_IN_SLUGS: Readonly<Record<number, string>> = {
  1: 'twitter',
  2: 'facebook',
  3: 'linkedin',
  4: 'google',
  5: 'instagram',
};
