import type { JSX } from 'react';
import { Button, MenuItem, MenuList } from '@fluentui/react-components';
import { EyeOff20Regular, MoreHorizontal20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Post } from '@chorus/core';
import { useDismissPost } from '../api/dismiss-post.ts';
import { focusCard } from './post-card.tsx';
import { LazyTooltip } from '../../../components/lazy-tooltip.tsx';
import { MenuOnFirstUse } from '../../../components/menu-on-first-use.tsx';

/** The card beside this one in its list (next, else previous), which takes the focus when it leaves. */
function neighbourId(postId: number): number | null {
  const item = document.querySelector(`article[data-post-id="${postId}"]`)?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const id = Number(neighbour?.querySelector<HTMLElement>('article[data-post-id]')?.dataset['postId']);
  return Number.isInteger(id) ? id : null;
}

/**
 * A feed card's overflow menu: "Not interested" takes the post off the viewer's feed (with an
 * undo in the toast) and gives the focus to the card beside it.
 */
export function PostDismissMenu(props: { post: Post }): JSX.Element {
  const { t } = useTranslation(['library']);
  const dismiss = useDismissPost();
  const label = t('library:card.more', { title: props.post.title });
  const handleDismiss = (): void => {
    const next = neighbourId(props.post.id);
    dismiss(props.post);
    if (next !== null) focusCard(next);
  };
  return (
    <MenuOnFirstUse
      positioning="below-end"
      trigger={
        <LazyTooltip content={label} relationship="label">
          <Button appearance="subtle" size="small" icon={<MoreHorizontal20Regular />} />
        </LazyTooltip>
      }
    >
      <MenuList>
        <MenuItem icon={<EyeOff20Regular />} onClick={handleDismiss}>
          {t('library:card.dismiss')}
        </MenuItem>
      </MenuList>
    </MenuOnFirstUse>
  );
}
