import type { JSX } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useFormatDate } from '../hooks/use-format-date.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground3,
  },
});

/** The created date of a post and where it comes from (its source, or "Internal"). */
export function PostMeta(props: { post: Post }): JSX.Element {
  const styles = useStyles();
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <Text size={200} className={styles.root}>
      <time dateTime={props.post.created}>{formatDate(props.post.created)}</time>
      <span aria-hidden="true">·</span>
      <span>{props.post.source ?? t('post.internal')}</span>
    </Text>
  );
}
