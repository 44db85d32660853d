import { useState, type JSX } from 'react';
import { Link, Text } from '@fluentui/react-components';
import { Play48Filled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { cardPictureOf, postMediaKind } from './post-media-kind.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import styles from './post-media.module.css';

/** How an image of the media loads: at once and first, or once it nears the screen. */
type MediaLoading = { loading: 'eager'; fetchPriority: 'high' } | { loading: 'lazy' };

/**
 * A post's media: native video with controls, its image, a link preview, or nothing. `eager`
 * media (a page's first cards, the open post) loads at once and first; the rest waits until it
 * nears the screen.
 */
export function PostMedia(props: { post: Post; size?: 'card' | 'large'; eager?: boolean }): JSX.Element | null {
  const { t } = useTranslation();
  const loading: MediaLoading = props.eager ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy' };
  const media = postMediaKind(props.post);
  // The picture a card shows (first-screen.ts preloads the first card's): an image's medium
  // size, a video's poster, a link preview's image. The open post shows an image at full size.
  const picture = cardPictureOf(media);
  const frame = props.size === 'large' ? `${styles.frame} ${styles.large}` : styles.frame;

  switch (media.kind) {
    case 'unplayable-video':
      // A video whose file was never made (its rendering failed) has nothing to play: show the
      // poster, if any, with a clear notice instead of a player that stays blank.
      return (
        <div className={`${frame} ${styles.unplayable}`} role="img" aria-label={t('post.videoUnavailableLabel', { title: props.post.title })}>
          {picture ? <img className={styles.poster} src={picture} alt="" {...loading} /> : null}
          <span className={styles.unplayableNotice}>
            <Text size={200}>{t('post.videoUnavailable')}</Text>
          </span>
        </div>
      );
    case 'video':
      return <PostVideo frame={frame} title={props.post.title} mp4={media.mp4} mov={media.mov} poster={picture} loading={loading} />;
    case 'image':
      return <img className={frame} src={props.size === 'large' ? media.image.original : (picture ?? undefined)} alt={props.post.title} {...loading} />;
    case 'attachment': {
      const { object } = media.attachment;
      return (
        <Link className={styles.attachment} href={object.url} target="_blank" rel="noopener noreferrer">
          {picture ? <img className={frame} src={picture} alt="" {...loading} /> : null}
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

/**
 * A native video that is a poster and a play button until asked for: a feed of fifty cards
 * would otherwise build fifty media players (each with its own controls and layout) during
 * its first render on a phone.
 */
function PostVideo(props: {
  frame: string | undefined;
  title: string;
  mp4: string | null;
  mov: string | null;
  poster: string | null;
  loading: MediaLoading;
}): JSX.Element {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (!playing) {
    return (
      <button type="button" className={`${props.frame ?? ''} ${styles.videoFacade ?? ''}`} onClick={() => setPlaying(true)} aria-label={t('post.playVideo', { title: props.title })}>
        {props.poster ? <img className={styles.poster} src={props.poster} alt="" {...props.loading} /> : null}
        <Play48Filled className={styles.play} aria-hidden="true" />
      </button>
    );
  }
  return (
    // Started by the reader's own click: it plays at once, with the native controls.
    <video className={props.frame} controls autoPlay preload="auto" poster={props.poster ?? undefined} aria-label={t('post.videoLabel', { title: props.title })}>
      {props.mp4 ? <source src={props.mp4} type="video/mp4" /> : null}
      {props.mov ? <source src={props.mov} type="video/quicktime" /> : null}
    </video>
  );
}
