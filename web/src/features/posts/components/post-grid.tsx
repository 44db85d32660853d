import type { JSX } from 'react';

import type { Post } from '@chorus/core';
import { PostCard } from './post-card.tsx';
import styles from './post-grid.module.css';

/** Post cards in a responsive grid, as a list. */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3' }): JSX.Element {
  return (
    <ul className={styles.grid}>
      {props.posts.map((post) => (
        <li key={post.id} className={styles.item}>
          <PostCard post={post} headingLevel={props.headingLevel} />
        </li>
      ))}
    </ul>
  );
}
