import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useFormatDate } from '../hooks/use-format-date.ts';
import styles from './post-meta.module.css';

/** The created date of a post and where it comes from (its source, or "Internal"). */
export function PostMeta(props: { post: Post }): JSX.Element {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <p className={styles.root}>
      <time dateTime={props.post.created}>{formatDate(props.post.created)}</time>
      <span aria-hidden="true">·</span>
      <span>{props.post.source ?? t('post.internal')}</span>
    </p>
  );
}
