import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';
import { CONFIRM_PHRASE, DELETE_PHRASE } from './enums.ts';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

describe('section 9 constants', () => {
  it.each<[keyof typeof constants, unknown]>([
    // accounts spec 9
    ['PASSWORD_MIN_LENGTH', 8],
    ['PASSWORD_SPECIAL_CHARACTERS', '!@#$%^&*()'],
    ['AVATAR_MAX_BYTES', 4_194_304],
    ['AVATAR_MIN_WIDTH', 150],
    ['AVATAR_MIN_HEIGHT', 150],
    ['AVATAR_MAX_WIDTH', 600],
    ['AVATAR_MAX_HEIGHT', 800],
    ['AVATAR_EXTENSIONS', ['jpg', 'jpeg', 'png']],
    ['AVATAR_MIME_TYPES', ['image/jpeg', 'image/png']],
    ['MAGIC_LINK_EXPIRY_MS', 86_400_000],
    ['FIND_YOUR_TEAM_EMAIL_WITHIN_MS', 900_000],
    ['REMOVAL_COUNTDOWN_MS', 10_000],
    ['REMOVAL_SUCCESS_TOAST_MS', 6000],
    ['TOAST_DEFAULT_TIMEOUT_MS', 3000],
    ['TOAST_DEFAULT_TYPE', 'warning'],
    ['TOAST_LONG_TIMEOUT_MS', 6000],
    ['LOGOUT_ERROR_TOAST_MS', 8000],
    ['TIMEZONE_WARNING_HIDDEN_MS', 604_800_000],
    ['LANGUAGE_COOKIE_MAX_AGE_MS', 60 * DAY],
    ['AUTH_COOKIE', 'pb_token'],
    ['AUTH_HEADER', 'X-AUTH-TOKEN'],
    ['DEFAULT_FR_CA_COMPANY_IDS', [319]],
    ['DEFAULT_ONBOARDING_SKIP_COMPANY_IDS', [318, 319, 327, 371, 368, 423]],
    ['DEFAULT_DASHBOARD_COMPANY_IDS', [1, 448]],
    ['SIGN_UP_DEEP_LINK_PROMPT_MS', 250],
    ['SIGN_UP_INVITE_POLL_MS', 1000],
    ['SSO_LOGIN_POLL_MS', 100],
    ['TEAMS_INIT_TIMEOUT_MS', 2500],
    ['ANALYTICS_PAGE_DELAY_MS', 500],
    ['ANALYTICS_TRACK_DELAY_MS', 100],
    ['SMART_BANNER_HIDDEN_MS', 7 * DAY],
    ['SMART_BANNER_REMINDER_MS', 7 * DAY],
    ['TABLET_MIN_WIDTH_PX', 500],
    ['MOBILE_BREAKPOINT_PX', 654],
    ['INSTANCE_SWITCHER_THRESHOLD', 4],
    ['FACEBOOK_SDK_VERSION', 'v14.0'],
    // content spec 9
    ['INFINITE_SCROLL_THROTTLE_MS', 2000],
    ['POST_POLLING_TIMEOUT_MS', 300_000],
    ['TWITTER_MAX_CHARACTERS', 280],
    ['LINKEDIN_MAX_CHARACTERS', 3000],
    ['URL_WEIGHT', 23],
    ['TWITTER_POST_URL_WEIGHT', 24],
    [
      'TWITTER_LIGHT_RANGES',
      [
        [0, 4351],
        [8192, 8205],
        [8208, 8223],
        [8242, 8247],
      ],
    ],
    ['RECOMMENDATION_DRAWER_SIZE', 4],
    ['TIMELINE_PAGE_SIZE', 15],
    ['NOTIFICATIONS_PAGE_SIZE', 20],
    ['SEARCH_DEBOUNCE_MS', 1000],
    ['MENTION_SEARCH_MIN_CHARS', 3],
    ['MENTION_SEARCH_DEBOUNCE_MS', 500],
    ['COMPLIANCE_DEBOUNCE_MS', 500],
    ['SHARE_SUCCESS_FLAG_MIN_MS', 2000],
    ['SHARE_SUCCESS_FLAG_MAX_MS', 3000],
    ['FACEBOOK_SHARE_MODAL_DELAY_MS', 500],
    ['FACEBOOK_SHARE_CHANNEL_ID', 1],
    ['REWARDS_POLL_MS', 30_000],
    ['REWARDS_PAGE_POLL_MS', 5000],
    ['REWARDS_POLL_MAX_MS', 300_000],
    ['SETTINGS_ANCHOR_SCROLL_MS', 1000],
    ['QUEUE_MINUTES', [1, 15, 30, 45]],
    ['QUEUE_HOURS_MAX', 11],
    ['QUEUE_AMPM', [0, 12]],
    ['DEFAULT_SCHEDULE_HOUR', 0],
    ['DEFAULT_SCHEDULE_MINUTE', 1],
    ['DASHBOARD_TABLE_ROWS', 5],
    ['TOPIC_DOORMAT_POSTS', 4],
    ['REACTIONS_NETWORK_ICONS', 4],
    ['LEADERBOARD_NAME_LIST_CHARS', 60],
    ['LEADERBOARD_NAME_HEADER_CHARS', 19],
    ['TOPICS_PER_DROPDOWN_COLUMN', 10],
    ['SCHEDULE_DATE_FORMAT', 'YYYY/MM/DD'],
  ])('%s is %j', (name, expected) => {
    expect(constants[name]).toEqual(expected);
  });

  it('confirmation phrases are CONFIRM and DELETE', () => {
    expect(CONFIRM_PHRASE).toBe('CONFIRM');
    expect(DELETE_PHRASE).toBe('DELETE');
  });
});
