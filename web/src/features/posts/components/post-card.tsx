import { createContext, memo, useContext, useId } from 'react';
import type { ComponentType, JSX, MouseEvent } from 'react';
import { Link, Text } from '@fluentui/react-components';
import { useHref, useNavigate } from 'react-router';
import type { Post } from '@chorus/core';
import { RouterLink } from '../../../components/router-link.tsx';
import { AfterFirstPaint } from '../../../lib/after-first-paint.tsx';
import { PostMedia } from './post-media.tsx';
import { PostMeta } from './post-meta.tsx';
import styles from './post-card.module.css';

/** History state of a post opened from a list: closing goes back to it, arrows move within it. */
export interface OpenedFromList {
  openedFromList: true;
  /** Ids of the list's posts in their order (the spec's `feed` state). */
  feed: readonly number[];
  /** The post whose card opened the modal: closing gives that card's title the focus again. */
  opener?: number;
  /** Reached with Previous or Next inside the modal: not a new click on a post. */
  stepped?: true;
}

/** History state of a post opened from a list whose order is not known. */
export const OPENED_FROM_LIST: OpenedFromList = { openedFromList: true, feed: [] };

/** Reads the list state a post was opened with, if any. */
export function openedFromList(state: unknown): OpenedFromList | null {
  if (typeof state !== 'object' || state === null || !('openedFromList' in state)) return null;
  const feed = 'feed' in state && Array.isArray(state.feed) ? state.feed.filter((id): id is number => Number.isInteger(id)) : [];
  const opener = 'opener' in state && typeof state.opener === 'number' && Number.isInteger(state.opener) ? state.opener : undefined;
  const stepped = 'stepped' in state && state.stepped === true;
  return { openedFromList: true, feed, ...(opener === undefined ? {} : { opener }), ...(stepped ? { stepped: true as const } : {}) };
}

/**
 * The most frames a closed modal waits for its list to be back on screen (a topic page reloads
 * from cache, and its answer may be slow): about a minute at 60 frames a second. It stops as
 * soon as the person clicks, taps or types, since the focus is then theirs to place.
 */
const FOCUS_RETURN_FRAMES = 3600;

/**
 * Gives the focus back to the title link of a post's card once the card is on screen again
 * (the list may re-render, or load again, after the modal closes), looking once per frame.
 */
export function focusCard(postId: number): void {
  let frames = 0;
  let movedOn = false;
  const onInput = (): void => {
    movedOn = true;
  };
  const stop = (): void => {
    window.removeEventListener('pointerdown', onInput, true);
    window.removeEventListener('keydown', onInput, true);
  };
  window.addEventListener('pointerdown', onInput, true);
  window.addEventListener('keydown', onInput, true);
  const attempt = (): void => {
    if (movedOn) return stop();
    const link = document.querySelector<HTMLElement>(`article[data-post-id="${postId}"] h2 a, article[data-post-id="${postId}"] h3 a`);
    if (link !== null && !link.closest('[aria-hidden="true"]')) {
      link.focus();
      if (document.activeElement === link) return stop();
    }
    frames += 1;
    if (frames < FOCUS_RETURN_FRAMES) requestAnimationFrame(attempt);
    else stop();
  };
  requestAnimationFrame(attempt);
}

/**
 * The actions shown under a card (like, counts, share buttons, bookmark). They live in other
 * features and load on demand, so the app provides them here rather than the card importing them.
 */
export const PostActionsContext = createContext<ComponentType<{ post: Post }> | null>(null);

/** A card's overflow menu, where a list offers one (the feed's "Not interested"); loaded on demand. */
export const PostMenuContext = createContext<ComponentType<{ post: Post }> | null>(null);

/** Ids of the posts in the same list as a card, in their order on screen. */
function listIds(element: HTMLElement): number[] {
  const list = element.closest('ul, ol');
  if (list === null) return [];
  return [...list.querySelectorAll<HTMLElement>('article[data-post-id]')].map((card) => Number(card.dataset['postId'])).filter((id) => Number.isInteger(id));
}

function PostTitleLink(props: { post: Post }): JSX.Element {
  const to = `/post/${props.post.id}`;
  const href = useHref(to);
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const state: OpenedFromList = { openedFromList: true, feed: listIds(event.currentTarget), opener: props.post.id };
    void navigate(to, { state });
  };
  return (
    <Link href={href} onClick={handleClick} className={styles.titleLink}>
      {props.post.title}
    </Link>
  );
}

/**
 * A post in a grid: media, topic link, title (opens the post), clamped caption, date and
 * source, then its actions. It is an `article` named by its title heading.
 *
 * Memoized: a list re-renders whenever one of its queries changes state (fetching, a poll for
 * new posts), and fifty unchanged cards rendered again each time blocked a phone's main thread
 * for 150 ms (4x CPU). A card renders again when its post, its place or a context it reads changes.
 */
export const PostCard = memo(function PostCard(props: { post: Post; headingLevel: 'h2' | 'h3'; eagerMedia?: boolean }): JSX.Element {
  const titleId = useId();
  const Actions = useContext(PostActionsContext);
  const CardMenu = useContext(PostMenuContext);
  const { post } = props;
  const topic = post.mainCategory ?? post.categories[0];
  const Heading = props.headingLevel;
  return (
    <article className={props.eagerMedia === true ? styles.card : `${styles.card} ${styles.offScreen}`} aria-labelledby={titleId} data-post-id={post.id}>
      <PostMedia post={post} eager={props.eagerMedia ?? false} />
      <div className={styles.body}>
        {topic || CardMenu ? (
          <div className={styles.header}>
            {topic ? (
              <RouterLink to={`/topic/${topic.id}`} className={styles.topic}>
                {topic.name}
              </RouterLink>
            ) : null}
            {CardMenu ? (
              <div className={styles.menu}>
                {/*
                  The menu's and the actions' code load on their turn after the page's first paint;
                  until then their place says it is still being filled (aria-busy).
                */}
                <AfterFirstPaint fallback={<div className={styles.menuPlaceholder} aria-busy="true" />}>
                  <CardMenu post={post} />
                </AfterFirstPaint>
              </div>
            ) : null}
          </div>
        ) : null}
        <Heading id={titleId} className={styles.title}>
          <PostTitleLink post={post} />
        </Heading>
        {post.content_for_viewing ? (
          <Text as="p" className={styles.caption}>
            {post.content_for_viewing}
          </Text>
        ) : null}
        <div className={styles.meta}>
          <PostMeta post={post} />
        </div>
        {Actions ? (
          <div className={styles.actions}>
            <AfterFirstPaint fallback={<div className={styles.actionsPlaceholder} aria-busy="true" />}>
              <Actions post={post} />
            </AfterFirstPaint>
          </div>
        ) : null}
      </div>
    </article>
  );
});
