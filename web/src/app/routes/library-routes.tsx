/**
 * The content library's screens, in one lazily loaded chunk: with one dynamic entry instead of
 * four, the bundler keeps their modules in a few chunks rather than splitting them into many
 * small ones (each costing gzip). The feed's filter and sort buttons load on their own (see
 * routes/feed.tsx).
 */
export { TopicRoute } from './topic.tsx';
export { SearchRoute } from './search.tsx';
export { BookmarksRoute } from './bookmarks.tsx';
export { FeaturedRoute } from './featured.tsx';
