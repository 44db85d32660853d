import type { JSX } from 'react';

import type { Post } from '@chorus/core';
import { PostCard } from './post-card.tsx';
import styles from './post-grid.module.css';

/** Post cards in a responsive grid, as a list; `columns` fixes the column count (carousels). */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3'; columns?: number }): JSX.Element {
  return (
    <ul className={styles.grid} style={props.columns === undefined ? undefined : { gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))` }}>
      {props.posts.map((post) => (
        <li key={post.id} className={styles.item}>
          <PostCard post={post} headingLevel={props.headingLevel} />
        </li>
      ))}
    </ul>
  );
}
