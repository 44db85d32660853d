/**
 * The content library's screens and the feed's filter and sort buttons, in one lazily loaded
 * chunk: with one dynamic entry instead of five, the bundler keeps the feed's first-render
 * modules in a few chunks rather than splitting them into many small ones (each costing gzip).
 */
export { TopicRoute } from './topic.tsx';
export { SearchRoute } from './search.tsx';
export { BookmarksRoute } from './bookmarks.tsx';
export { FeaturedRoute } from './featured.tsx';
export { LibraryControls } from '../../features/library/components/library-controls.tsx';
