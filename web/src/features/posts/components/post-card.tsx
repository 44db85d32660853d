import { useId } from 'react';
import type { JSX } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { PostMedia } from './post-media.tsx';
import { PostMeta } from './post-meta.tsx';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
  },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    flexGrow: 1,
  },
  topic: { fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  titleLink: { color: tokens.colorNeutralForeground1 },
  caption: {
    margin: 0,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'pre-line',
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 4,
  },
  meta: { marginTop: 'auto', paddingTop: tokens.spacingVerticalXS },
});

/**
 * A post in a grid: media, topic link, title (opens the post), clamped caption, date and
 * source. It is an `article` named by its title heading.
 */
export function PostCard(props: { post: Post; headingLevel: 'h2' | 'h3' }): JSX.Element {
  const styles = useStyles();
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
          <RouterLink to={`/post/${post.id}`} className={styles.titleLink}>
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
