import type { JSX } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Post } from '@chorus/core';
import { PostCard } from './post-card.tsx';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: { display: 'flex', flexDirection: 'column' },
});

/** Post cards in a responsive grid, as a list. */
export function PostGrid(props: { posts: readonly Post[]; headingLevel: 'h2' | 'h3' }): JSX.Element {
  const styles = useStyles();
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
