import type { JSX } from 'react';
import { Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { postMediaKind } from './post-media-kind.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import styles from './post-media.module.css';

/** A post's media: native video with controls, its image, a link preview, or nothing. */
export function PostMedia(props: { post: Post; size?: 'card' | 'large' }): JSX.Element | null {
  const { t } = useTranslation();
  const media = postMediaKind(props.post);
  const frame = props.size === 'large' ? `${styles.frame} ${styles.large}` : styles.frame;

  switch (media.kind) {
    case 'video':
      return (
        <video
          className={frame}
          controls
          preload="none"
          poster={media.poster ?? undefined}
          aria-label={t('post.videoLabel', { title: props.post.title })}
        >
          {media.mp4 ? <source src={media.mp4} type="video/mp4" /> : null}
          {media.mov ? <source src={media.mov} type="video/quicktime" /> : null}
        </video>
      );
    case 'image':
      return <img className={frame} src={props.size === 'large' ? media.image.original : media.image.medium} alt={props.post.title} loading="lazy" />;
    case 'attachment': {
      const { object } = media.attachment;
      return (
        <Link className={styles.attachment} href={object.url} target="_blank" rel="noopener noreferrer">
          {object.image ? <img className={frame} src={object.image} alt="" loading="lazy" /> : null}
          <span className={styles.attachmentText}>
            <Text size={200} className={styles.domain}>
              {object.domain}
            </Text>
            {object.title ? (
              <Text size={300} weight="semibold">
                {object.title}
              </Text>
            ) : null}
            <VisuallyHidden>{t('post.opensInNewTab')}</VisuallyHidden>
          </span>
        </Link>
      );
    }
    case 'none':
      return null;
  }
}
