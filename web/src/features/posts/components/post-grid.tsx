import type { JSX } from 'react';

import type { Post } from '@chorus/core';
import { AfterFirstPaint } from '../../../lib/after-first-paint.tsx';
import { PostCard } from './post-card.tsx';
import styles from './post-grid.module.css';

/** How many cards a list renders with its page: a desktop's first row (four columns at 1280 px). */
export const FIRST_ROW_CARDS = 4;

/**
 * Post cards in a responsive grid, as a list; `columns` fixes the column count (carousels);
 * `eager` is how many leading cards load their media at once (see FIRST_SCREEN_CARDS in
 * ../first-screen.ts);
 * `immediate` how many leading cards render with the page (default: all). The others come on
 * their turns after the page's first paint (lib/after-first-paint.tsx), two per frame: rendered
 * with the first screen, the feed's 25 cards made one task of 160 ms on this machine (commit,
 * then layout), some 600 ms of a phone's main thread (4x CPU) before a tap could be answered.
 * Cards mounted later (the next page of a list, another page) render at once.
 */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3'; columns?: number; eager?: number; immediate?: number }): JSX.Element {
  const eager = props.eager ?? 0;
  const immediate = Math.max(eager, props.immediate ?? props.posts.length);
  return (
    <ul className={styles.grid} style={props.columns === undefined ? undefined : { gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))` }}>
      {props.posts.map((post, index) => (
        <li key={post.id} className={styles.item}>
          {index < immediate ? (
            <PostCard post={post} headingLevel={props.headingLevel} eagerMedia={index < eager} />
          ) : (
            <AfterFirstPaint fallback={<div className={styles.placeholder} aria-busy="true" />}>
              <PostCard post={post} headingLevel={props.headingLevel} />
            </AfterFirstPaint>
          )}
        </li>
      ))}
    </ul>
  );
}
