import { useId } from 'react';
import type { JSX } from 'react';
import { Text } from '@fluentui/react-components';
import type { Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { PostMedia } from './post-media.tsx';
import { PostMeta } from './post-meta.tsx';
import styles from './post-card.module.css';

/** History state of a post opened from a list: closing it can go back to that list. */
export const OPENED_FROM_LIST = { openedFromList: true } as const;

/**
 * A post in a grid: media, topic link, title (opens the post), clamped caption, date and
 * source. It is an `article` named by its title heading.
 */
export function PostCard(props: { post: Post; headingLevel: 'h2' | 'h3' }): JSX.Element {
  const titleId = useId();
  const { post } = props;
  const topic = post.mainCategory ?? post.categories[0];
  const Heading = props.headingLevel;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <PostMedia post={post} />
      <div className={styles.body}>
        {topic ? (
          <RouterLink to={`/topic/${topic.id}`} className={styles.topic}>
            {topic.name}
          </RouterLink>
        ) : null}
        <Heading id={titleId} className={styles.title}>
          <RouterLink to={`/post/${post.id}`} state={OPENED_FROM_LIST} className={styles.titleLink}>
            {post.title}
          </RouterLink>
        </Heading>
        {post.content_for_viewing ? (
          <Text as="p" className={styles.caption}>
            {post.content_for_viewing}
          </Text>
        ) : null}
        <div className={styles.meta}>
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
