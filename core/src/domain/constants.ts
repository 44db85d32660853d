/** Business constants and limits from section 9 of both spec documents. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const PASSWORD_MIN_LENGTH = 8;
/** Characters of which a password needs at least one. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()';

export const AVATAR_MAX_BYTES = 4 * 1024 * 1024;
export const AVATAR_MIN_WIDTH = 150;
export const AVATAR_MIN_HEIGHT = 150;
export const AVATAR_MAX_WIDTH = 600;
export const AVATAR_MAX_HEIGHT = 800;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

export const MAGIC_LINK_EXPIRY_MS = 24 * HOUR;
export const FIND_YOUR_TEAM_EMAIL_WITHIN_MS = 15 * MINUTE;

/** Login throttling: failed attempts on one account within the window lock it (error 308). */
export const LOGIN_THROTTLE_MAX_FAILURES = 5;
export const LOGIN_THROTTLE_WINDOW_MS = 15 * MINUTE;

export const REMOVAL_COUNTDOWN_MS = 10 * SECOND;
export const REMOVAL_SUCCESS_TOAST_MS = 6 * SECOND;
export const TOAST_DEFAULT_TIMEOUT_MS = 3000;
export const TOAST_DEFAULT_TYPE = 'warning';
export const TOAST_LONG_TIMEOUT_MS = 6000;
export const LOGOUT_ERROR_TOAST_MS = 8 * SECOND;

export const TIMEZONE_WARNING_HIDDEN_MS = 604_800_000;
export const LANGUAGE_COOKIE_MAX_AGE_MS = 60 * DAY;
export const LANGUAGE_COOKIE = 'language';
export const AUTH_COOKIE = 'pb_token';
export const AUTH_HEADER = 'X-AUTH-TOKEN';
/** Query parameter carrying the cache-busting timestamp on GET requests. */
export const CACHE_BUST_PARAM = '_';
/** Cookie that sign-out keeps. */
export const NEW_FEATURES_COOKIE = 'new_features';

/** Company settings defaults that reproduce the spec's hard-coded company ids. */
export const DEFAULT_FR_CA_COMPANY_IDS: readonly number[] = [319];
export const DEFAULT_ONBOARDING_SKIP_COMPANY_IDS: readonly number[] = [318, 319, 327, 371, 368, 423];
export const DEFAULT_DASHBOARD_COMPANY_IDS: readonly number[] = [1, 448];

export const SIGN_UP_DEEP_LINK_PROMPT_MS = 250;
export const SIGN_UP_INVITE_POLL_MS = 1000;
export const SSO_LOGIN_POLL_MS = 100;
export const TEAMS_INIT_TIMEOUT_MS = 2500;
export const ANALYTICS_PAGE_DELAY_MS = 500;
export const ANALYTICS_TRACK_DELAY_MS = 100;

export const SMART_BANNER_HIDDEN_MS = 7 * DAY;
export const SMART_BANNER_REMINDER_MS = 7 * DAY;

export const TABLET_MIN_WIDTH_PX = 500;
export const MOBILE_BREAKPOINT_PX = 654;

export const INSTANCE_SWITCHER_THRESHOLD = 4;
export const FACEBOOK_SDK_VERSION = 'v14.0';

export const INFINITE_SCROLL_THROTTLE_MS = 2000;
export const INFINITE_SCROLL_DISTANCE = 1;
export const TIMELINE_SCROLL_DISTANCE = 0.7;
export const POST_POLLING_TIMEOUT_MS = 300_000;

export const TWITTER_MAX_CHARACTERS = 280;
export const LINKEDIN_MAX_CHARACTERS = 3000;
export const URL_WEIGHT = 23;
export const TWITTER_POST_URL_WEIGHT = 24;
/** Code point ranges that weigh 1 in an X caption; all others weigh 2. */
export const TWITTER_LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

export const RECOMMENDATION_DRAWER_SIZE = 4;
/** Recommendations only look at posts created within this window (the spec gives none). */
export const RECOMMENDATION_WINDOW_DAYS = 30;
/** Words of a library search that are used; the rest are ignored. */
export const SEARCH_MAX_TERMS = 8;
export const TIMELINE_PAGE_SIZE = 15;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 1000;
export const MENTION_SEARCH_MIN_CHARS = 3;
export const MENTION_SEARCH_DEBOUNCE_MS = 500;
export const COMPLIANCE_DEBOUNCE_MS = 500;
export const SHARE_SUCCESS_FLAG_MIN_MS = 2000;
export const SHARE_SUCCESS_FLAG_MAX_MS = 3000;
export const FACEBOOK_SHARE_MODAL_DELAY_MS = 500;
export const FACEBOOK_SHARE_CHANNEL_ID = 1;
export const REWARDS_POLL_MS = 30 * SECOND;
export const REWARDS_PAGE_POLL_MS = 5 * SECOND;
export const REWARDS_POLL_MAX_MS = 300 * SECOND;
export const SETTINGS_ANCHOR_SCROLL_MS = 1000;
export const QUEUE_MINUTES = [1, 15, 30, 45] as const;
export const QUEUE_HOURS_MAX = 11;
export const QUEUE_AMPM = [0, 12] as const;
/** Default schedule time: the next day at 00:01. */
export const DEFAULT_SCHEDULE_HOUR = 0;
export const DEFAULT_SCHEDULE_MINUTE = 1;
export const DASHBOARD_TABLE_ROWS = 5;
export const TOPIC_DOORMAT_POSTS = 4;
/** Featured accordion: one slide per this much width (the spec only says responsive), at most FEATURED_SLIDE_MAX. */
export const FEATURED_SLIDE_MIN_WIDTH_PX = 300;
export const FEATURED_SLIDE_MAX = 4;
export const REACTIONS_NETWORK_ICONS = 4;
export const LEADERBOARD_NAME_LIST_CHARS = 60;
export const LEADERBOARD_NAME_HEADER_CHARS = 19;
export const TOPICS_PER_DROPDOWN_COLUMN = 10;
export const TOPICS_DROPDOWN_COLUMN_PX = 200;
export const TOPICS_DROPDOWN_COLUMN_EXTRA_PX = 30;
export const TOPICS_DROPDOWN_FIXED_HEIGHT_PX = 340;
export const FEED_TITLE_COUNT_CAP = 20;
export const TIMELINE_DESCRIPTION_MOBILE_CHARS = 35;
export const TIMELINE_DESCRIPTION_CHARS = 55;
export const TIMELINE_DEFAULT_CAPTION = '[No caption provided]';
/** Latest posts on the feed when the request does not say. */
export const FEED_LATEST_DEFAULT = 12;
/** Page size of the post list when the request does not say (the spec does not give one). */
export const POST_LIST_PAGE_SIZE_DEFAULT = 20;
export const POST_LIST_PAGE_SIZE_MAX = 100;
/** Strict date text format of the schedule picker. */
export const SCHEDULE_DATE_FORMAT = 'YYYY/MM/DD';
