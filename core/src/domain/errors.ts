/**
 * The error catalogue of both spec documents. Each code has an English message (the spec's
 * text) and a translation key under the `errors` namespace of @chorus/locales, and the HTTP
 * status the server answers with.
 */
export interface ErrorDefinition {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

function def(code: number, status: number, message: string): ErrorDefinition {
  return { code, status, message };
}

export const ErrorCode = {
  MISSING_OR_INCORRECT: 201,
  UNKNOWN: 202,
  REDIRECT: 203,
  WRONG_CREDENTIALS: 302,
  USERNAME_EXISTS: 304,
  EMAIL_NOT_FOUND: 305,
  RESET_LINK_UNAVAILABLE: 306,
  INVITE_NOT_FOUND: 307,
  LOGIN_THROTTLED: 308,
  NETWORK_NOT_LINKED: 310,
  QUEUE_SETTINGS_INVALID: 417,
  NETWORK_NOT_LINKED_REDIRECT: 418,
  ALREADY_QUEUED: 419,
  TOO_MANY_REQUESTS: 425,
  MAGIC_LINK_EXPIRED: 426,
  MAGIC_LINK_ERROR: 427,
  MAGIC_LINK_USED: 428,
  INCORRECT_PASSWORD: 443,
  REPHRASE: 470,
  POST_EXPIRED: 651,
  NETWORK_DISABLED_FOR_POST: 653,
  NO_CONTENT: 654,
  EXPIRES_BEFORE_SHARE: 655,
  NOT_AVAILABLE_UNTIL_AFTER: 656,
  QUEUE_TIME_PASSED: 657,
  ALREADY_QUEUED_2: 658,
  TWITTER_TOO_LONG: 659,
  LINKEDIN_TOO_LONG: 660,
  DUPLICATE_POST: 661,
  POST_UNAVAILABLE: 662,
  VIDEO_UNAVAILABLE: 664,
  LIBRARY_SHARING_DISABLED: 667,
  VIDEO_SHARE_IN_PROGRESS: 669,
  COPY_LINK_FAILED: 720,
  COPY_LINK_INTERNAL: 721,
  COPY_LINK_NO_URL: 722,
  POST_UNAVAILABLE_2: 750,
  GDPR_NOTIFICATION_FAILED: 854,
  INVALID_DELETE_TOKEN: 855,
  DELETE_TOKEN_USER_INFO: 856,
  REWARDS_NOT_CONFIGURED: 1500,
  REWARDS_UNAVAILABLE: 1501,
  /** Our own: an authenticated session is required (the spec sends such users to sign-in). */
  NOT_SIGNED_IN: 401,
  /** Our own: the signed-in user may not do this. */
  FORBIDDEN: 403,
  /** Our own: nothing with that id in this company. */
  NOT_FOUND: 404,
  /** Our own: an admin locked this topic for the user, so it cannot be unfollowed. */
  TOPIC_LOCKED: 409,
  /** Our own: an avatar that is not a .jpg or .png image. */
  AVATAR_TYPE: 480,
  /** Our own: an avatar file over 4 MB. */
  AVATAR_TOO_LARGE: 481,
  /** Our own: an avatar outside 150x150 to 600x800 pixels. */
  AVATAR_DIMENSIONS: 482,
  /** Our own: a post's link that could not be opened (not http(s), unreachable, refused by the SSRF guard or not 2xx); nothing was saved. */
  LINK_UNREACHABLE: 484,
  /** Our own: a post image upload that is not a JPEG, PNG, WebP, GIF or AVIF image that decodes. */
  IMAGE_INVALID: 485,
  /** Our own: a post image upload over POST_IMAGE_MAX_BYTES (10 MB). */
  IMAGE_TOO_LARGE: 486,
  /** Our own: a suggestion someone has already approved or rejected; nothing was changed. */
  SUGGESTION_REVIEWED: 487,
  /** Our own: the company does not let people in this way (e-mail sign-in off, an SSO not set up); nothing was checked. */
  SIGN_IN_METHOD_OFF: 489,
  /** Our own: a self signed-up member has not yet followed the link mailed to confirm their address. */
  EMAIL_NOT_CONFIRMED: 490,
  /** Our own: self sign-up is open only to addresses in the company's sign-up domains. */
  SIGN_UP_DOMAIN_NOT_ALLOWED: 491,
  /** Our own: an e-mail confirmation or join link that is unknown, used or expired. */
  CONFIRMATION_LINK_INVALID: 492,
  /** Our own: the right password of a deactivated account; an admin of the company reactivates it. */
  ACCOUNT_DEACTIVATED: 493,
  /** Our own: the operator suspended the company (`chorus company suspend`); nobody signs in until it is resumed. */
  COMPANY_SUSPENDED: 495,
  /** Our own: accepting or rejecting admin edits failed (none pending, or the post's time has passed); nothing changed. */
  PUSHED_EDIT_FAILED: 496,
  /** Our own: the company's auto queue toggle is off. */
  AUTO_QUEUE_DISABLED: 497,
  /** Our own: the database cannot be reached (HTTP 503 with Retry-After); nothing was done. */
  DATABASE_UNAVAILABLE: 498,
  /** A sign-in link opened while someone else is signed in: asked before switching (ours). */
  SIGNED_IN_AS_SOMEONE_ELSE: 499,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorDefinition>> = {
  201: def(201, 400, 'Something may be missing or incorrect, double check the information.'),
  202: def(202, 500, 'Unknown error; try again later.'),
  203: def(203, 200, 'Redirecting to authorize the network.'),
  302: def(302, 401, 'Wrong username or password.'),
  304: def(304, 409, 'User with this username already exists.'),
  305: def(305, 404, 'Could not find a user with that email address.'),
  306: def(306, 410, 'Password reset link no longer available or does not exist.'),
  307: def(307, 404, 'Invite code does not exist.'),
  308: def(308, 429, 'Too many failed login attempts; wait and retry.'),
  310: def(310, 409, 'Social network not linked; link it in queue settings.'),
  417: def(417, 400, 'Post queue settings appear invalid.'),
  418: def(418, 409, 'Social network not linked; link it in queue settings.'),
  419: def(419, 409, 'Post already queued; edit or delete its queue.'),
  425: def(425, 429, 'Too many requests.'),
  426: def(426, 410, 'Sign-in link expired: Magic sign-in links will expire after 24 hours.'),
  427: def(427, 400, 'Sign-in link error'),
  428: def(428, 410, 'Sign-in link already used'),
  443: def(443, 403, 'Incorrect password. Please enter correct password.'),
  470: def(470, 422, 'Please rephrase to share.'),
  651: def(651, 410, 'Post expired.'),
  653: def(653, 403, 'Sharing to that network is disabled for the post.'),
  654: def(654, 422, 'Post has no content to share.'),
  655: def(655, 422, 'Post will expire before it can be shared.'),
  656: def(656, 422, 'Post will not be available until after the queue time.'),
  657: def(657, 422, 'Queue time is before now.'),
  658: def(658, 409, 'Post already queued; edit or delete its queue.'),
  659: def(659, 422, 'Too many characters for X.'),
  660: def(660, 422, 'Too many characters for LinkedIn.'),
  661: def(661, 409, 'Duplicate post error from the social network.'),
  662: def(662, 404, 'The post you have selected is no longer available.'),
  664: def(664, 422, 'Video not available or incompatible.'),
  667: def(667, 403, 'Sharing disabled for the content library.'),
  669: def(669, 202, 'Video share in progress.'),
  720: def(720, 422, 'Unable to create a Copy link URL for this post'),
  721: def(721, 422, 'Unable to create a Copy link URL for this post'),
  722: def(722, 422, 'Unable to create a Copy link URL for this post'),
  750: def(750, 404, 'The post you have selected is no longer available.'),
  854: def(854, 502, 'GDPR deletion notification failed.'),
  855: def(855, 400, 'Deletion failed due to invalid delete token.'),
  856: def(856, 400, 'Failed to get user info due to invalid delete token.'),
  1500: def(1500, 503, 'Rewards not properly configured.'),
  1501: def(1501, 503, 'Rewards provider unavailable.'),
  401: def(401, 401, 'Please sign in to continue.'),
  403: def(403, 403, 'You do not have permission to do that.'),
  404: def(404, 404, 'Not found.'),
  409: def(409, 409, 'This topic was added by your administrator and cannot be unfollowed.'),
  480: def(480, 415, 'That file type is not supported. Please use a .jpg or .png'),
  481: def(481, 413, 'That file is too large, do not use a file larger than 4 Megabytes'),
  482: def(482, 422, "That image size isn't supported. Please use an image between 150x150 and 600x800 pixels."),
  484: def(484, 422, 'That link could not be opened. Check the address and try again.'),
  485: def(485, 415, 'That file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF image.'),
  486: def(486, 413, 'That image is too large. Images may be up to 10 MB.'),
  487: def(487, 409, 'Someone has already reviewed this suggestion.'),
  489: def(489, 403, 'This company does not sign in this way. Please use one of the options on its sign-in page.'),
  490: def(490, 403, 'Please confirm your e-mail address first.'),
  491: def(491, 422, "Please sign up with your work e-mail address: this company's sign-up is open only to its own e-mail domains."),
  492: def(492, 410, 'This confirmation link is no longer valid.'),
  493: def(493, 403, 'This account is deactivated. Your data is kept: ask an administrator of your company to reactivate it, then sign in again.'),
  495: def(495, 403, 'This company is suspended. Please contact your administrator.'),
  496: def(496, 409, 'Something went wrong accepting or rejecting admin edits. Your post has not been changed.'),
  497: def(497, 403, 'Auto queue is turned off for this company.'),
  498: def(498, 503, 'The service is briefly unavailable; try again in a few seconds.'),
  499: def(499, 409, 'You are signed in as someone else. Confirm to continue as the person this link was sent to.'),
};

/** The catalogue entry for a code, falling back to 202 as the spec says. */
export function errorDefinition(code: number): ErrorDefinition {
  return (ERROR_CATALOGUE as Record<number, ErrorDefinition | undefined>)[code] ?? ERROR_CATALOGUE[202];
}

/** Translation key of a code's message in the `errors` namespace. */
export function errorMessageKey(code: number): string {
  return `code.${errorDefinition(code).code}`;
}
