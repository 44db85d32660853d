import type { JSX } from 'react';
import { Button } from '@fluentui/react-components';
import { Heart20Filled, Heart20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useToggleLike } from '../api/set-like.ts';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';

/** The like heart: tooltip and name 'Like Post' or 'Remove Like'; ignores clicks while a request is in flight. */
export function LikeButton(props: { post: Post }): JSX.Element {
  const { t } = useTranslation(['library']);
  const { toggle, pending } = useToggleLike(props.post);
  const liked = props.post.reactions.reaction;
  const label = liked ? t('library:card.unlike') : t('library:card.like');
  return (
    <LazyTooltip content={label} relationship="label" withArrow>
      <Button
        appearance="subtle"
        aria-busy={pending}
        icon={liked ? <Heart20Filled color="var(--colorPaletteRedForeground1)" /> : <Heart20Regular />}
        onClick={toggle}
      />
    </LazyTooltip>
  );
}
