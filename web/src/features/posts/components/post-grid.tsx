import type { JSX } from 'react';

import type { Post } from '@chorus/core';
import { PostCard } from './post-card.tsx';
import styles from './post-grid.module.css';

/**
 * How many cards a page's first grid shows on its first screen (a phone's one and a half cards, a
 * desktop's first row). Their media loads at once, at high priority, instead of waiting for the
 * layout a lazy image needs: the first card's picture is the page's largest paint.
 */
export const FIRST_SCREEN_CARDS = 2;

/**
 * Post cards in a responsive grid, as a list; `columns` fixes the column count (carousels);
 * `eager` is how many leading cards load their media at once (see FIRST_SCREEN_CARDS).
 */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3'; columns?: number; eager?: number }): JSX.Element {
  const eager = props.eager ?? 0;
  return (
    <ul className={styles.grid} style={props.columns === undefined ? undefined : { gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))` }}>
      {props.posts.map((post, index) => (
        <li key={post.id} className={styles.item}>
          <PostCard post={post} headingLevel={props.headingLevel} eagerMedia={index < eager} />
        </li>
      ))}
    </ul>
  );
}
