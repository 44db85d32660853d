import { useDeferredValue } from 'react';
import type { JSX, ReactNode } from 'react';

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
 * `eager` is how many leading cards load their media at once (see FIRST_SCREEN_CARDS); `after`
 * shows under the grid once every card is in it (an infinite scroll's sentinel must not see a
 * grid of two cards and load the next page).
 *
 * A grid's first render holds only those first-screen cards; the rest follow at once in a
 * second render that React may interrupt (a deferred value), so a phone's main thread is not
 * held while some thirty cards are built, and the first picture starts loading sooner. A
 * carousel's cards are all on screen: it renders them at once.
 */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3'; columns?: number; eager?: number; after?: ReactNode }): JSX.Element {
  const eager = props.eager ?? 0;
  const carousel = props.columns !== undefined;
  const all = useDeferredValue(true, carousel);
  const posts = all ? props.posts : props.posts.slice(0, eager);
  return (
    <>
      <ul
        className={styles.grid}
        style={props.columns === undefined ? undefined : { gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))` }}
        aria-busy={all ? undefined : true}
      >
        {posts.map((post, index) => (
          <li key={post.id} className={styles.item}>
            <PostCard post={post} headingLevel={props.headingLevel} eagerMedia={index < eager} />
          </li>
        ))}
      </ul>
      {all ? props.after : null}
    </>
  );
}
