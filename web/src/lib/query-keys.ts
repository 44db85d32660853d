/**
 * Every query key of the web app, one factory per feature (issue 53): a feature reads and
 * invalidates another's data through these, never through a literal key it would have to keep
 * in step. A prefix (`posts.feed()`) matches every key below it (`posts.feed(query)`).
 */
export const queryKeys = {
  brandedSettings: () => ['branded-settings'] as const,
  admin: {
    /** The company's compliance lists, threshold and toggle (admin console). */
    compliance: () => ['admin', 'compliance'] as const,
    /** The company's feature switches (admin console). */
    features: () => ['admin', 'features'] as const,
    /** A page of the company's audit log with its filters (admin console). */
    audit: (query: unknown) => ['admin', 'audit', query] as const,
    /** The suggestions queue: every page (`suggestions.all()`) and one state's page. */
    suggestions: {
      all: () => ['admin', 'suggestions'] as const,
      list: (query: unknown) => ['admin', 'suggestions', 'list', query] as const,
    },
    /** A link's preview as members will see it, read through the console's guarded fetch. */
    linkPreview: (url: string) => ['admin', 'link-preview', url] as const,
    posts: {
      /** Every admin post read (lists, authors, posts). */
      all: () => ['admin', 'posts'] as const,
      list: (query: unknown) => ['admin', 'posts', 'list', query] as const,
      authors: () => ['admin', 'posts', 'authors'] as const,
      detail: (id: number) => ['admin', 'posts', 'detail', id] as const,
    },
  },
  configInfo: () => ['config-info'] as const,
  user: {
    all: () => ['user'] as const,
    one: (userId: number) => ['user', userId] as const,
  },
  recoverCheck: (code: string) => ['recover-check', code] as const,
  invite: (code: string) => ['invite', code] as const,
  timezones: () => ['timezones'] as const,
  onboardingEvents: () => ['cs', 'onboarding'] as const,
  social: {
    networks: () => ['social', 'networks'] as const,
  },
  share: {
    /** Every post's share metadata, or one post's. */
    metadata: (postId?: number) => (postId === undefined ? (['share', 'metadata'] as const) : (['share', 'metadata', postId] as const)),
    snippet: (postId: number) => ['share', 'snippet', postId] as const,
    recommendations: (postId: number | undefined) => ['share', 'recommendations', postId] as const,
  },
  captions: {
    mentions: (networkId: number, query: string) => ['captions', 'mentions', networkId, query] as const,
  },
  posts: {
    /** The feed, or one of its queries. */
    feed: (query?: unknown) => (query === undefined ? (['posts', 'feed'] as const) : (['posts', 'feed', query] as const)),
    /** Post lists (topic, search, bookmarks, featured), or one of them. */
    list: (query?: unknown) => (query === undefined ? (['posts', 'list'] as const) : (['posts', 'list', query] as const)),
    detail: (postId: number) => ['posts', 'detail', postId] as const,
    lastPostId: () => ['posts', 'last-post-id'] as const,
  },
  topics: {
    /** The company's topics. */
    all: () => ['categories'] as const,
    /** The member's topics and follows, or their list. */
    followed: () => ['user-categories'] as const,
    followedList: () => ['user-categories', 'list'] as const,
  },
  timeline: {
    /** Every My Shares list and item. */
    all: () => ['timeline'] as const,
    page: (type: string, date: string | null, network: number | null) => ['timeline', type, date, network] as const,
    queuedItem: (id: number) => ['timeline', 'queued-item', id] as const,
  },
  reactions: {
    /** Everything about one post's reactions. */
    post: (postId: number) => ['reactions', postId] as const,
    likes: (postId: number) => ['reactions', postId, 'likes'] as const,
    shares: (postId: number) => ['reactions', postId, 'shares'] as const,
  },
  privacy: {
    personalData: () => ['privacy', 'personal-data'] as const,
    deletionRequest: (deleteCode: string) => ['privacy', 'deletion-request', deleteCode] as const,
  },
};
