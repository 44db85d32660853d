/**
 * The content library's screens that list posts by topic (a topic, Explore, bookmarks, featured),
 * in one lazily loaded chunk: with one dynamic entry instead of three, the bundler keeps their
 * modules in a few chunks rather than splitting them into many small ones (each costing gzip).
 * The feed's filter and sort buttons are in the entry (see routes/feed.tsx). The search screen
 * loads on its own (router.tsx): its search box brings Fluent's Field, Input and SearchBox, and
 * in this chunk they were 6 of its 13 files and 10 of its 16 KB gzip, fetched on every topic
 * page's first load, where nothing uses them.
 */
export { TopicRoute } from './topic.tsx';
export { BookmarksRoute } from './bookmarks.tsx';
export { FeaturedRoute } from './featured.tsx';
